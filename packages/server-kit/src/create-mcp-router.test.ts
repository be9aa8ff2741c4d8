// An MCP endpoint mounted in an express app that has its own routes: the app's routes still
// answer, and the endpoint keeps the kit's guard, sessions, limits and resumable streams. Real
// HTTP on 127.0.0.1:0. Server side.

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpServer as ModernMcpServer } from '@modelcontextprotocol/server';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMcpRouter, type McpRouter } from './create-mcp-router.js';
import type { McpEndpointOptions } from './mcp-http-handler.js';
import { RawMcpSession, readSseEvents } from './raw-mcp-session.js';
import { connectHttpClient, connectModernClient } from './testing.js';

function buildEchoServer(): McpServer {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  server.registerTool('echo', { inputSchema: { text: z.string() } }, ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
  return server;
}

interface MountedApp {
  origin: string;
  router: McpRouter;
  close(): Promise<void>;
}

/** The same tool on the v2 server SDK, which the router serves in both eras. */
function buildModernEchoServer(): ModernMcpServer {
  const server = new ModernMcpServer({ name: 'echo', version: '1.0.0' });
  server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
  return server;
}

const mounted: Array<MountedApp | { close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of mounted.splice(0).reverse()) await item.close();
});

/** An express app with routes of its own, a JSON body parser for all of them, and the endpoint. */
async function startApp(options: Partial<McpEndpointOptions> = {}): Promise<MountedApp> {
  const app = express();
  app.use(express.json());
  app.get('/', (_request, response) => {
    response.type('text').send('the bakery');
  });
  app.post('/orders', (request, response) => {
    response.json({ ordered: (request.body as { item: string }).item });
  });
  const router = createMcpRouter({ name: 'echo', buildServer: buildEchoServer, log: { level: 'silent' }, ...options });
  app.use(router);
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  const started: MountedApp = {
    origin: `http://127.0.0.1:${port}`,
    router,
    close: async () => {
      await router.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  mounted.push(started);
  return started;
}

async function connect(url: string): Promise<Client> {
  const client = await connectHttpClient(url);
  mounted.push(client);
  return client;
}

describe('createMcpRouter', () => {
  it('serves MCP at /mcp inside an express app whose own routes keep working', async () => {
    const app = await startApp();
    const client = await connect(`${app.origin}/mcp`);
    expect(await client.callTool({ name: 'echo', arguments: { text: 'from express' } })).toMatchObject({
      content: [{ type: 'text', text: 'from express' }],
    });
    expect(await (await fetch(`${app.origin}/`)).text()).toBe('the bakery');
    const order = await fetch(`${app.origin}/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ item: 'croissant' }),
    });
    expect(await order.json()).toEqual({ ordered: 'croissant' });
    expect(await (await fetch(`${app.origin}/healthz`)).json()).toEqual({
      ok: true,
      name: 'echo',
      sessions: 1,
      eras: ['2025-11-25'],
    });
    expect(app.router.sessionCount()).toBe(1);
    expect((await fetch(`${app.origin}/nowhere`)).status).toBe(404); // express's own 404
  });

  it('keeps the guard: a foreign Origin or a missing token is refused', async () => {
    const app = await startApp({ bearerToken: 'bake' });
    const evil = await fetch(`${app.origin}/mcp`, {
      method: 'POST',
      headers: { Origin: 'http://evil.example', 'Content-Type': 'application/json', Authorization: 'Bearer bake' },
      body: '{}',
    });
    expect(evil.status).toBe(403);
    await expect(RawMcpSession.open(`${app.origin}/mcp`)).rejects.toThrow(/HTTP 401/);
    const session = await RawMcpSession.open(`${app.origin}/mcp`, { Authorization: 'Bearer bake' });
    expect(await session.delete()).toBe(200);
    expect(() => createMcpRouter({ name: 'echo', buildServer: buildEchoServer, bearerToken: 'a b' })).toThrow(
      /the bearer token is not valid: it contains a space/,
    );
  });

  it('keeps the session cap and the resumable streams', async () => {
    const app = await startApp({ maxSessions: 1, resumability: { retryMs: 700 } });
    const session = await RawMcpSession.open(`${app.origin}/mcp`);
    await expect(RawMcpSession.open(`${app.origin}/mcp`)).rejects.toThrow(/HTTP 503/);
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } };
    const events = [];
    for await (const event of readSseEvents(await session.post(call))) events.push(event);
    expect(events[0]).toEqual({ id: expect.any(String), retry: 700, data: '' });
    expect(JSON.parse(events[1]?.data ?? '')).toMatchObject({ id: 1, result: { content: [{ text: 'hi' }] } });
  });

  it('serves a v2 server in both eras behind express.json(), the body already parsed', async () => {
    const app = await startApp({ buildServer: buildModernEchoServer });
    const modern = await connectModernClient(`${app.origin}/mcp`);
    mounted.push(modern);
    expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(await modern.callTool({ name: 'echo', arguments: { text: 'new' } })).toMatchObject({
      content: [{ type: 'text', text: 'new' }],
    });
    expect(app.router.sessionCount()).toBe(0);
    const legacy = await connectHttpClient(`${app.origin}/mcp`);
    mounted.push(legacy);
    expect(await legacy.callTool({ name: 'echo', arguments: { text: 'old' } })).toMatchObject({
      content: [{ type: 'text', text: 'old' }],
    });
    expect(app.router.sessionCount()).toBe(1);
  });

  it('refuses a body express.json() parsed that nests too deep, with 400 -32700', async () => {
    const app = await startApp({ buildServer: buildModernEchoServer });
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const response = await fetch(`${app.origin}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":${deep}}}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: -32700, message: expect.stringContaining('nested deeper than 64 levels') },
    });
  });
});
