// Resumable SSE streams over real HTTP: priming events with a retry field, and a stream dropped
// mid-call that a client resumes with Last-Event-ID, losing nothing. Server side.

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpServer as ModernMcpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RawMcpSession, readSseEvents, type SseEvent } from './raw-mcp-session.js';
import { type ServedMcp, type ServeMcpOptions, serveMcp } from './serve-mcp.js';
import { connectHttpClient } from './testing.js';

/** A promise the test resolves: the tool waits on it between its two halves. */
function createGate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** `drip` reports progress 1..3, waits for the gate, reports 4..5 and answers "done". */
function buildDripServer(gate: { opened: Promise<void> }): McpServer {
  const server = new McpServer({ name: 'drip', version: '1.0.0' });
  server.registerTool('drip', { inputSchema: { label: z.string() } }, async ({ label }, extra) => {
    const progressToken = extra._meta?.progressToken ?? 'none';
    const report = (progress: number) =>
      extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress, total: 5 } });
    for (const step of [1, 2, 3]) await report(step);
    await gate.opened;
    for (const step of [4, 5]) await report(step);
    return { content: [{ type: 'text', text: `done ${label}` }] };
  });
  return server;
}

/** The same tool on the v2 server SDK: its 2025 sessions ride the v2 transport and the kit's store. */
function buildModernDripServer(gate: { opened: Promise<void> }): ModernMcpServer {
  const server = new ModernMcpServer({ name: 'drip', version: '1.0.0' });
  server.registerTool('drip', { inputSchema: z.object({ label: z.string() }) }, async ({ label }, ctx) => {
    const progressToken = ctx.mcpReq._meta?.progressToken ?? 'none';
    const report = (progress: number) =>
      ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress, total: 5 } });
    for (const step of [1, 2, 3]) await report(step);
    await gate.opened;
    for (const step of [4, 5]) await report(step);
    return { content: [{ type: 'text', text: `done ${label}` }] };
  });
  return server;
}

const opened: ServedMcp[] = [];
afterEach(async () => {
  for (const served of opened.splice(0)) await served.close();
});

async function serve(gate: { opened: Promise<void> }, options: Partial<ServeMcpOptions> = {}): Promise<ServedMcp> {
  const served = await serveMcp({
    name: 'drip',
    buildServer: () => buildDripServer(gate),
    log: { level: 'silent' },
    ...options,
  });
  opened.push(served);
  return served;
}

const dripCall = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'drip', arguments: { label: `call ${id}` }, _meta: { progressToken: `token-${id}` } },
});

/** What a message event carries: progress N, or the tool's answer. */
function describeEvent(event: SseEvent): string {
  const message = JSON.parse(event.data) as {
    params?: { progress?: number };
    result?: { content: [{ text: string }] };
  };
  if (message.result) return `result: ${message.result.content[0].text}`;
  return `progress ${message.params?.progress}`;
}

/** GET with Last-Event-ID until the server has noticed the dropped stream (409 until then). */
async function resume(session: RawMcpSession, lastEventId: string): Promise<Response> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await session.get(lastEventId);
    if (response.status !== 409) return response;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the dropped stream was never released');
}

