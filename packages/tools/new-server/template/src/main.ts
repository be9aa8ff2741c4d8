// Entry point of the __NAME__ server process: parse flags, serve over Streamable HTTP on
// 127.0.0.1, print the listening line. Server side.
//
//   node --import tsx src/main.ts [--port 0] [--token T] [--allow-origin URL]

import { runServerMain } from '@kitchen/server-kit';
import { buildServer } from './build-server.js';

await runServerMain({ name: '__NAME__', buildServer: () => buildServer() });
