// The jars as resources through a real MCP client over in-memory pairs: list, templates, read,
// completion of template variables, and subscriptions that hear about discards and reseals made
// by any session. Server side.

import { callTool, createInMemoryClients } from '@kitchen/server-kit/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from './build-server.js';
import { RESOURCE_NOT_FOUND } from './jar-resources.js';
import { JarShelf } from './jar-shelf.js';
import { generateJars, SHELVES, shelfOf } from './jars.js';

const clients = createInMemoryClients();
afterEach(() => clients.closeAll());

const jars = generateJars(1729, 80);

function connect(shelf = new JarShelf(jars)): Promise<Client> {
  return clients.connect(buildServer({ seed: 1729, jars: 80, shelf }));
}

function readJson(client: Client, uri: string): Promise<unknown> {
  return client.readResource({ uri }).then(({ contents }) => {
    const [content] = contents;
    expect(content).toMatchObject({ uri, mimeType: 'application/json' });
    return JSON.parse(content && 'text' in content ? content.text : '') as unknown;
  });
}

/** Every `resources/updated` URI the client hears, in order. */
function updatesHeardBy(client: Client): string[] {
  const heard: string[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
    heard.push(notification.params.uri);
  });
  return heard;
}

async function rejection(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(McpError);
  return error as McpError;
}

describe('cookie-jars resources', () => {
  it('declares resources with subscribe and listChanged, and completions', async () => {
    const capabilities = (await connect()).getServerCapabilities();
    expect(capabilities?.resources).toEqual({ subscribe: true, listChanged: true });
    expect(capabilities?.completions).toEqual({});
  });

  it('lists every jar as jar://<id> and every shelf with jars as shelf://<letter>', async () => {
    const { resources } = await (await connect()).listResources();
    const jarResources = resources.filter((resource) => resource.uri.startsWith('jar://'));
    expect(jarResources.map((resource) => resource.uri)).toEqual(jars.map((jar) => `jar://${jar.id}`));
    expect(jarResources[4]).toMatchObject({ name: 'jar-5', title: jars[4]?.label, mimeType: 'application/json' });
    const shelves = SHELVES.filter((shelf) => jars.some((jar) => shelfOf(jar) === shelf));
    expect(resources.filter((resource) => resource.uri.startsWith('shelf://')).map((resource) => resource.uri)).toEqual(
      shelves.map((shelf) => `shelf://${shelf}`),
    );
  });

  it('offers the jar and shelf templates', async () => {
    const { resourceTemplates } = await (await connect()).listResourceTemplates();
    expect(resourceTemplates.map((template) => [template.name, template.uriTemplate])).toEqual([
      ['jar', 'jar://{id}'],
      ['shelf', 'shelf://{shelf}'],
    ]);
    expect(resourceTemplates.every((template) => template.mimeType === 'application/json')).toBe(true);
  });

  it('reads a jar as the same JSON inspect_jar returns', async () => {
    const client = await connect();
    const jar = jars[16]!;
    const inspected = await callTool(client, 'inspect_jar', { id: jar.id });
    expect(await readJson(client, `jar://${jar.id}`)).toEqual(inspected.structuredContent);
  });

  it('reads a shelf as its jars with their URIs, and shows a discard there', async () => {
    const client = await connect();
    const onB = jars.filter((jar) => shelfOf(jar) === 'B');
    await callTool(client, 'discard_jar', { id: onB[0]!.id });
    const shelf = (await readJson(client, 'shelf://B')) as { shelf: string; jars: Array<Record<string, unknown>> };
    expect(shelf.shelf).toBe('B');
    expect(shelf.jars.map((jar) => jar['id'])).toEqual(onB.map((jar) => jar.id));
    expect(shelf.jars[0]).toEqual({
      id: onB[0]!.id,
      uri: `jar://${onB[0]!.id}`,
      label: onB[0]!.label,
      discarded: true,
      resealed: false,
    });
    expect(shelf.jars.slice(1).every((jar) => jar['discarded'] === false)).toBe(true);
  });

  it('answers an unknown or non-canonical URI with "resource not found" (-32602) naming what exists', async () => {
    const client = await connect();
    for (const uri of ['jar://81', 'jar://0', 'jar://007', 'shelf://Z', 'shelf://b']) {
      const error = await rejection(client.readResource({ uri }));
      expect(error.code, uri).toBe(RESOURCE_NOT_FOUND);
      expect(error.message, uri).toContain(`Resource ${uri} not found`);
    }
    expect((await rejection(client.readResource({ uri: 'jar://81' }))).message).toContain('jar ids run from 1 to 80');
    expect((await rejection(client.readResource({ uri: 'pantry://flour' }))).code).toBe(ErrorCode.InvalidParams);
  });

  it('completes a shelf letter from the shelves that hold jars, in any case', async () => {
    const client = await connect(new JarShelf(jars.filter((jar) => shelfOf(jar) !== 'C')));
    const complete = async (value: string) =>
      (
        await client.complete({
          ref: { type: 'ref/resource', uri: 'shelf://{shelf}' },
          argument: { name: 'shelf', value },
        })
      ).completion.values;
    expect(await complete('')).toEqual(['A', 'B', 'D', 'E']);
    expect(await complete('d')).toEqual(['D']);
    expect(await complete('C')).toEqual([]);
  });

  it('completes a jar id from the ids that start with what was typed', async () => {
    const { completion } = await (await connect()).complete({
      ref: { type: 'ref/resource', uri: 'jar://{id}' },
      argument: { name: 'id', value: '7' },
    });
    expect(completion.values).toEqual(['7', '70', '71', '72', '73', '74', '75', '76', '77', '78', '79']);
  });
});

