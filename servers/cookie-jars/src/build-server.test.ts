// The cookie-jar tools through a real MCP client over an in-memory pair: schemas, annotations,
// results (structured + text), input validation, and the shared shelf. Server side.

import { callTool as call, createInMemoryClients, resultText as text } from '@kitchen/server-kit/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer, type CookieJarsOptions } from './build-server.js';
import { JarShelf } from './jar-shelf.js';
import { generateJars } from './jars.js';

const clients = createInMemoryClients();
afterEach(() => clients.closeAll());

function connect(options: CookieJarsOptions = { seed: 1729, jars: 80 }): Promise<Client> {
  return clients.connect(buildServer(options));
}

describe('cookie-jars buildServer', () => {
  it('offers six tools with titles, descriptions and honest annotations', async () => {
    const { tools } = await (await connect()).listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(byName).sort()).toEqual([
      'discard_jar',
      'inspect_jar',
      'list_jars',
      'read_note',
      'reseal_jar',
      'weigh_jar',
    ]);
    for (const name of ['list_jars', 'inspect_jar', 'weigh_jar', 'read_note']) {
      expect(byName[name]?.annotations, name).toEqual({ readOnlyHint: true, openWorldHint: false });
    }
    expect(byName.discard_jar?.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(byName.reseal_jar?.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description, tool.name).toBeTruthy();
      expect(tool.outputSchema, tool.name).toBeDefined();
    }
    expect(byName.inspect_jar?.inputSchema).toMatchObject({
      type: 'object',
      properties: { id: { type: 'integer' } },
      required: ['id'],
    });
  });

  it('inspects a jar with the same facts in structuredContent and the text block', async () => {
    const jar = generateJars(1729, 80)[10]!;
    const result = await call(await connect(), 'inspect_jar', { id: jar.id });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ ...jar, toleranceGrams: 5, discarded: false, resealed: false });
    expect(JSON.parse(text(result))).toEqual(result.structuredContent);
  });

  it('weighs a jar and reads its note', async () => {
    const jar = generateJars(1729, 80)[2]!;
    const client = await connect();
    expect((await call(client, 'weigh_jar', { id: jar.id })).structuredContent).toEqual({
      id: jar.id,
      expectedGrams: jar.expectedGrams,
      measuredGrams: jar.measuredGrams,
      differenceGrams: jar.measuredGrams - jar.expectedGrams,
      toleranceGrams: 5,
    });
    expect((await call(client, 'read_note', { id: jar.id })).structuredContent).toEqual({ id: jar.id, note: jar.note });
  });

  it('lists jars a page at a time with nextOffset', async () => {
    const client = await connect({ seed: 3, jars: 130 });
    const first = (await call(client, 'list_jars', {})).structuredContent as {
      total: number;
      jars: Array<{ id: number }>;
      nextOffset?: number;
    };
    expect(first.total).toBe(130);
    expect(first.jars).toHaveLength(100);
    expect(first.nextOffset).toBe(100);
    const second = (await call(client, 'list_jars', { offset: 100 })).structuredContent as typeof first;
    expect(second.jars.map((jar) => jar.id)).toEqual(Array.from({ length: 30 }, (_, index) => 101 + index));
    expect(second.nextOffset).toBeUndefined();
  });

  it('answers an unknown jar id with an isError result naming the valid ids', async () => {
    const client = await connect();
    for (const tool of ['inspect_jar', 'weigh_jar', 'read_note', 'discard_jar', 'reseal_jar']) {
      const result = await call(client, tool, { id: 99 });
      expect(result.isError, tool).toBe(true);
      expect(text(result), tool).toBe('Jar 99 does not exist: ids run from 1 to 80.');
    }
    expect(text(await call(client, 'inspect_jar', { id: 0 }))).toBe('Jar 0 does not exist: ids run from 1 to 80.');
  });

  it('answers wrong input types and out-of-range values with isError results naming the field', async () => {
    const client = await connect();
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['inspect_jar', { id: 'seven' }, 'id must be a whole number (got "seven")'],
      ['inspect_jar', { id: 2.5 }, 'id must be a whole number (got 2.5)'],
      ['inspect_jar', {}, 'id must be a whole number (got nothing)'],
      ['list_jars', { limit: 101 }, 'limit must be a whole number from 1 to 100 (got 101)'],
      ['list_jars', { offset: -1 }, 'offset must be a whole number ≥ 0 (got -1)'],
    ];
    for (const [tool, args, message] of cases) {
      const result = await call(client, tool, args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(text(result)).toContain(message);
    }
  });

  it('discards and reseals on one shelf that every session shares', async () => {
    const shelf = new JarShelf(generateJars(1729, 80));
    const brokenId = shelf.jars.find((jar) => jar.seal === 'broken')!.id;
    const first = await connect({ seed: 1729, jars: 80, shelf });
    const second = await connect({ seed: 1729, jars: 80, shelf });

    expect((await call(first, 'discard_jar', { id: 3 })).structuredContent).toEqual({
      id: 3,
      discarded: true,
      alreadyDiscarded: false,
    });
    expect((await call(first, 'discard_jar', { id: 3 })).structuredContent).toEqual({
      id: 3,
      discarded: true,
      alreadyDiscarded: true,
    });
    expect((await call(second, 'inspect_jar', { id: 3 })).structuredContent).toMatchObject({ discarded: true });

    expect((await call(first, 'reseal_jar', { id: brokenId })).structuredContent).toEqual({
      id: brokenId,
      seal: 'intact',
      resealed: true,
      wasBroken: true,
    });
    expect((await call(second, 'inspect_jar', { id: brokenId })).structuredContent).toMatchObject({
      seal: 'intact',
      resealed: true,
    });

    const refused = await call(second, 'reseal_jar', { id: 3 });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe('Jar 3 was discarded: a discarded jar cannot be resealed.');
  });

  it('gives each buildServer call its own shelf when none is passed', async () => {
    const first = await connect();
    await call(first, 'discard_jar', { id: 5 });
    const second = await connect();
    expect((await call(second, 'inspect_jar', { id: 5 })).structuredContent).toMatchObject({ discarded: false });
  });
});
