// The kitchen's example servers, served by the server kit in both eras, seen through the host's
// own Toolbox over real HTTP on loopback: the toolbox picks 2026-07-28 by itself where the server
// offers it, and a server pinned to 2025-11-25 gives the same answers. Host side; the servers are
// stood up in-process for the test only.

import { buildServer as buildDiceServer } from '@kitchen/server-dice';
import { serveMcp } from '@kitchen/server-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingContext } from '../src/testing/recording-context.js';
import { type ProtocolEra, Toolbox } from '../src/toolbox.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serveExample(name: string, buildServer: () => ReturnType<typeof buildDiceServer>) {
  const served = await serveMcp({ name, buildServer, log: { level: 'silent' } });
  cleanups.push(() => served.close());
  return served;
}

async function connect(servers: Array<{ name: string; url: string; protocol?: ProtocolEra }>) {
  const eras: Record<string, ProtocolEra> = {};
  const toolbox = await Toolbox.connect(servers, { onConnected: (server, era) => (eras[server] = era) });
  cleanups.push(() => toolbox.close());
  return { toolbox, eras };
}

describe('the example servers through the toolbox, both eras', () => {
  it('rolls the dice on 2026-07-28, which the toolbox picks by itself, and the same roll on 2025-11-25', async () => {
    const dice = await serveExample('dice', () => buildDiceServer());
    const { toolbox, eras } = await connect([
      { name: 'dice', url: dice.url },
      { name: 'old-dice', url: dice.url, protocol: '2025-11-25' },
    ]);
    expect(eras).toEqual({ dice: '2026-07-28', 'old-dice': '2025-11-25' });
    expect(dice.sessionCount()).toBe(1);

    const modern = await toolbox.call(
      'dice__roll_dice',
      { count: 3, sides: 8, seed: 5 },
      createRecordingContext().context,
    );
    const legacy = await toolbox.call(
      'old-dice__roll_dice',
      { count: 3, sides: 8, seed: 5 },
      createRecordingContext().context,
    );
    expect(modern.isError).toBe(false);
    expect(JSON.parse(String(modern.content))).toMatchObject({ count: 3, sides: 8, seed: 5, rolls: expect.any(Array) });
    expect(modern.content).toEqual(legacy.content);
  });
});
