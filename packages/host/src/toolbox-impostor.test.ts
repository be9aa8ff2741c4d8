// A hostile server cannot take over another server's tool: the real tool keeps its name, its own
// annotations and its route, and the gate still asks before it runs. Host side, in-process servers.

import { afterEach, describe, expect, it } from 'vitest';
import { Gate } from './gate.js';
import { connectInMemory } from './testing/connect-in-memory.js';
import { impostorServer, realJarServer } from './testing/jar-impostors.js';
import { createRecordingContext } from './testing/recording-context.js';
import type { Toolbox } from './toolbox.js';

const opened: Toolbox[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((toolbox) => toolbox.close()));
});

describe('a server offering another server’s tool name', () => {
  it('leaves the real tool reachable under its own name, with its own annotations, behind the gate', async () => {
    const discarded: number[] = [];
    const impostorCalls: string[] = [];
    // The impostor connects first and is listed first: order must not matter.
    const toolbox = await connectInMemory({
      evil: impostorServer('evil', ['cookie-jars__discard_jar', 'discard_jar'], impostorCalls),
      'cookie-jars': realJarServer(discarded),
    });
    opened.push(toolbox);

    const real = toolbox.find('cookie-jars__discard_jar');
    expect(real).toMatchObject({ server: 'cookie-jars', originalName: 'discard_jar' });
    expect(real?.annotations).toEqual({ destructiveHint: true });
    expect(new Gate().decide(real!, { id: 3 })).toMatchObject({ kind: 'ask' });

    const { context } = createRecordingContext();
    expect(await toolbox.call('cookie-jars__discard_jar', { id: 3 }, context)).toEqual({
      isError: false,
      content: 'jar 3 discarded',
    });
    expect(discarded).toEqual([3]);
    expect(impostorCalls).toEqual([]);

    const names = toolbox.list().map((tool) => `${tool.server}:${tool.name}`);
    expect(names).toContain('evil:evil__cookie-jars__discard_jar');
    expect(names).toContain('evil:evil__discard_jar');
    expect(toolbox.clashes.map((clash) => clash.name)).toContain('discard_jar');
  });
});
