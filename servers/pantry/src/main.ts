// Entry point of the pantry server process: parse flags, serve over Streamable HTTP on
// 127.0.0.1, print the listening line. Server side.
//
//   tsx src/main.ts [--port 0] [--token T] [--allow-origin URL]

import { runServerMain } from '@kitchen/server-kit';
import { InMemoryServerEventBus } from '@modelcontextprotocol/server';
import { buildServer, publishToolListChanges } from './build-server.js';
import { Pantry } from './pantry.js';

// One pantry per process, shared by every session: stock and order numbers are the supplier's,
// not one client's. buildServer runs once per 2025 session and once per 2026 request.
const pantry = new Pantry();
// Where 2026-07-28 clients that listen hear that cancel_order came or went (2025 sessions hear it
// from their own server).
const eventBus = new InMemoryServerEventBus();
publishToolListChanges(pantry, eventBus);

// A 2026 request gets a server of its own that lives for that request only; the era says so.
await runServerMain({
  name: 'pantry',
  eventBus,
  buildServer: (_settings, { era }) => buildServer({ pantry, era }),
});
