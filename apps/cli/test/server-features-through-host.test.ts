// Each MCP feature the example servers show, seen through the kitchen host's own client (the
// Toolbox and its ServerFeatures) rather than a bare SDK client. Host side; the real servers'
// buildServer() run in process over linked in-memory pairs.

import type { LoopEventDraft } from '@kitchen/host';
import { MAIN_AGENT, type Toolbox } from '@kitchen/host';
import { connectInMemory, createRecordingContext } from '@kitchen/host/testing';
import { buildServer as buildCookieJars } from '@kitchen/server-cookie-jars';
import { buildServer as buildDice } from '@kitchen/server-dice';
import { buildServer as buildPantry } from '@kitchen/server-pantry';
import { buildServer as buildPastryChef } from '@kitchen/server-pastry-chef';
import { afterEach, describe, expect, it } from 'vitest';

const SEED = 1729;
const JARS = 80;

let toolbox: Toolbox | undefined;
afterEach(async () => {
  await toolbox?.close();
  toolbox = undefined;
});

/** A toolbox over the four example servers that records every event outside a tool call. */
async function connectKitchen(options: { logLevel?: 'debug' | 'info' } = {}) {
  const events: LoopEventDraft[] = [];
  const listeners: Array<() => void> = [];
  const changedServers: string[] = [];
  toolbox = await connectInMemory(
    {
      'cookie-jars': buildCookieJars({ seed: SEED, jars: JARS }),
      dice: buildDice({ pickSeed: () => 7 }),
      pantry: buildPantry(),
      'pastry-chef': buildPastryChef({ waitForOven: async () => undefined }),
    },
    {
      ...options,
      emit: (event) => {
        events.push(event);
        for (const listener of listeners) listener();
      },
      onToolsChanged: (server) => {
        changedServers.push(server);
        for (const listener of listeners) listener();
      },
    },
  );
  /** Resolves once the condition holds; re-checked on every event and tool-list change. */
  const until = (condition: () => boolean): Promise<void> =>
    new Promise((resolve) => {
      if (condition()) return resolve();
      listeners.push(() => {
        if (condition()) resolve();
      });
    });
  return { toolbox, events, changedServers, until };
}

function features(box: Toolbox, server: string) {
  const found = box.server(server);
  if (found === undefined) throw new Error(`${server} is not connected`);
  return found;
}

