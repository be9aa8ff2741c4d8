// Everything besides tools on a 2026-07-28 connection, over real HTTP on loopback against a v2
// server: resources (paged), templates, reads, prompts, completions, log lines, progress,
// cancellation, roots and a link asked for with input_required, and list changes and resource
// updates on the subscriptions/listen stream. Each goes through the same toolbox surface and
// events as on a 2025 connection.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElicitationHandler } from '../src/elicitation-handler.js';
import type { LoopEventDraft } from '../src/loop-event.js';
import { createResourceTools } from '../src/resource-tools.js';
import { createRecordingContext } from '../src/testing/recording-context.js';
import { SHELF_URIS, startRevision2026FeatureServer } from '../src/testing/revision-2026-feature-server.js';
import { scriptedPerson } from '../src/testing/scripted-person.js';
import { Toolbox, type ToolboxOptions } from '../src/toolbox.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function connectToPantry(options: ToolboxOptions = {}) {
  const server = await startRevision2026FeatureServer();
  cleanups.push(() => server.close());
  const events: LoopEventDraft[] = [];
  const toolbox = await Toolbox.connect([{ name: 'pantry', url: server.url }], {
    emit: (event) => events.push(event),
    roots: [{ uri: 'file:///srv/bakery', name: 'bakery' }],
    ...options,
  });
  cleanups.push(() => toolbox.close());
  expect(toolbox.unavailable).toEqual([]);
  expect(toolbox.era('pantry')).toBe('2026-07-28');
  return { server, toolbox, events };
}

const features = (toolbox: Toolbox) => {
  const found = toolbox.server('pantry');
  if (found === undefined) throw new Error('no features for pantry');
  return found;
};

