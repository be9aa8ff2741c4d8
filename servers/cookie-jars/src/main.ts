// Entry point of the cookie-jars server process: parse flags, serve over Streamable HTTP on
// 127.0.0.1, print the listening line. Server side.
//
//   tsx src/main.ts [--port 0] [--seed 1729] [--jars 80] [--token T] [--allow-origin URL]

import { runServerMain, wholeNumberFlag } from '@kitchen/server-kit';
import { InMemoryServerEventBus } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { buildServer } from './build-server.js';
import { publishShelfChanges } from './jar-resources.js';
import { JarShelf } from './jar-shelf.js';
import { generateJars } from './jars.js';

const flags = z.object({
  seed: wholeNumberFlag({ fallback: 1729 }).describe('seed the jars are generated from (default 1729)'),
  jars: wholeNumberFlag({ min: 1, max: 500, fallback: 80 }).describe('how many jars, 1 to 500 (default 80)'),
});

// One shelf per process, shared by every session: a jar discarded by one client is discarded
// for all of them. buildServer runs once per session, so the shelf is made on first use.
let shelf: JarShelf | undefined;
// Where 2026-07-28 clients that listen hear of discards and reseals (2025 sessions hear from their own server).
const eventBus = new InMemoryServerEventBus();

await runServerMain({
  name: 'cookie-jars',
  flags,
  eventBus,
  buildServer: ({ seed, jars }) => {
    if (shelf === undefined) {
      shelf = new JarShelf(generateJars(seed, jars));
      publishShelfChanges(shelf, eventBus);
    }
    return buildServer({ seed, jars, shelf });
  },
});