describe('the example servers through the kitchen host', () => {
  it('lists the cookie jars as resources, reads jar://3 and offers the jar and shelf templates', async () => {
    const { toolbox } = await connectKitchen();
    const jars = features(toolbox, 'cookie-jars');
    expect(jars.capabilities).toMatchObject({ resources: true, subscribe: true, prompts: true, completions: true });
    const uris = (await jars.listResources()).map((resource) => resource.uri);
    expect(uris).toContain('jar://3');
    expect(uris.filter((uri) => uri.startsWith('jar://'))).toHaveLength(JARS);
    const [content] = await jars.readResource('jar://3');
    expect(content).toMatchObject({ uri: 'jar://3', mimeType: 'application/json' });
    expect(JSON.parse(content && 'text' in content ? content.text : '{}')).toMatchObject({ id: 3 });
    expect((await jars.listResourceTemplates()).map((template) => template.uriTemplate)).toEqual([
      'jar://{id}',
      'shelf://{shelf}',
    ]);
  });

  it('completes the shelf argument of the shelf template and of the audit_shelf prompt', async () => {
    const { toolbox } = await connectKitchen();
    const jars = features(toolbox, 'cookie-jars');
    const fromTemplate = await jars.complete(
      { type: 'ref/resource', uri: 'shelf://{shelf}' },
      { name: 'shelf', value: '' },
    );
    expect(fromTemplate.values.length).toBeGreaterThan(0);
    expect(fromTemplate.values.every((shelf) => /^[A-Z]$/.test(shelf))).toBe(true);
    const fromPrompt = await jars.complete({ type: 'ref/prompt', name: 'audit_shelf' }, { name: 'shelf', value: 'b' });
    expect(fromPrompt.values).toEqual(['B']);
  });

  it('tells the host that jar://3 changed after discard_jar, once it subscribed', async () => {
    const { toolbox, events, until } = await connectKitchen();
    await features(toolbox, 'cookie-jars').subscribe('jar://3');
    expect(events.filter((event) => event.type === 'resource-updated')).toEqual([]);
    const discarded = await toolbox.call('discard_jar', { id: 3 }, createRecordingContext().context);
    expect(discarded.isError).toBe(false);
    await until(() => events.some((event) => event.type === 'resource-updated'));
    expect(events.filter((event) => event.type === 'resource-updated')).toEqual([
      { type: 'resource-updated', agent: MAIN_AGENT.id, server: 'cookie-jars', uri: 'jar://3' },
    ]);
  });

  it('gets the audit_shelf prompt with its arguments, the shelf embedded as a resource', async () => {
    const { toolbox } = await connectKitchen();
    const jars = features(toolbox, 'cookie-jars');
    expect((await jars.listPrompts()).map((prompt) => prompt.name)).toContain('audit_shelf');
    const prompt = await jars.getPrompt('audit_shelf', { shelf: 'B' });
    const kinds = prompt.messages.map((message) => message.content.type);
    expect(kinds).toContain('text');
    expect(kinds).toContain('resource');
    expect(JSON.stringify(prompt.messages)).toContain('shelf://B');
  });

  it('receives the server log messages as server-log events at their level', async () => {
    const { toolbox, events, until } = await connectKitchen({ logLevel: 'debug' });
    const { context } = createRecordingContext();
    await toolbox.call('discard_jar', { id: 5 }, context);
    await toolbox.call('discard_jar', { id: 5 }, context);
    const logs = () => events.filter((event) => event.type === 'server-log' && event.server === 'cookie-jars');
    await until(() => logs().length >= 2);
    expect(logs().map((event) => (event.type === 'server-log' ? [event.level, event.text] : []))).toEqual([
      ['info', expect.stringMatching(/^Jar 5 \(.+\) discarded\.$/)],
      ['debug', 'Jar 5 was already discarded; nothing changed.'],
    ]);
  });

  it("hears pantry's tools/list_changed: cancel_order appears in the toolbox after an order", async () => {
    const { toolbox, changedServers, until } = await connectKitchen();
    expect(toolbox.find('cancel_order')).toBeUndefined();
    const order = await toolbox.call('place_order', { item: 'flour', quantity: 1 }, createRecordingContext().context);
    expect(order.isError, order.content).toBe(false);
    await until(() => toolbox.find('cancel_order') !== undefined);
    expect(changedServers).toContain('pantry');
    expect(toolbox.find('cancel_order')).toMatchObject({ server: 'pantry' });
  });

  it('passes on the dice picture as image content the model is told about', async () => {
    const { toolbox } = await connectKitchen();
    const roll = await toolbox.call(
      'roll_dice',
      { count: 2, sides: 6, picture: true },
      createRecordingContext().context,
    );
    expect(roll.isError, roll.content).toBe(false);
    expect(roll.content).toMatch(/\[image: image\/png, \d+ (B|KB)\]/);
    expect(roll.images).toEqual([expect.objectContaining({ mimeType: 'image/png' })]);
    expect(roll.attachments).toEqual([
      expect.objectContaining({ kind: 'image', mimeType: 'image/png', toModel: true }),
    ]);
  });

  it("turns the pastry chef's bake progress into progress events of the call, in order", async () => {
    const { toolbox } = await connectKitchen();
    const recording = createRecordingContext({ callId: 'call_bake' });
    const baked = await toolbox.call('bake', { minutes: 10 }, recording.context);
    expect(baked.isError, baked.content).toBe(false);
    const progress = recording.events.filter((event) => event.type === 'progress');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.map((event) => event.progress)).toEqual(progress.map((_, index) => index + 1));
    expect(progress.every((event) => event.callId === 'call_bake' && event.tool === 'bake')).toBe(true);
    expect(progress.at(-1)).toMatchObject({ message: 'out of the oven' });
  });
});