describe('resumable SSE streams', () => {
  it('opens every POST stream with a priming event: an id, a retry field and empty data', async () => {
    const gate = createGate();
    gate.open();
    const served = await serve(gate, { resumability: { retryMs: 1500 } });
    const session = await RawMcpSession.open(served.url);
    const response = await session.post(dripCall(1));
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events: SseEvent[] = [];
    for await (const event of readSseEvents(response)) events.push(event);
    expect(events[0]).toEqual({ id: expect.any(String), retry: 1500, data: '' });
    expect(events.slice(1).map(describeEvent)).toEqual([
      'progress 1',
      'progress 2',
      'progress 3',
      'progress 4',
      'progress 5',
      'result: done call 1',
    ]);
    expect(events.slice(1).every((event) => event.id !== undefined)).toBe(true);
  });

  it('primes the streams of a client that negotiated 2025-11-25 even when a request is labelled older or not at all', async () => {
    const gate = createGate();
    gate.open();
    const served = await serve(gate);
    const session = await RawMcpSession.open(served.url);
    const labelledOlder = await session.post(dripCall(3), undefined, { 'Mcp-Protocol-Version': '2025-03-26' });
    expect((await readSseEvents(labelledOlder).next()).value).toEqual({
      id: expect.any(String),
      retry: 1000,
      data: '',
    });
    // Without the header (curl), the negotiated revision counts, not 2025-03-26.
    const response = await fetch(served.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'Mcp-Session-Id': session.sessionId,
      },
      body: JSON.stringify(dripCall(4)),
    });
    expect((await readSseEvents(response).next()).value).toEqual({ id: expect.any(String), retry: 1000, data: '' });
  });

  it.each([
    ['v1', buildDripServer],
    ['v2', buildModernDripServer],
  ] as const)(
    'replays what a dropped stream missed to a client that reconnects with Last-Event-ID, nothing lost or repeated (%s server)',
    async (_sdk, build) => {
      const gate = createGate();
      const served = await serve(gate, { buildServer: () => build(gate) });
      const session = await RawMcpSession.open(served.url);
      const abort = new AbortController();
      const response = await session.post(dripCall(7), abort.signal);
      const beforeDrop: SseEvent[] = [];
      for await (const event of readSseEvents(response)) {
        beforeDrop.push(event);
        if (event.data !== '' && describeEvent(event) === 'progress 3') break;
      }
      abort.abort(); // the connection drops mid-call
      gate.open(); // the tool goes on while nobody is listening
      const lastEventId = beforeDrop.at(-1)?.id ?? '';
      const resumed = await resume(session, lastEventId);
      expect(resumed.status).toBe(200);
      const afterResume: SseEvent[] = [];
      for await (const event of readSseEvents(resumed)) {
        afterResume.push(event);
        if (describeEvent(event).startsWith('result')) break;
      }
      const seen = [...beforeDrop, ...afterResume].filter((event) => event.data !== '');
      expect(seen.map(describeEvent)).toEqual([
        'progress 1',
        'progress 2',
        'progress 3',
        'progress 4',
        'progress 5',
        'result: done call 7',
      ]);
      expect(new Set(seen.map((event) => event.id)).size).toBe(seen.length);
      expect(await session.delete()).toBe(200);
    },
  );

  it('replays the standalone GET stream too (the SDK example store cannot: typescript-sdk #943)', async () => {
    const gate = createGate();
    let server: McpServer | undefined;
    const served = await serve(gate, {
      buildServer: () => {
        server = buildDripServer(gate);
        return server;
      },
    });
    const session = await RawMcpSession.open(served.url);
    const abort = new AbortController();
    const stream = await session.get(undefined, abort.signal);
    server?.sendToolListChanged();
    const events = readSseEvents(stream);
    const first = (await events.next()).value as SseEvent;
    expect(JSON.parse(first.data)).toMatchObject({ method: 'notifications/tools/list_changed' });
    abort.abort();
    server?.sendToolListChanged(); // sent while the GET stream is down
    const resumed = readSseEvents(await resume(session, first.id ?? ''));
    const replayed = (await resumed.next()).value as SseEvent;
    expect(JSON.parse(replayed.data)).toMatchObject({ method: 'notifications/tools/list_changed' });
    expect(replayed.id).not.toBe(first.id);
    await resumed.return(undefined);
  });

  it("lets the SDK's own client finish a call whose stream the tool closed mid-call (SEP-1699 polling)", async () => {
    const served = await serveMcp({
      name: 'polling',
      log: { level: 'silent' },
      resumability: { retryMs: 20 },
      buildServer: () => {
        const server = new McpServer({ name: 'polling', version: '1.0.0' });
        server.registerTool('poll', {}, async (extra) => {
          expect(extra.closeSSEStream).toBeTypeOf('function');
          extra.closeSSEStream?.(); // the client must come back with Last-Event-ID for the rest
          await new Promise((resolve) => setTimeout(resolve, 50));
          return { content: [{ type: 'text', text: 'answered after the stream closed' }] };
        });
        return server;
      },
    });
    opened.push(served);
    const client = await connectHttpClient(served.url);
    const result = await client.callTool({ name: 'poll' });
    expect(result.content).toEqual([{ type: 'text', text: 'answered after the stream closed' }]);
    await client.close();
  });

  it('refuses a Last-Event-ID the session no longer holds, saying why', async () => {
    const gate = createGate();
    gate.open();
    const served = await serve(gate, { resumability: { maxEvents: 3 } });
    const session = await RawMcpSession.open(served.url);
    for await (const _event of readSseEvents(await session.post(dripCall(1)))) {
      // drain: seven events, of which the store keeps the last three
    }
    const response = await session.get('1');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Bad Request: Last-Event-ID 1 is not held by this session (it keeps its last 3 events), so what followed it cannot be replayed. Send the request again.',
    );
  });

  it('sends no priming event when resumability is off', async () => {
    const gate = createGate();
    gate.open();
    const served = await serve(gate, { resumability: false });
    const session = await RawMcpSession.open(served.url);
    const events: SseEvent[] = [];
    for await (const event of readSseEvents(await session.post(dripCall(2)))) events.push(event);
    expect(events.map(describeEvent)).toEqual([
      'progress 1',
      'progress 2',
      'progress 3',
      'progress 4',
      'progress 5',
      'result: done call 2',
    ]);
    expect(events.every((event) => event.id === undefined)).toBe(true);
  });
});
