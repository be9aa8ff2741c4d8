// Entry point of the conformance fixture as a process, for trying the suite by hand:
//   tsx packages/conformance/src/fixture-main.ts --port 3000
//   npx @modelcontextprotocol/conformance@0.1.13 server --url http://127.0.0.1:3000/mcp
// Server side, test fixture.

import { runServerMain } from '@kitchen/server-kit';
import { buildFixtureServer, FIXTURE_SERVER_NAME } from './build-fixture-server.js';

await runServerMain({ name: FIXTURE_SERVER_NAME, buildServer: () => buildFixtureServer() });
