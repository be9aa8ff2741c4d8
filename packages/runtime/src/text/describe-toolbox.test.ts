import { Toolbox } from '@kitchen/host';
import { startRevision2026Server } from '@kitchen/host/testing/revision-2026';
import { buildServer as buildDiceServer } from '@kitchen/server-dice';
import { serveMcp } from '@kitchen/server-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { describeToolbox } from './describe-toolbox.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('describeToolbox', () => {
  it('marks a server that speaks revision 2026-07-28 and leaves the 2025 ones as they were', async () => {
    const bakery = await startRevision2026Server();
    cleanups.push(() => bakery.close());
    // The dice speak both eras; served in 2025 only here, they stand for a server of the old one.
    const dice = await serveMcp({ name: 'dice', buildServer: () => buildDiceServer(), eras: ['2025-11-25'] });
    cleanups.push(() => dice.close());
    const toolbox = await Toolbox.connect([
      { name: 'dice', url: dice.url },
      { name: 'bakery', url: bakery.url },
    ]);
    cleanups.push(() => toolbox.close());

    expect(describeToolbox(toolbox, ['dice', 'bakery'])).toBe(
      '🧰 4 tools: 2 from dice, 2 from bakery · 2026-07-28, 0 local',
    );
  });

  it('names the servers the config disabled, as not started', async () => {
    const dice = await serveMcp({ name: 'dice', buildServer: () => buildDiceServer(), eras: ['2025-11-25'] });
    cleanups.push(() => dice.close());
    const toolbox = await Toolbox.connect([{ name: 'dice', url: dice.url }]);
    cleanups.push(() => toolbox.close());
    expect(describeToolbox(toolbox, ['dice'], ['github', 'slack'])).toBe(
      '🧰 2 tools: 2 from dice, 0 local · not started (disabled in the config): github, slack',
    );
  });

  it('says which roots went where when a server got its own', async () => {
    const dice = await serveMcp({ name: 'dice', buildServer: () => buildDiceServer(), eras: ['2025-11-25'] });
    cleanups.push(() => dice.close());
    const toolbox = await Toolbox.connect(
      [
        { name: 'dice', url: dice.url },
        { name: 'files', command: process.execPath, args: ['-e', 'process.exit(1)', '/srv/notes'] },
        { name: 'notes', url: dice.url, roots: [{ uri: 'file:///srv/notes', name: 'notes' }] },
      ],
      { roots: [{ uri: 'file:///work', name: 'work' }] },
    );
    cleanups.push(() => toolbox.close());
    // Two servers behind one URL clash on roll_dice; the first line is the one about roots.
    expect(describeToolbox(toolbox, ['dice', 'files', 'notes']).split('\n')[0]).toMatch(
      / · roots: notes \(notes\), work \(the others\)$/,
    );
  });
});
