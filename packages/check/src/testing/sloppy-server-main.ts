// The sloppy fixture server as a process, for end-to-end tests of `kitchen check`: prints its
// listening line like every kitchen server. Server side, test fixture.
//
//   tsx src/testing/sloppy-server-main.ts [--port 0]

import { runServerMain } from '@kitchen/server-kit';
import { buildSloppyServer, SLOPPY_SERVER_NAME } from './sloppy-server.js';

await runServerMain({ name: SLOPPY_SERVER_NAME, buildServer: () => buildSloppyServer() });
