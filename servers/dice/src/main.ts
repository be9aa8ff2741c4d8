// Entry point of the dice server process: parse flags, serve over Streamable HTTP on
// 127.0.0.1, print the listening line. Server side.
//
//   tsx src/main.ts [--port 0] [--token T] [--allow-origin URL]

import { runServerMain } from '@kitchen/server-kit';
import { buildServer } from './build-server.js';

await runServerMain({ name: 'dice', buildServer: () => buildServer() });
