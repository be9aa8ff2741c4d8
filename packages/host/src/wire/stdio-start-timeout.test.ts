// startTimeoutMs (the app's --start-timeout) governs how long a spawned server may take to start
// and answer: a server that never answers is given up on after it, not after a fixed 60 s.

import { afterEach, describe, expect, it } from 'vitest';
import { Toolbox } from '../toolbox.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a stdio server slower than its start timeout', () => {
  it('is unavailable once startTimeoutMs has passed', async () => {
    const silent = { name: 'silent', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] };
    // The test's own timeout (30 s) is below the 60 s default: it passes only if the setting is used.
    const toolbox = await Toolbox.connect([silent], { startTimeoutMs: 1_500, connectTimeoutMs: 1_000 });
    cleanups.push(() => toolbox.close());
    expect(toolbox.unavailable.map((server) => server.server)).toEqual(['silent']);
  });
});
