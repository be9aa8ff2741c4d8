// Real HTTP on 127.0.0.1:0 with the SDK's own client: the safety rules of serveMcp. Server side.

import { request as httpRequest } from 'node:http';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ServedMcp, type ServeMcpOptions, serveMcp } from './serve-mcp.js';
import { connectHttpClient } from './testing.js';
import { jsonToolResult } from './tool-result.js';

/** A tiny server: `echo` repeats its text; `count` counts calls in this session only. */
function buildEchoServer(): McpServer {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  let calls = 0;
  server.registerTool('echo', { description: 'Repeats text.', inputSchema: { text: z.string() } }, ({ text }) =>
    jsonToolResult({ text }),
  );
  server.registerTool('count', { description: 'Counts calls in this session.' }, () =>
    jsonToolResult({ calls: ++calls }),
  );
  return server;
}

const opened: Array<ServedMcp | Client> = [];
afterEach(async () => {
  // Clients first, so they do not try to reconnect to a server that is going away.
  for (const item of opened.reverse()) await item.close();
  opened.length = 0;
});

async function serve(options: Partial<ServeMcpOptions> = {}): Promise<ServedMcp> {
  const served = await serveMcp({ name: 'echo', buildServer: buildEchoServer, log: { level: 'silent' }, ...options });
  opened.push(served);
  return served;
}

