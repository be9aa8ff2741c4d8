// The echo server alone, in a process of its own, for counting a client's instructions without
// the server's (see count-client.ts). Server side. Prints its URL and serves until killed.
//
//   tsx src/echo-server-main.ts

import http from 'node:http';
import { serveEcho } from './echo-server.js';

// A client under valgrind runs some 50 times slower: an idle keep-alive socket must not be closed
// under it between two calls.
const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (this: http.Server, ...args: unknown[]) {
  this.keepAliveTimeout = 600_000;
  return (listen as (...rest: unknown[]) => http.Server).apply(this, args);
} as typeof listen;

const echo = await serveEcho();
process.stdout.write(`${echo.url}\n`);