describe('cookie-jars resource subscriptions', () => {
  it('tells a subscriber when its jar is discarded or resealed by another session, and nothing else', async () => {
    const shelf = new JarShelf(jars);
    const watcher = await connect(shelf);
    const worker = await connect(shelf);
    const heard = updatesHeardBy(watcher);
    const intact = jars.find((jar) => jar.seal === 'intact')!;

    await watcher.subscribeResource({ uri: 'jar://3' });
    await watcher.subscribeResource({ uri: `jar://${intact.id}` });
    await callTool(worker, 'discard_jar', { id: 4 });
    await callTool(worker, 'discard_jar', { id: 3 });
    await callTool(worker, 'discard_jar', { id: 3 }); // already discarded: nothing changes
    await callTool(worker, 'reseal_jar', { id: intact.id });
    await watcher.ping(); // everything the server sent before this answer has arrived

    expect(heard).toEqual(['jar://3', `jar://${intact.id}`]);
  });

  it('tells a shelf subscriber when any jar on that shelf changes', async () => {
    const client = await connect();
    const heard = updatesHeardBy(client);
    const onD = jars.find((jar) => shelfOf(jar) === 'D')!;
    const onE = jars.find((jar) => shelfOf(jar) === 'E')!;
    await client.subscribeResource({ uri: 'shelf://D' });
    await callTool(client, 'discard_jar', { id: onE.id });
    await callTool(client, 'discard_jar', { id: onD.id });
    await client.ping();
    expect(heard).toEqual(['shelf://D']);
  });

  it('stops telling after unsubscribe', async () => {
    const client = await connect();
    const heard = updatesHeardBy(client);
    await client.subscribeResource({ uri: 'jar://10' });
    await client.unsubscribeResource({ uri: 'jar://10' });
    await callTool(client, 'discard_jar', { id: 10 });
    await client.ping();
    expect(heard).toEqual([]);
  });

  it('refuses to subscribe to a resource that does not exist', async () => {
    const error = await rejection((await connect()).subscribeResource({ uri: 'jar://500' }));
    expect(error.code).toBe(RESOURCE_NOT_FOUND);
    expect(error.message).toContain('jar ids run from 1 to 80');
  });

  it('stops listening to the shared shelf when the session closes', async () => {
    const shelf = new JarShelf(jars);
    const client = await connect(shelf);
    await client.subscribeResource({ uri: 'jar://2' });
    await client.close();
    // A closed session's server must not be kept alive (or written to) by the process-wide shelf.
    expect(() => shelf.discard(2)).not.toThrow();
    expect(shelf.listenerCount).toBe(0);
  });
});
