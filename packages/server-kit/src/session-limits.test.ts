// Sessions with limits over real HTTP: a cap answered with 503 and Retry-After, idle expiry, and
// a reused request id answered with an error instead of hanging. Server side.

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { RawMcpSession, readSseEvents } from './raw-mcp-session.js';
import { type ServedMcp, type ServeMcpOptions, serveMcp } from './serve-mcp.js';

/** `wait` answers "waited" once the test opens the gate; `echo` answers at once. */
function buildWaitServer(gate: Promise<void>): McpServer {
  const server = new McpServer({ name: 'wait', version: '1.0.0' });
  server.registerTool('wait', {}, async () => {
    await gate;
    return { content: [{ type: 'text', text: 'waited' }] };
  });
  server.registerTool('echo', {}, () => ({ content: [{ type: 'text', text: 'echo' }] }));
  return server;
}

const opened: ServedMcp[] = [];
afterEach(async () => {
  for (const served of opened.splice(0)) await served.close();
});

async function serve(options: Partial<ServeMcpOptions> & { gate?: Promise<void> } = {}) {
  const lines: string[] = [];
  const gate = options.gate ?? Promise.resolve();
  const served = await serveMcp({
    name: 'wait',
    buildServer: () => buildWaitServer(gate),
    log: { level: 'info', write: (line) => lines.push(line) },
    ...options,
  });
  opened.push(served);
  const events = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { served, events };
}

const postHeaders = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

/** An initialize request and nothing else, from the client `clientName`. */
function postInitialize(
  url: string,
  headers: Record<string, string> = postHeaders,
  clientName = 'raw',
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: LATEST_PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: clientName, version: '0' },
      },
    }),
  });
}

/** Opens `count` sessions as the client `clientName` and returns the statuses of the initialize answers. */
async function initializeMany(
  url: string,
  count: number,
  clientName: string,
  headers = postHeaders,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) {
    const response = await postInitialize(url, headers, clientName);
    await response.body?.cancel();
    statuses.push(response.status);
  }
  return statuses;
}

const fromOrigin = (origin: string) => ({ ...postHeaders, Origin: origin });

const call = (id: number | string, name = 'wait') => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name } });

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !condition(); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(condition()).toBe(true);
}

/** The JSON-RPC messages of a POST's SSE answer, priming events left out. */
async function messagesOf(response: Response): Promise<unknown[]> {
  const messages: unknown[] = [];
  for await (const event of readSseEvents(response)) if (event.data !== '') messages.push(JSON.parse(event.data));
  return messages;
}