async function connect(url: string, headers?: Record<string, string>): Promise<Client> {
  const client = await connectHttpClient(url, headers);
  opened.unshift(client);
  return client;
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request, so tests control every header (fetch will not set Host). */
function rawPost(served: ServedMcp, body: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(served, 'POST', '/mcp', body, headers);
}

function rawRequest(
  served: ServedMcp,
  method: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: served.port,
        path,
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const initializeBody = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

function errorMessage(response: RawResponse): string {
  return (JSON.parse(response.body) as { error: { message: string } }).error.message;
}

async function waitUntil(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('serveMcp', () => {
  it('serves initialize, tools/list and tools/call to the SDK client over loopback', async () => {
    const served = await serve();
    expect(served.url).toBe(`http://127.0.0.1:${served.port}/mcp`);
    const client = await connect(served.url);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['echo', 'count']);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'hello' } });
    expect(result.structuredContent).toEqual({ text: 'hello' });
    expect(result.content).toEqual([{ type: 'text', text: '{"text":"hello"}' }]);
    expect(served.sessionCount()).toBe(1);
  });

  it('refuses a foreign Host header with 403 and says which URL to use', async () => {
    const served = await serve();
    const response = await rawPost(served, initializeBody, { Host: `evil.example:${served.port}` });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
    expect(errorMessage(response)).toContain(`Host evil.example:${served.port} is not allowed`);
    expect(errorMessage(response)).toContain(served.url);
  });

  it('refuses a loopback Host header on another port', async () => {
    const served = await serve();
    const response = await rawPost(served, initializeBody, { Host: `localhost:${served.port + 1}` });
    expect(response.status).toBe(403);
  });

  it('accepts localhost and [::1] as the Host on the server port', async () => {
    const served = await serve();
    for (const host of [`localhost:${served.port}`, `[::1]:${served.port}`]) {
      const response = await rawPost(served, initializeBody, { Host: host });
      expect(response.status).toBe(200);
      // Stateful with SSE responses: the only mode where sampling and progress work.
      expect(response.headers['content-type']).toBe('text/event-stream');
      expect(response.headers['mcp-session-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('refuses a foreign Origin with 403 and names the flag that permits it', async () => {
    const served = await serve();
    const response = await rawPost(served, initializeBody, { Origin: 'http://evil.example' });
    expect(response.status).toBe(403);
    expect(errorMessage(response)).toBe(
      'Forbidden: Origin http://evil.example is not allowed. Serve with --allow-origin http://evil.example to permit it.',
    );
  });

  it('accepts loopback origins on any port, and origins it was told to allow', async () => {
    const served = await serve({ allowedOrigins: ['http://kitchen.test:5173'] });
    for (const origin of [
      'http://localhost:5173',
      'https://127.0.0.1',
      'http://[::1]:8080',
      'http://kitchen.test:5173',
    ]) {
      const response = await rawPost(served, initializeBody, { Origin: origin });
      expect(response.status, origin).toBe(200);
    }
    expect((await rawPost(served, initializeBody, { Origin: 'http://kitchen.test:5174' })).status).toBe(403);
    expect((await rawPost(served, initializeBody, { Origin: 'null' })).status).toBe(403);
  });

  it('requires the bearer token when one is set, and answers 401 with WWW-Authenticate', async () => {
    const served = await serve({ bearerToken: 's3cret' });
    const missing = await rawPost(served, initializeBody);
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="echo"');
    expect(errorMessage(missing)).toContain('Authorization: Bearer <token>');
    const wrong = await rawPost(served, initializeBody, { Authorization: 'Bearer guess' });
    expect(wrong.status).toBe(401);
    expect(errorMessage(wrong)).toContain('does not match');
    await expect(connect(served.url)).rejects.toThrow(/401|Unauthorized/);
    const client = await connect(served.url, { Authorization: 'Bearer s3cret' });
    expect((await client.callTool({ name: 'echo', arguments: { text: 'in' } })).structuredContent).toEqual({
      text: 'in',
    });
  });

  it('answers invalid JSON with a 400 JSON-RPC parse error that says so', async () => {
    const served = await serve();
    const response = await rawPost(served, '{"jsonrpc": "2.0",');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ error: { code: -32700 }, id: null });
    expect(errorMessage(response)).toMatch(/^Parse error: the request body is not valid JSON/);
  });

  it('answers an oversized body with 413 naming the limit', async () => {
    const served = await serve({ maxBodyBytes: 1_000 });
    const response = await rawPost(served, JSON.stringify({ padding: 'x'.repeat(5_000) }));
    expect(response.status).toBe(413);
    expect(errorMessage(response)).toContain('must not exceed 1000 bytes');
  });

  it('answers an unknown session id with 404 telling the client to re-initialize', async () => {
    const served = await serve();
    const response = await rawPost(served, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), {
      'Mcp-Session-Id': 'no-such-session',
    });
    expect(response.status).toBe(404);
    expect(errorMessage(response)).toContain('Session no-such-session not found');
    expect(errorMessage(response)).toContain('Re-initialize');
  });

  it('answers a non-initialize POST without a session with 400', async () => {
    const served = await serve();
    const response = await rawPost(served, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    expect(response.status).toBe(400);
    expect(errorMessage(response)).toContain('Start a session by sending initialize first.');
  });

  it('ends a session on DELETE', async () => {
    const served = await serve();
    const client = await connect(served.url);
    expect(served.sessionCount()).toBe(1);
    await (client.transport as StreamableHTTPClientTransport).terminateSession();
    expect(served.sessionCount()).toBe(0);
  });

  it('closes a session whose client went away without DELETE once it has been idle', async () => {
    // Long enough that a loaded machine's pause between initialize and its notification (no stream
    // open yet) is not taken for a client gone away: the test is about a connected client, not speed.
    const idleSessionMs = 1_000;
    const served = await serve({ idleSessionMs });
    const client = await connect(served.url);
    await client.listTools();
    // A connected client holds its GET stream open, so it is not idle however long it waits.
    await new Promise((resolve) => setTimeout(resolve, idleSessionMs * 1.5));
    expect(served.sessionCount()).toBe(1);
    await client.close();
    await waitUntil(() => served.sessionCount() === 0);
  });

  it('keeps two concurrent sessions independent', async () => {
    const served = await serve();
    const [first, second] = await Promise.all([connect(served.url), connect(served.url)]);
    expect(served.sessionCount()).toBe(2);
    await first.callTool({ name: 'count' });
    await first.callTool({ name: 'count' });
    expect((await second.callTool({ name: 'count' })).structuredContent).toEqual({ calls: 1 });
    expect((await first.callTool({ name: 'count' })).structuredContent).toEqual({ calls: 3 });
  });

  it('answers GET /healthz with its name and session count, behind the Host check but not the token', async () => {
    const served = await serve({ bearerToken: 's3cret' });
    await connect(served.url, { Authorization: 'Bearer s3cret' });
    const health = await rawRequest(served, 'GET', '/healthz', '');
    expect(health.status).toBe(200);
    expect(health.headers['content-type']).toBe('application/json');
    expect(JSON.parse(health.body)).toEqual({ ok: true, name: 'echo', sessions: 1, eras: ['2025-11-25'] });
    const foreign = await rawRequest(served, 'GET', '/healthz', '', { Host: `evil.example:${served.port}` });
    expect(foreign.status).toBe(403);
    expect((await rawRequest(served, 'GET', '/elsewhere', '')).status).toBe(404);
  });

  it('refuses to listen on a non-loopback address without a token, or with a token no client could send', async () => {
    const serversBefore = process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap').length;
    await expect(serve({ host: '0.0.0.0' })).rejects.toThrow(
      'echo: refusing to listen on 0.0.0.0 without a bearer token: anyone who can reach that address could use this server. Set a token (--token or KITCHEN_TOKEN; bearerToken in code), or bind 127.0.0.1.',
    );
    await expect(serve({ bearerToken: 'two words' })).rejects.toThrow(
      /^echo: the bearer token is not valid: it contains a space at position 4/,
    );
    expect(process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap').length).toBe(serversBefore);
  });

  it('logs one JSON line per notable event: listening, session opened and closed, refusals', async () => {
    const lines: string[] = [];
    const served = await serve({ log: { level: 'info', write: (line) => lines.push(line) } });
    const client = await connect(served.url);
    await rawPost(served, initializeBody, { Origin: 'http://evil.example' });
    await (client.transport as StreamableHTTPClientTransport).terminateSession();
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    const events = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.map((event) => event.event)).toEqual([
      'server-listening',
      'session-opened',
      'request-refused',
      'session-closed',
    ]);
    expect(events[0]).toMatchObject({ level: 'info', server: 'echo', url: served.url, maxSessions: 200 });
    expect(events[2]).toMatchObject({ level: 'warn', status: 403, method: 'POST', path: '/mcp' });
    expect(events[2]?.reason).toContain('Origin http://evil.example is not allowed');
    expect(events[3]).toMatchObject({ reason: 'deleted', sessions: 0 });
    expect(Number.isNaN(Date.parse(String(events[0]?.at)))).toBe(false);
  });

  it('writes nothing below the configured level', async () => {
    const lines: string[] = [];
    const served = await serve({ log: { level: 'error', write: (line) => lines.push(line) } });
    await connect(served.url);
    await rawPost(served, initializeBody, { Origin: 'http://evil.example' });
    expect(lines).toEqual([]);
  });

  it('close() ends every session and the listener, leaving no open server or socket', async () => {
    const serversBefore = process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap').length;
    const served = await serveMcp({ name: 'echo', buildServer: buildEchoServer });
    const client = await connectHttpClient(served.url);
    await client.listTools();
    expect(served.sessionCount()).toBe(1);
    await served.close();
    await client.close();
    expect(served.sessionCount()).toBe(0);
    expect(process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap').length).toBe(serversBefore);
    await expect(fetch(served.url, { method: 'POST' })).rejects.toThrow();
  });
});
