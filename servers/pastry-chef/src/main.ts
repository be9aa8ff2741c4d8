// The pastry chef's process: serves buildServer() over Streamable HTTP on loopback (via
// @kitchen/server-kit) and prints its listening line. Server side; nothing else lives here.

import { runServerMain, wholeNumberFlag } from '@kitchen/server-kit';
import { z } from 'zod';
import { buildServer } from './build-server.js';
import { loadPastrySkills } from './pastry-skills.js';

const skills = await loadPastrySkills();

await runServerMain({
  name: 'pastry-chef',
  flags: z.object({
    bakeMsPerMinute: wholeNumberFlag({
      min: 0,
      max: 60_000,
      fallback: 40,
      hint: '(real milliseconds per baking minute; 40 makes a 25-minute bake last 1 s)',
    }).describe('real milliseconds per baking minute (default 40)'),
    bakeSteps: wholeNumberFlag({ min: 1, max: 100, fallback: 8 }).describe('progress steps per bake (default 8)'),
  }),
  buildServer: ({ bakeMsPerMinute, bakeSteps }) =>
    buildServer({ bakeMillisecondsPerMinute: bakeMsPerMinute, bakeSteps, skills }),
});