describe('session limits', () => {
  it('answers one initialize past maxSessions with 503, Retry-After and a JSON-RPC body, and admits it once a session ends', async () => {
    const { served, events } = await serve({ maxSessions: 2, idleSessionMs: 45_000 });
    // Two clients, each within its share of one.
    const first = await RawMcpSession.open(served.url);
    await RawMcpSession.open(served.url, { Origin: 'http://localhost:5173' });
    const refused = RawMcpSession.open(served.url);
    await expect(refused).rejects.toThrow(/HTTP 503/);
    const response = await postInitialize(served.url);
    expect(response.status).toBe(503);
    // Both sessions are idle (raw clients hold no GET stream): the sooner one frees up within 45 s.
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(45);
    const body = (await response.json()) as { jsonrpc: string; id: null; error: { code: number; message: string } };
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    expect(body.error.message).toBe(
      `Service Unavailable: "wait" already holds 2 sessions, its limit. Retry after ${retryAfter} s; a client that is done should end its session with DELETE.`,
    );
    expect(served.sessionCount()).toBe(2);
    expect(
      events()
        .filter((event) => event.event === 'request-refused')
        .map((event) => event.status),
    ).toEqual([503, 503]);

    expect(await first.delete()).toBe(200);
    await RawMcpSession.open(served.url);
    expect(served.sessionCount()).toBe(2);
    expect(events().filter((event) => event.event === 'session-closed')).toMatchObject([{ reason: 'deleted' }]);
  });

  it('gives one client at most half the slots at the default cap of 200: past its share it gets 429, and others still get in', async () => {
    const { served, events } = await serve();
    expect(await initializeMany(served.url, 101, 'greedy')).toEqual([...Array(100).fill(200), 429]);
    const refused = await postInitialize(served.url, postHeaders, 'greedy');
    expect(refused.status).toBe(429);
    // None of its sessions has been idle long: the soonest frees up in about 10 minutes, told as at most a minute.
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message:
          'Too Many Requests: this client already holds 100 of the 200 sessions of "wait", its share. End a session it no longer needs with DELETE, or retry after 60 s.',
      },
    });
    // Another client, known by its name, gets in; the greedy one still does not.
    expect(await initializeMany(served.url, 1, 'kitchen')).toEqual([200]);
    expect(served.sessionCount()).toBe(101);
    expect(events().filter((event) => event.event === 'request-refused')).toMatchObject([
      { status: 429, reason: expect.stringContaining('its share') },
      { status: 429 },
    ]);
  });

  it('counts a client by its address, Origin and name, and gives a slot back when a session ends', async () => {
    const { served } = await serve({ maxSessions: 4 });
    const local = fromOrigin('http://127.0.0.1:3000');
    expect(await initializeMany(served.url, 3, 'page', local)).toEqual([200, 200, 429]);
    // The same name from another page is another client; a third would find the server full.
    expect(await initializeMany(served.url, 3, 'page', fromOrigin('http://localhost:3000'))).toEqual([200, 200, 503]);
    const session = await RawMcpSession.open(served.url, { Origin: 'http://[::1]:1' }).catch((error: Error) => error);
    expect(String(session)).toMatch(/HTTP 503/);
    expect(await initializeMany(served.url, 1, 'page', local)).toEqual([503]);
  });

  it('lets maxSessionsPerClient set the share', async () => {
    const { served } = await serve({ maxSessions: 10, maxSessionsPerClient: 1 });
    expect(await initializeMany(served.url, 2, 'raw')).toEqual([200, 429]);
    const first = await RawMcpSession.open(served.url, { Origin: 'http://localhost:1' });
    expect(await first.delete()).toBe(200);
    await RawMcpSession.open(served.url, { Origin: 'http://localhost:1' });
  });

  it('gives back the place of an initialize the transport refused', async () => {
    const { served } = await serve({ maxSessions: 1 });
    const refused = await postInitialize(served.url, {
      'Content-Type': 'application/json',
      Accept: 'application/json',
    });
    expect(refused.status).toBe(406);
    await RawMcpSession.open(served.url);
    expect(served.sessionCount()).toBe(1);
  });

  it('expires a session left idle for idleSessionMs and logs it; its id then gets 404', async () => {
    const { served, events } = await serve({ idleSessionMs: 60 });
    // initialize alone: with a 60 ms expiry, a second request could already find the session gone.
    const initialized = await postInitialize(served.url);
    expect(initialized.status).toBe(200);
    await initialized.text();
    const sessionId = initialized.headers.get('mcp-session-id');
    expect(served.sessionCount()).toBe(1);
    await waitUntil(() => served.sessionCount() === 0);
    expect(events().find((event) => event.event === 'session-expired')).toMatchObject({
      level: 'info',
      server: 'wait',
      session: sessionId,
      idleMs: 60,
      sessions: 0,
    });
    const late = await fetch(served.url, {
      method: 'POST',
      headers: { ...postHeaders, 'Mcp-Session-Id': sessionId ?? '' },
      body: JSON.stringify(call(1, 'echo')),
    });
    expect(late.status).toBe(404);
  });

  it('answers a second in-flight request with the same id with -32600 instead of leaving one unanswered', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { served, events } = await serve({ gate });
    const session = await RawMcpSession.open(served.url);
    const first = await session.post(call(5));
    const second = await session.post(call(5, 'echo'));
    expect(second.status).toBe(400);
    expect(await second.json()).toEqual({
      jsonrpc: '2.0',
      id: 5,
      error: {
        code: -32600,
        message: 'Invalid Request: request id 5 is already in flight in this session; give every request its own id.',
      },
    });
    // The id "5" (a string) is another request: JSON-RPC ids keep their type.
    expect(await messagesOf(await session.post(call('5', 'echo')))).toMatchObject([{ id: '5', result: {} }]);
    open();
    expect(await messagesOf(first)).toEqual([
      { jsonrpc: '2.0', id: 5, result: { content: [{ type: 'text', text: 'waited' }] } },
    ]);
    // Answered, the id is free again.
    expect(await messagesOf(await session.post(call(5, 'echo')))).toMatchObject([{ id: 5, result: {} }]);
    expect(events().filter((event) => event.event === 'request-refused')).toMatchObject([
      { level: 'warn', status: 400 },
    ]);
  });

  it('refuses a batch that repeats an id, and frees the id of a cancelled request', async () => {
    const gate = new Promise<void>(() => {});
    const { served } = await serve({ gate });
    const session = await RawMcpSession.open(served.url);
    const batch = await session.post([call(1, 'echo'), call(1, 'echo')]);
    expect(batch.status).toBe(400);
    expect(((await batch.json()) as { id: number }).id).toBe(1);

    const abort = new AbortController();
    const waiting = await session.post(call(9), abort.signal);
    expect(waiting.status).toBe(200);
    const cancelled = await session.post({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 9, reason: 'test' },
    });
    expect(cancelled.status).toBe(202);
    abort.abort();
    expect(await messagesOf(await session.post(call(9, 'echo')))).toMatchObject([{ id: 9, result: {} }]);
  });
});