describe('a 2026-07-28 server beyond its tools', () => {
  it('lists every page of resources, one page at a time when asked, and its templates', async () => {
    const { toolbox } = await connectToPantry();
    const pantry = features(toolbox);

    expect(pantry.capabilities).toMatchObject({ resources: true, subscribe: true, prompts: true, completions: true });
    expect((await pantry.listResources()).map((resource) => resource.uri)).toEqual(SHELF_URIS);
    const first = await pantry.listResourcesPage();
    expect(first.resources.map((resource) => resource.uri)).toEqual(SHELF_URIS.slice(0, 2));
    const second = await pantry.listResourcesPage(first.nextCursor);
    expect(second.resources.map((resource) => resource.uri)).toEqual(SHELF_URIS.slice(2, 4));
    expect((await pantry.listResourceTemplates()).map((template) => template.uriTemplate)).toEqual(['recipe://{name}']);
  });

  it('reads resources, gets prompts and completes arguments', async () => {
    const { toolbox } = await connectToPantry();
    const pantry = features(toolbox);

    expect(await pantry.readResource('pantry://shelf/3')).toEqual([
      { uri: 'pantry://shelf/3', mimeType: 'text/plain', text: 'Shelf 3 holds flour.' },
    ]);
    expect(await pantry.readResource('recipe://brioche')).toEqual([
      { uri: 'recipe://brioche', text: 'How to bake brioche.' },
    ]);
    expect((await pantry.listPrompts()).map((prompt) => prompt.name)).toEqual(['bake']);
    const prompt = await pantry.getPrompt('bake', { recipe: 'bagel' });
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Plan the bake of bagel.' } }]);
    const completion = await pantry.complete(
      { type: 'ref/resource', uri: 'recipe://{name}' },
      { name: 'name', value: 'ba' },
    );
    expect(completion.values).toEqual(['bagel', 'baguette']);
  });

  it('offers list_resources and read_resource for it, like for a 2025 server', async () => {
    const { toolbox } = await connectToPantry();
    const tools = createResourceTools(toolbox);
    expect(tools.map((tool) => tool.name)).toEqual(['list_resources', 'read_resource']);
    for (const tool of tools) toolbox.addLocalTool(tool);

    const { context } = createRecordingContext();
    const listed = await toolbox.call('list_resources', { server: 'pantry' }, context);
    expect(listed.isError).toBe(false);
    expect(listed.content).toContain('pantry://shelf/2');
    expect(listed.content).toContain('recipe://{name}');
    const read = await toolbox.call('read_resource', { server: 'pantry', uri: 'pantry://shelf/5' }, context);
    expect(read).toMatchObject({ isError: false });
    expect(read.content).toContain('Shelf 5 holds flour.');
  });

  it('asks for log lines on each call and puts them in the same events as 2025 log messages', async () => {
    const { toolbox, server, events } = await connectToPantry({ logLevel: 'notice' });
    const { context, events: callEvents } = createRecordingContext({ callId: 'knead-1' });

    expect(await toolbox.call('knead', {}, context)).toEqual({ isError: false, content: 'The dough is smooth.' });

    expect(server.observed).toContain('log level notice');
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'server-log',
        server: 'pantry',
        level: 'warning',
        logger: 'mixer',
        text: 'kneading started late',
      }),
    );
    // Below the level asked for: the server's SDK filters it out.
    expect(events.filter((event) => event.type === 'server-log' && event.level === 'debug')).toEqual([]);
    expect(
      callEvents
        .filter((event) => event.type === 'progress')
        .map((event) => [event.callId, event.progress, event.total]),
    ).toEqual([
      ['knead-1', 1, 2],
      ['knead-1', 2, 2],
    ]);
  });

  it('asks for info-level log lines when no level is set, since a 2026 server sends none unasked', async () => {
    const { toolbox, server } = await connectToPantry();
    await toolbox.call('knead', {}, createRecordingContext().context);
    expect(server.observed).toContain('log level info');
  });

  it('asks for log lines on resource reads and prompts too', async () => {
    const { toolbox, server } = await connectToPantry({ logLevel: 'debug' });
    await features(toolbox).readResource('recipe://bagel');
    await features(toolbox).getPrompt('bake', { recipe: 'bagel' });
    expect(server.observed.filter((line) => / log level /.test(line))).toEqual([
      'read log level debug',
      'prompt log level debug',
    ]);
  });

  it('cancels a call on the server when the run is aborted', async () => {
    const { toolbox, server } = await connectToPantry();
    const { context, abort } = createRecordingContext();

    const outcome = toolbox.call('knead_forever', {}, context);
    await server.called('knead_forever');
    abort();

    expect(await outcome).toEqual({
      isError: true,
      content: 'Tool "knead_forever" on server "pantry" was cancelled because the run was aborted.',
    });
    await vi.waitFor(() => expect(server.observed).toContain('cancelled knead_forever'));
  });

  it('answers an input_required roots request with the host roots, as it answers a pushed roots/list', async () => {
    const { toolbox, server } = await connectToPantry();

    expect(await toolbox.call('where', {}, createRecordingContext().context)).toEqual({
      isError: false,
      content: 'Working in file:///srv/bakery.',
    });
    await toolbox.setRoots([{ uri: 'file:///srv/cellar', name: 'cellar' }]);
    expect(await toolbox.call('where', {}, createRecordingContext().context)).toEqual({
      isError: false,
      content: 'Working in file:///srv/cellar.',
    });
    expect(server.observed.filter((line) => line.startsWith('roots'))).toEqual([
      'roots file:///srv/bakery',
      'roots file:///srv/cellar',
    ]);
  });

  it('shows a link asked for with input_required to the person and sends back their answer', async () => {
    const person = scriptedPerson({ links: [{ action: 'accept' }] });
    const { toolbox } = await connectToPantry({ handlers: { elicitation: createElicitationHandler({ person }) } });
    const { context, events } = createRecordingContext();

    expect(await toolbox.call('sign_for_delivery', {}, context)).toEqual({
      isError: false,
      content: 'The person answered accept.',
    });
    expect(person.links.map((link) => [link.server, link.message, link.url])).toEqual([
      ['pantry', 'Sign for the flour delivery', 'https://supplier.example/sign'],
    ]);
    expect(events.filter((event) => event.type === 'elicitation-request')).toEqual([
      expect.objectContaining({ url: 'https://supplier.example/sign', via: 'input_required' }),
    ]);
  });

  it('refetches the tools when the listen stream says the list changed', async () => {
    const changed: string[] = [];
    let toolsChanged = () => {};
    const refreshed = new Promise<void>((resolve) => {
      toolsChanged = resolve;
    });
    const { toolbox, server } = await connectToPantry({
      onToolsChanged: (name) => {
        changed.push(name);
        toolsChanged();
      },
    });
    expect(toolbox.find('glaze')).toBeUndefined();

    server.addTool('glaze');
    await refreshed;

    expect(changed).toEqual(['pantry']);
    expect(toolbox.find('glaze')).toMatchObject({ server: 'pantry' });
    expect(await toolbox.call('glaze', {}, createRecordingContext().context)).toEqual({
      isError: false,
      content: 'glaze done',
    });
  });

  it('listens again when the listen stream drops, refetches, and still hears of list changes', async () => {
    const changes: Array<() => void> = [];
    const nextChange = () => new Promise<void>((resolve) => changes.push(resolve));
    const { toolbox, server } = await connectToPantry({ onToolsChanged: () => changes.shift()?.() });

    const refetched = nextChange();
    server.dropConnections();
    // Listening again refetches the tools: a change while nobody listened would otherwise be lost.
    await refetched;
    const heard = nextChange();
    server.addTool('glaze');
    await heard;

    expect(toolbox.find('glaze')).toMatchObject({ server: 'pantry' });
  });

  it('reports updates of a watched resource, and none after unwatching it', async () => {
    const { toolbox, server, events } = await connectToPantry();
    const pantry = features(toolbox);

    await pantry.subscribe('pantry://shelf/1');
    server.resourceUpdated('pantry://shelf/2');
    server.resourceUpdated('pantry://shelf/1');
    await vi.waitFor(() =>
      expect(events.filter((event) => event.type === 'resource-updated')).toEqual([
        expect.objectContaining({ server: 'pantry', uri: 'pantry://shelf/1' }),
      ]),
    );
    await pantry.unsubscribe('pantry://shelf/1');
    server.resourceUpdated('pantry://shelf/1');
    // An update after unwatching would have to overtake this round trip to be seen.
    await pantry.readResource('pantry://shelf/1');
    expect(events.filter((event) => event.type === 'resource-updated')).toHaveLength(1);
  });
});
