import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { runAgentLoop } from './run-agent-loop.js';
import { createRecordingContext } from './testing/recording-context.js';
import { ScriptedModel, textTurn, toolTurn } from './testing/scripted-model.js';
import { type HttpTestServer, serveOverHttp } from './testing/serve-over-http.js';
import { buildTestServer, createObservations, type ServerObservations } from './testing/test-server.js';
import { Toolbox } from './toolbox.js';
import { isSafeToRepeat, lostConnection, SessionLostError } from './wire/call-recovery.js';

// What a load balancer in front of 2025-11-25 replicas shows the host when the replica holding its
// session dies: the session id is unknown wherever the next request lands (HTTP 404).
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function pantry(): Promise<{ server: HttpTestServer; toolbox: Toolbox; observations: ServerObservations }> {
  const observations = createObservations();
  const server = await serveOverHttp(() => buildTestServer('pantry', observations));
  cleanups.push(() => server.close());
  const toolbox = await Toolbox.connect([{ name: 'pantry', url: server.url }]);
  cleanups.push(() => toolbox.close());
  return { server, toolbox, observations };
}

describe('a 2025-11-25 session that is lost', () => {
  it('sends a read-only call again on a new session and says so in the events', async () => {
    const { server, toolbox } = await pantry();
    await toolbox.call('echo', { text: 'before' }, createRecordingContext().context);
    await server.forgetSessions();

    const { context, events } = createRecordingContext({ callId: 'after' });
    expect(await toolbox.call('echo', { text: 'after' }, context)).toEqual({
      isError: false,
      content: 'pantry says after',
    });
    expect(events.filter((event) => event.type === 'tool-retry')).toEqual([
      expect.objectContaining({
        type: 'tool-retry',
        callId: 'after',
        tool: 'echo',
        server: 'pantry',
        attempt: 1,
        newSession: true,
        reason: expect.stringContaining('HTTP 404'),
      }),
    ]);
  });

  it('never sends a call with side effects again, but opens a new session for the calls after it', async () => {
    const { server, toolbox, observations } = await pantry();
    await server.forgetSessions();

    const { context, events } = createRecordingContext();
    const refused = await toolbox.call('sleep', { ms: 1, label: 'first' }, context);
    expect(refused.isError).toBe(true);
    expect(refused.content).toMatch(/it was not run\. The host opened a new session but did not send the call again/);
    expect(observations.started).toEqual([]);
    expect(events.some((event) => event.type === 'tool-retry')).toBe(false);

    expect((await toolbox.call('sleep', { ms: 1, label: 'second' }, context)).content).toBe('second slept 1 ms');
    expect(observations.started).toEqual(['second']);
  });

  it('opens one new session for every call that lost the same one', async () => {
    const { server, toolbox } = await pantry();
    await server.forgetSessions();
    const { context, events } = createRecordingContext();
    const outcomes = await Promise.all(
      ['a', 'b', 'c', 'd'].map((text) => toolbox.call('echo', { text }, { ...context, callId: text })),
    );
    expect(outcomes.map((outcome) => outcome.content)).toEqual(
      ['a', 'b', 'c', 'd'].map((text) => `pantry says ${text}`),
    );
    expect(events.filter((event) => event.type === 'tool-retry')).toHaveLength(4);
    // One initialize for the new session: a second one would be a session nobody uses.
    expect(server.sessionCount()).toBe(1);
  });

  it('leaves a call with side effects whose connection broke mid-call as it was: not sent again', async () => {
    const { server, toolbox, observations } = await pantry();
    const pending = toolbox.call('sleep', { ms: 60_000, label: 'doomed' }, createRecordingContext().context);
    await vi.waitFor(() => expect(observations.started).toContain('doomed'));
    server.dropConnections();
    const outcome = await pending;
    expect(outcome.content).toMatch(/did not finish: the connection to the server broke mid-call/);
    expect(observations.started).toEqual(['doomed']);
  });
});

