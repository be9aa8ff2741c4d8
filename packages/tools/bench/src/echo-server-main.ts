// The echo server alone, in a process of its own, for counting a client's instructions without
// the server's (see count-client.ts). Server side. Prints its URL and serves until killed.
//
//   tsx src/echo-server-main.ts

import { serveEcho } from './echo-server.js';

// The echo server keeps idle sockets open long enough for a client running under valgrind.
const echo = await serveEcho();
process.stdout.write(`${echo.url}\n`);
