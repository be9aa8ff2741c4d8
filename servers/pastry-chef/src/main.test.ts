// The pastry chef as a process: main.ts serves it over real HTTP on 127.0.0.1 and prints its URL.

import { fileURLToPath } from 'node:url';
import {
  connectHttpClient,
  connectModernClient,
  runProcess,
  type ServerProcess,
  startServerProcess,
} from '@kitchen/server-kit/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageFolder = fileURLToPath(new URL('..', import.meta.url));
const tsx = ['--import', 'tsx', 'src/main.ts'];

describe('pastry-chef main', () => {
  let server: ServerProcess;
  let client: Client;

  beforeAll(async () => {
    server = await startServerProcess(
      process.execPath,
      [...tsx, '--port', '0', '--bake-ms-per-minute', '4', '--bake-steps', '5'],
      { cwd: packageFolder },
    );
    client = await connectHttpClient(server.url);
  }, 45_000);

  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  it('listens on loopback and offers its four tools and its prompt', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['bake', 'bake_batch', 'choose_filling', 'critique_recipe']);
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['plan_bake']);
  });

  it('bakes with progress over HTTP using the flags it was given', async () => {
    const progress: number[] = [];
    const result = await client.callTool({ name: 'bake', arguments: { minutes: 10 } }, undefined, {
      onprogress: (update) => progress.push(update.progress),
    });
    expect(result.structuredContent).toEqual({ baked: true, minutes: 10, steps: 5 });
    expect(progress).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers a client on revision 2026-07-28 on the same endpoint: tools, and a bake with progress', async () => {
    const modern = await connectModernClient(server.url);
    try {
      expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const { tools } = await modern.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        'bake',
        'bake_batch',
        'choose_filling',
        'critique_recipe',
      ]);
      const progress: number[] = [];
      const result = await modern.callTool(
        { name: 'bake', arguments: { minutes: 10 } },
        { onprogress: (update) => progress.push(update.progress) },
      );
      expect(result.structuredContent).toEqual({ baked: true, minutes: 10, steps: 5 });
      expect(progress).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await modern.close();
    }
  });

  it('exits 2 with one line naming a bad flag', async () => {
    const end = await runProcess(process.execPath, [...tsx, '--bake-steps', 'lots'], { cwd: packageFolder });
    expect(end.code).toBe(2);
    expect(end.stderr.trim()).toBe('pastry-chef: --bake-steps "lots" is not valid; use a whole number from 1 to 100.');
  }, 45_000);
});