describe('a server that answers 400 to a session it does not know (as the reference everything server does)', () => {
  it('starts a new session and sends a read-only call again, as for a 404', async () => {
    const server = await serveOverHttp(() => buildTestServer('pantry'), { unknownSessionStatus: 400 });
    cleanups.push(() => server.close());
    const toolbox = await Toolbox.connect([{ name: 'pantry', url: server.url }]);
    cleanups.push(() => toolbox.close());
    await server.forgetSessions();

    const { context, events } = createRecordingContext({ callId: 'after' });
    expect(await toolbox.call('echo', { text: 'after' }, context)).toEqual({
      isError: false,
      content: 'pantry says after',
    });
    expect(events.filter((event) => event.type === 'tool-retry')).toEqual([
      expect.objectContaining({ newSession: true, reason: expect.stringContaining('HTTP 400') }),
    ]);
    expect(server.sessionCount()).toBe(1);
  });

  it('lists the tools again on the new session, so tools the restarted server added are offered', async () => {
    let restarted = false;
    const server = await serveOverHttp(
      () => {
        const built = buildTestServer('pantry');
        if (restarted) {
          built.registerTool('weigh', { description: 'Weighs a jar', inputSchema: { jar: z.string() } }, async () => ({
            content: [{ type: 'text', text: '412 g' }],
          }));
        }
        return built;
      },
      { unknownSessionStatus: 400 },
    );
    cleanups.push(() => server.close());
    const changed: string[] = [];
    const toolbox = await Toolbox.connect([{ name: 'pantry', url: server.url }], {
      onToolsChanged: (name) => changed.push(name),
    });
    cleanups.push(() => toolbox.close());
    expect(toolbox.find('weigh')).toBeUndefined();
    restarted = true;
    await server.forgetSessions();

    await toolbox.call('echo', { text: 'hello' }, createRecordingContext().context);
    await vi.waitFor(() => expect(toolbox.find('weigh')).toBeDefined(), { timeout: 20_000 });
    expect(changed).toContain('pantry');
    expect((await toolbox.call('weigh', { jar: 'a' }, createRecordingContext().context)).content).toBe('412 g');
  });

  it("offers the model the restarted server's new tools on its next turn", async () => {
    let restarted = false;
    const server = await serveOverHttp(
      () => {
        const built = buildTestServer('pantry');
        if (restarted) built.registerTool('weigh', { description: 'Weighs a jar' }, async () => ({ content: [] }));
        return built;
      },
      { unknownSessionStatus: 400 },
    );
    cleanups.push(() => server.close());
    const toolbox = await Toolbox.connect([{ name: 'pantry', url: server.url }]);
    cleanups.push(() => toolbox.close());
    const model = new ScriptedModel([
      async () => {
        restarted = true;
        await server.forgetSessions();
        return toolTurn({ name: 'echo', input: { text: 'hello' } });
      },
      textTurn('done'),
    ]);
    for await (const _event of runAgentLoop({ messages: [{ role: 'user', content: 'echo' }], model, toolbox })) {
      // drained: only the requests the model saw matter here
    }
    const offered = model.requests.map((request) => (request.tools ?? []).map((tool) => tool.name));
    expect(offered[0]).not.toContain('weigh');
    expect(offered[1]).toContain('weigh');
  });

  it('still treats a 400 about something else as an answer, not a lost session', () => {
    expect(lostConnection(new Error('Error POSTing to endpoint (HTTP 400): Parse error'))).toBeUndefined();
    expect(lostConnection(new Error('Error POSTing to endpoint (HTTP 400): No valid session ID provided'))).toEqual({
      detail: 'the server does not know the session (HTTP 400)',
      sessionGone: true,
      ran: 'no',
    });
  });
});

describe('a server started again by whoever runs it', () => {
  it('is reached again by reconnect, at its new address, with the tools it offers now', async () => {
    const first = await serveOverHttp(() => buildTestServer('pantry'));
    const changed: string[] = [];
    const toolbox = await Toolbox.connect([{ name: 'pantry', url: first.url }], {
      onToolsChanged: (name) => changed.push(name),
    });
    cleanups.push(() => toolbox.close());
    await first.close();
    toolbox.serverStopped('pantry', 'it was killed by SIGKILL');
    expect((await toolbox.call('echo', { text: 'down' }, createRecordingContext().context)).isError).toBe(true);

    const second = await serveOverHttp(() => {
      const built = buildTestServer('pantry');
      built.registerTool('weigh', { description: 'Weighs a jar' }, async () => ({
        content: [{ type: 'text', text: '412 g' }],
      }));
      return built;
    });
    cleanups.push(() => second.close());
    expect(await toolbox.reconnect({ name: 'pantry', url: second.url })).toBeUndefined();
    expect(changed).toEqual(['pantry']);
    expect(toolbox.find('weigh')?.server).toBe('pantry');
    expect((await toolbox.call('echo', { text: 'up' }, createRecordingContext().context)).content).toBe(
      'pantry says up',
    );
  });
});

describe('a server that answers GET with 404 (it offers no standalone stream)', () => {
  it('keeps its session: only a 404 to a call, or to reopening a stream that was open, loses one', async () => {
    const server = await serveOverHttp(() => buildTestServer('pantry'), { refuseGetWith: 404 });
    cleanups.push(() => server.close());
    const toolbox = await Toolbox.connect([{ name: 'pantry', url: server.url }]);
    cleanups.push(() => toolbox.close());
    const { context, events } = createRecordingContext();
    for (const text of ['one', 'two', 'three']) {
      expect((await toolbox.call('echo', { text }, context)).content).toBe(`pantry says ${text}`);
    }
    expect(events.some((event) => event.type === 'tool-retry')).toBe(false);
    expect(server.sessionCount()).toBe(1);
  });
});

describe('what may be sent again', () => {
  it('is a tool marked read-only or idempotent, nothing else', () => {
    expect(isSafeToRepeat({ readOnlyHint: true })).toBe(true);
    expect(isSafeToRepeat({ destructiveHint: true, idempotentHint: true })).toBe(true);
    expect(isSafeToRepeat({})).toBe(false);
    expect(isSafeToRepeat({ readOnlyHint: false, destructiveHint: false })).toBe(false);
  });

  it('tells a lost connection from an answer', () => {
    expect(lostConnection(new SessionLostError('gone'))).toEqual({ detail: 'gone', sessionGone: true, ran: 'maybe' });
    expect(lostConnection(new SessionLostError('gone', { beforeSend: true }))?.ran).toBe('no');
    expect(lostConnection(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }))).toEqual({
      detail: 'the connection failed (ECONNREFUSED)',
      sessionGone: false,
      ran: 'maybe',
    });
    expect(lostConnection(new Error('Error POSTing to endpoint (HTTP 503): no server available'))?.ran).toBe('maybe');
    expect(lostConnection(new Error('Input validation error: id must be a number'))).toBeUndefined();
  });
});
