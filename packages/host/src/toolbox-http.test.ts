import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerRefusedError, ServerUnreachableError } from './errors.js';
import { createRecordingContext } from './testing/recording-context.js';
import { type HttpTestServer, serveOverHttp } from './testing/serve-over-http.js';
import { buildTestServer, createObservations } from './testing/test-server.js';
import { type ServerRequestHandlers, Toolbox } from './toolbox.js';
import { WireRecorder } from './wire/wire-recorder.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startServer(observations = createObservations()): Promise<HttpTestServer> {
  const server = await serveOverHttp(() => buildTestServer('pantry', observations));
  cleanups.push(() => server.close());
  return server;
}

async function connect(url: string, handlers?: ServerRequestHandlers): Promise<Toolbox> {
  const toolbox = await Toolbox.connect([{ name: 'pantry', url }], handlers ? { handlers } : {});
  cleanups.push(() => toolbox.close());
  return toolbox;
}

describe('Toolbox over Streamable HTTP', () => {
  it('calls a tool on a real server and streams its progress', async () => {
    const server = await startServer();
    const toolbox = await connect(server.url);
    const { context, events } = createRecordingContext();

    expect(await toolbox.call('echo', { text: 'over the wire' }, context)).toEqual({
      isError: false,
      content: 'pantry says over the wire',
    });
    expect((await toolbox.call('progress', { steps: 2, intervalMs: 5 }, context)).content).toBe(
      'done after 2 steps (progress token present)',
    );
    expect(events.filter((event) => event.type === 'progress')).toHaveLength(2);
  });

  it('cancels an aborted call over HTTP, and sends no cancellation for the calls answered before it', async () => {
    const observations = createObservations();
    const server = await startServer(observations);
    const wire = new WireRecorder();
    const toolbox = await Toolbox.connect([{ name: 'pantry', url: server.url }], { wire });
    cleanups.push(() => toolbox.close());
    const { context, abort } = createRecordingContext();

    for (const text of ['one', 'two'])
      expect(await toolbox.call('echo', { text }, context)).toEqual({ isError: false, content: `pantry says ${text}` });
    const pending = toolbox.call('sleep', { ms: 60_000, label: 'long' }, context);
    await vi.waitFor(() => expect(observations.started).toContain('long'));
    abort();
    expect((await pending).content).toBe('Tool "sleep" on server "pantry" was cancelled because the run was aborted.');
    await vi.waitFor(() => expect(observations.cancelled).toContain('long'));

    const sent = wire.records.flatMap((record) =>
      record.kind === 'request' && typeof record.body === 'object' && record.body !== null ? [record.body] : [],
    ) as Array<{ method?: string; id?: number; params?: { name?: string; requestId?: number } }>;
    const sleep = sent.find((message) => message.params?.name === 'sleep');
    const cancellations = sent.filter((message) => message.method === 'notifications/cancelled');
    expect(cancellations.map((message) => message.params?.requestId)).toEqual([sleep?.id]);
  });

  it('finds the causing call for sampling requests read from two SSE streams at once', async () => {
    const server = await startServer();
    const handlers: ServerRequestHandlers = {
      sampling: async (_server, _params, context) => ({
        role: 'assistant',
        model: 'test',
        content: { type: 'text', text: `for ${context?.callId}` },
      }),
    };
    const toolbox = await connect(server.url, handlers);
    const [first, second] = await Promise.all([
      toolbox.call('ask_model', { prompt: 'a', delayMs: 50 }, createRecordingContext({ callId: 'first' }).context),
      toolbox.call('ask_model', { prompt: 'b', delayMs: 5 }, createRecordingContext({ callId: 'second' }).context),
    ]);
    expect([first.content, second.content]).toEqual(['for first', 'for second']);
  });

  it('reports a server that dies mid-call at once, not at the timeout', async () => {
    const observations = createObservations();
    const server = await startServer(observations);
    const toolbox = await connect(server.url);
    // The sleep outlasts the test's timeout and the call timeout: settling at all means the break was noticed.
    const pending = toolbox.call('sleep', { ms: 60_000, label: 'doomed' }, createRecordingContext().context);
    await vi.waitFor(() => expect(observations.started).toContain('doomed'));
    server.dropConnections();

    const outcome = await pending;
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(
      /^Tool "sleep" on server "pantry" did not finish: the connection to the server broke mid-call/,
    );
  });

  it('reports a server that is gone as a tool result', async () => {
    const server = await startServer();
    const toolbox = await connect(server.url);
    await server.close();

    const outcome = await toolbox.call('echo', { text: 'anyone?' }, createRecordingContext().context);
    expect(outcome.isError).toBe(true);
    // A pooled connection breaks under the call (it may have run); a fresh one is refused.
    expect(outcome.content).toMatch(
      /^Tool "echo" on server "pantry" (did not finish: the connection to the server broke before an answer|could not be called: nothing answers at the server's address) \(fetch failed/,
    );
  });

  it('runs sixteen calls in flight on one run signal without a listener-leak warning', async () => {
    const server = await startServer();
    const toolbox = await connect(server.url);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      // One turn's calls share the run's signal, as they do in the agent loop.
      const { context } = createRecordingContext();
      const calls = Array.from({ length: 16 }, (_, index) =>
        toolbox.call('sleep', { ms: 30, label: `batch ${index}` }, { ...context, callId: `c${index}` }),
      );
      const outcomes = await Promise.all(calls);
      expect(outcomes.every((outcome) => !outcome.isError)).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });
});

describe('Toolbox.connect failures', () => {
  it('lists a server where nothing listens as unavailable, naming the server, the URL and the fix', async () => {
    const server = await startServer();
    await server.close();
    const toolbox = await Toolbox.connect([{ name: 'pantry', url: server.url }]);
    cleanups.push(() => toolbox.close());

    const [unavailable] = toolbox.unavailable;
    expect(unavailable?.error).toBeInstanceOf(ServerUnreachableError);
    expect(unavailable?.error).toMatchObject({ code: 'server-unreachable', server: 'pantry', url: server.url });
    expect(unavailable?.error.message).toContain(`Could not reach MCP server "pantry" at ${server.url}`);
    expect(unavailable?.error.message).toContain('Is it running');
    expect(toolbox.list()).toEqual([]);
  });

  it('lists a ServerRefusedError when something else answers at the URL', async () => {
    const notMcp = createServer((_request, response) => response.writeHead(404).end('no such page'));
    await new Promise<void>((resolve) => notMcp.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => notMcp.close(() => resolve())));
    const url = `http://127.0.0.1:${(notMcp.address() as AddressInfo).port}/wrong`;

    const toolbox = await Toolbox.connect([{ name: 'pantry', url }]);
    cleanups.push(() => toolbox.close());
    const error = toolbox.unavailable[0]?.error;
    expect(error).toBeInstanceOf(ServerRefusedError);
    expect(error).toMatchObject({ code: 'server-refused', server: 'pantry', status: 404 });
    expect(error?.message).toContain('Check the path in the URL');
  });

  it('keeps the servers that answered when another one is down', async () => {
    const up = await startServer();
    const down = await startServer();
    await down.close();
    const toolbox = await Toolbox.connect([
      { name: 'dice', url: up.url },
      { name: 'pantry', url: down.url },
    ]);
    cleanups.push(() => toolbox.close());

    expect(toolbox.serverNames).toEqual(['dice']);
    expect(toolbox.unavailable.map((server) => server.server)).toEqual(['pantry']);
    const outcome = await toolbox.call('echo', { text: 'hi' }, createRecordingContext().context);
    expect(outcome).toEqual({ isError: false, content: 'pantry says hi' });
  });

  it('rejects a URL that is not http(s) before connecting', async () => {
    await expect(Toolbox.connect([{ name: 'pantry', url: 'ftp://127.0.0.1/mcp' }])).rejects.toThrow(
      /use an http:\/\/ or https:\/\/ URL/,
    );
  });
});
