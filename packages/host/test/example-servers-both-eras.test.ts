// The kitchen's example servers, served by the server kit in both eras, seen through the host's
// own Toolbox over real HTTP on loopback: the toolbox picks 2026-07-28 by itself where the server
// offers it, and a server pinned to 2025-11-25 gives the same answers. Host side; the servers are
// stood up in-process for the test only.

import { buildServer as buildCookieJars, generateJars, JarShelf } from '@kitchen/server-cookie-jars';
import { buildServer as buildDiceServer } from '@kitchen/server-dice';
import { type ServableServer, serveMcp } from '@kitchen/server-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingContext } from '../src/testing/recording-context.js';
import { type ProtocolEra, Toolbox } from '../src/toolbox.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serveExample(name: string, buildServer: () => ServableServer) {
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

// Real servers over HTTP, each SDK loaded on first use: on a loaded machine that takes seconds.
describe('the example servers through the toolbox, both eras', { timeout: 30_000 }, () => {
  it('rolls the dice on 2026-07-28, which the toolbox picks by itself, and the same roll on 2025-11-25', async () => {
    const dice = await serveExample('dice', () => buildDiceServer());
    const { toolbox, eras } = await connect([
      { name: 'dice', url: dice.url },
      { name: 'old-dice', url: dice.url, protocol: '2025-11-25' },
    ]);
    expect(eras).toEqual({ dice: '2026-07-28', 'old-dice': '2025-11-25' });
    expect(dice.sessionCount()).toBe(1);

    const answer2026 = await toolbox.call(
      'dice__roll_dice',
      { count: 3, sides: 8, seed: 5 },
      createRecordingContext().context,
    );
    const answer2025 = await toolbox.call(
      'old-dice__roll_dice',
      { count: 3, sides: 8, seed: 5 },
      createRecordingContext().context,
    );
    expect(answer2026.isError).toBe(false);
    expect(JSON.parse(String(answer2026.content))).toMatchObject({
      count: 3,
      sides: 8,
      seed: 5,
      rolls: expect.any(Array),
    });
    expect(answer2026.content).toEqual(answer2025.content);
  });

  it('inspects and discards a cookie jar on 2026-07-28, reads it as a resource, and a 2025-11-25 connection sees the discard', async () => {
    const shelf = new JarShelf(generateJars(1729, 80));
    const jars = await serveExample('cookie-jars', () => buildCookieJars({ seed: 1729, jars: 80, shelf }));
    const { toolbox, eras } = await connect([
      { name: 'jars', url: jars.url },
      { name: 'old-jars', url: jars.url, protocol: '2025-11-25' },
    ]);
    expect(eras).toEqual({ jars: '2026-07-28', 'old-jars': '2025-11-25' });

    const inspected = await toolbox.call('jars__inspect_jar', { id: 4 }, createRecordingContext().context);
    expect(inspected.isError).toBe(false);
    expect(JSON.parse(String(inspected.content))).toMatchObject({
      id: 4,
      label: shelf.view(4)?.label,
      discarded: false,
    });
    const discarded = await toolbox.call('jars__discard_jar', { id: 4 }, createRecordingContext().context);
    expect(JSON.parse(String(discarded.content))).toEqual({ id: 4, discarded: true, alreadyDiscarded: false });

    const [contents] = (await toolbox.server('jars')?.readResource('jar://4')) ?? [];
    expect(JSON.parse(String((contents as { text?: string } | undefined)?.text))).toMatchObject({
      id: 4,
      discarded: true,
    });
    const seen = await toolbox.call('old-jars__inspect_jar', { id: 4 }, createRecordingContext().context);
    expect(JSON.parse(String(seen.content))).toMatchObject({ id: 4, discarded: true });
  });
});
