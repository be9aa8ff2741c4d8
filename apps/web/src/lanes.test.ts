// The web page's lane folding, in Node: no browser, just LoopEvents in and lanes out.

import type { DoneEvent, LoopEvent, LoopEventDraft } from '@kitchen/host';
import { formatCents } from '@kitchen/runtime/format';
import { describe, expect, it } from 'vitest';
import {
  cleanDisplayText,
  laneStatusText,
  laneTitle,
  priceNote,
  recentRunAbout,
  samplingHeadline,
  shortenText,
  summaryLine,
  toolLabel,
  whenStarted,
} from './page/lane-words.js';
import { applyEvent, createRunView, foldEvents } from './page/lanes.js';

let clock = 1_000;
const at = (draft: LoopEventDraft): LoopEvent => ({ ...draft, at: nextTick() }) as LoopEvent;
function nextTick(): number {
  clock += 10;
  return clock;
}

const mainStart = at({
  type: 'agent-start',
  agent: 'main',
  name: 'main',
  depth: 0,
  task: 'Inspect all 40 cookie jars',
});
const hire = (id: string, name: string) =>
  at({ type: 'agent-start', agent: id, name, parent: 'main', depth: 1, task: `Inspect ${name}` });
const call = (agent: string, callId: string, id: number) =>
  at({ type: 'tool-call', agent, callId, tool: 'inspect_jar', server: 'cookie-jars', input: { id } });
const result = (agent: string, callId: string, content: string, isError = false) =>
  at({
    type: 'tool-result',
    agent,
    callId,
    tool: 'inspect_jar',
    server: 'cookie-jars',
    isError,
    content,
    durationMs: 12,
  });
const end = (agent: string, name: string, stopReason: 'end_turn' | 'aborted' = 'end_turn') =>
  at({
    type: 'agent-end',
    agent,
    name,
    parent: 'main',
    iterations: 2,
    toolCalls: 3,
    tokens: 4567,
    costCents: 1.2,
    stopReason,
    finalText: `${name}: jar 7 is tampered`,
  });

describe('lanes: hires, waiting time and cost', () => {
  it('counts questions open at the same time once: the time a person was waited for, not the sum', () => {
    const view = createRunView();
    applyEvent(view, mainStart);
    applyEvent(view, call('main', 'c1', 3));
    const ask = (requestId: string) =>
      at({
        type: 'approval-request',
        agent: 'main',
        requestId,
        callId: 'c1',
        tool: 'inspect_jar',
        server: 'cookie-jars',
        input: { id: 3 },
        reason: 'asks',
      });
    const answer = (requestId: string) =>
      at({
        type: 'approval-response',
        agent: 'main',
        requestId,
        callId: 'c1',
        tool: 'inspect_jar',
        server: 'cookie-jars',
        decision: 'approved',
        by: 'person',
      });
    const start = clock;
    applyEvent(view, ask('a1'));
    clock += 1_000;
    applyEvent(view, ask('a2'));
    clock += 1_000;
    applyEvent(view, answer('a1'));
    clock += 1_000;
    const last = answer('a2');
    applyEvent(view, last);
    const span = last.at - (start + 10);
    expect(view.laneById.get('main')?.waitedMs).toBe(span);
    expect(view.laneById.get('main')?.calls.get('c1')?.waitedMs).toBe(span);
  });

  it("keeps a tool's own name on its server beside the name the model saw, and only when they differ", () => {
    const view = createRunView();
    applyEvent(view, mainStart);
    const renamed = { tool: 'helper__cookie-jars_discard_jar', serverTool: 'cookie-jars.discard_jar' };
    applyEvent(view, at({ type: 'tool-call', agent: 'main', callId: 'r1', server: 'helper', input: {}, ...renamed }));
    applyEvent(view, call('main', 'r2', 3));
    expect(view.laneById.get('main')?.calls.get('r1')).toMatchObject(renamed);
    expect(view.laneById.get('main')?.calls.get('r2')).not.toHaveProperty('serverTool');
  });

  it('links a worker lane and the spawn_agent call that hired it, both ways', () => {
    const view = createRunView();
    applyEvent(view, mainStart);
    applyEvent(
      view,
      at({
        type: 'tool-call',
        agent: 'main',
        callId: 's1',
        tool: 'spawn_agent',
        server: 'local',
        input: { task: 'Inspect jars-1-20' },
      }),
    );
    const change = applyEvent(view, hire('1', 'jars-1-20'));
    expect(view.laneById.get('1')?.hiredBy).toEqual({ lane: 'main', callId: 's1' });
    expect(view.laneById.get('main')?.calls.get('s1')?.worker).toBe('1');
    // The hiring call changed too, so a page redraws it with its link.
    expect(change.also?.entry).toBe(view.laneById.get('main')?.calls.get('s1'));
  });

  it('counts the time a question waited for a person apart, per call and per lane, and the tree cost', () => {
    const view = createRunView();
    applyEvent(view, mainStart);
    applyEvent(view, call('main', 'c1', 3));
    const asked = at({
      type: 'approval-request',
      agent: 'main',
      requestId: 'approval-1',
      callId: 'c1',
      tool: 'inspect_jar',
      server: 'cookie-jars',
      input: { id: 3 },
      reason: 'asks',
    });
    applyEvent(view, asked);
    clock += 2_000;
    applyEvent(
      view,
      at({
        type: 'approval-response',
        agent: 'main',
        requestId: 'approval-1',
        callId: 'c1',
        tool: 'inspect_jar',
        server: 'cookie-jars',
        decision: 'approved',
        by: 'person',
      }),
    );
    applyEvent(
      view,
      at({
        type: 'usage',
        agent: 'main',
        model: 'offline',
        inputTokens: 10,
        outputTokens: 5,
        costCents: 0.4,
        treeTokens: 15,
      }),
    );
    expect(view.laneById.get('main')?.calls.get('c1')?.waitedMs).toBe(2_010);
    expect(view.laneById.get('main')?.waitedMs).toBe(2_010);
    expect(view.costCents).toBe(0.4);
    expect(view.laneById.get('main')?.costCents).toBe(0.4);
  });
});

describe('lanes', () => {
  it('opens the main lane first and one lane per worker as it is hired', () => {
    const view = foldEvents([mainStart, hire('1', 'jars-1-20'), hire('2', 'jars-21-40')]);
    expect(view.lanes.map((lane) => lane.id)).toEqual(['main', '1', '2']);
    expect(view.lanes.map(laneTitle)).toEqual(['main', '#1 jars-1-20', '#2 jars-21-40']);
    expect(view.lanes[1]).toMatchObject({ parent: 'main', depth: 1, task: 'Inspect jars-1-20', status: 'running' });
  });

  it('keeps the main lane first even when a worker speaks before it', () => {
    const view = foldEvents([hire('1', 'early'), mainStart]);
    expect(view.lanes.map((lane) => lane.id)).toEqual(['main', '1']);
  });

  it('puts every event in the lane of the agent that sent it, and a result on its own call', () => {
    const view = foldEvents([
      mainStart,
      hire('1', 'a'),
      hire('2', 'b'),
      at({ type: 'iteration-start', agent: '1', iteration: 1 }),
      call('1', 'c1', 1),
      call('2', 'c2', 21),
      result('2', 'c2', '{"id":21,"seal":"intact"}'),
      result('1', 'c1', 'jar 1 is missing', true),
    ]);
    const [, first, second] = view.lanes;
    expect(first?.entries.map((entry) => entry.kind)).toEqual(['iteration', 'tool']);
    expect(first?.entries[1]).toMatchObject({
      kind: 'tool',
      input: { id: 1 },
      result: { isError: true, content: 'jar 1 is missing' },
    });
    expect(second?.entries).toEqual([
      expect.objectContaining({ kind: 'tool', callId: 'c2', result: expect.objectContaining({ isError: false }) }),
    ]);
    expect(view.lanes[0]?.entries).toEqual([]);
  });

  it('says what each event changed, so the page redraws only that', () => {
    const view = createRunView();
    expect(applyEvent(view, mainStart)).toMatchObject({ laneCreated: true, entryCreated: false });
    const called = applyEvent(view, call('main', 'c1', 3));
    expect(called).toMatchObject({ laneCreated: false, entryCreated: true, entry: { kind: 'tool' } });
    const answered = applyEvent(view, result('main', 'c1', '{}'));
    expect(answered.entryCreated).toBe(false);
    expect(answered.entry).toBe(called.entry);
  });

  it('fills progress into its tool call until the result arrives', () => {
    const view = foldEvents([
      mainStart,
      at({ type: 'tool-call', agent: 'main', callId: 'b1', tool: 'bake', server: 'pastry-chef', input: {} }),
      at({ type: 'progress', agent: 'main', callId: 'b1', tool: 'bake', progress: 3, total: 8, message: 'browning' }),
    ]);
    expect(view.lanes[0]?.entries[0]).toMatchObject({
      kind: 'tool',
      progress: { progress: 3, total: 8, message: 'browning' },
    });
  });

  it('closes a lane on agent-end with its iterations, tokens and stop reason', () => {
    const view = foldEvents([
      mainStart,
      hire('1', 'a'),
      at({
        type: 'usage',
        stopReason: 'end_turn',
        agent: '1',
        model: 'offline',
        inputTokens: 100,
        outputTokens: 20,
        costCents: 0.1,
        treeTokens: 999,
      }),
      end('1', 'a'),
    ]);
    const worker = view.lanes[1]!;
    expect(worker).toMatchObject({
      status: 'ended',
      iterations: 2,
      toolCalls: 3,
      tokens: 4567,
      stopReason: 'end_turn',
      finalText: 'a: jar 7 is tampered',
    });
    // A presenter's words, the lane's tool calls counted; its tokens are on its money line.
    expect(laneStatusText(worker)).toBe('✅ finished · 2 iters · 3 tool calls');
    expect(laneStatusText(view.lanes[0]!)).toBe('running · 0 tool calls');
    expect(laneStatusText({ ...worker, stopReason: 'aborted', stoppedBy: 'stopped from the web page' })).toBe(
      '⚠️ stopped by you · 2 iters · 3 tool calls',
    );
    expect(laneStatusText({ ...worker, stopReason: 'budget' })).toBe(
      '⚠️ cut off: the token budget ran out · 2 iters · 3 tool calls',
    );
    expect(view.treeTokens).toBe(999);
  });

  it('attaches an approval request to the lane that raised it and marks it answered', () => {
    const request = at({
      type: 'approval-request',
      agent: '1',
      requestId: 'approval-7',
      callId: 'c9',
      tool: 'discard_jar',
      server: 'cookie-jars',
      input: { id: 3 },
      reason: 'discard_jar on cookie-jars is marked destructive.',
    });
    const view = foldEvents([mainStart, hire('1', 'a'), call('1', 'c9', 3)]);
    const worker = view.lanes[1]!;
    const asked = applyEvent(view, request);
    // It sits under the call that raised it, so the change is that call's entry.
    expect(asked).toMatchObject({ lane: worker, entryCreated: false, entry: { kind: 'tool', callId: 'c9' } });
    expect(worker.entries).toHaveLength(1);
    expect(worker.entries[0]).toMatchObject({
      questions: [{ kind: 'approval', requestId: 'approval-7', status: 'waiting', input: { id: 3 } }],
    });
    expect(view.lanes[0]?.entries).toEqual([]);
    expect(laneStatusText(worker)).toContain('waiting for you');

    const answered = applyEvent(
      view,
      at({
        type: 'approval-response',
        server: 'cookie-jars',
        agent: '1',
        requestId: 'approval-7',
        callId: 'c9',
        tool: 'discard_jar',
        decision: 'denied',
        reason: 'not today',
        by: 'person',
      }),
    );
    expect(answered.entry).toBe(worker.entries[0]);
    expect(worker.entries[0]).toMatchObject({
      questions: [{ status: 'denied', by: 'person', answerReason: 'not today' }],
    });
    expect(worker.waiting).toBe(0);
    expect(laneStatusText(worker)).not.toContain('waiting for you');
  });

  it('shows a refusal by rule but not the routine approvals by rule', () => {
    const view = foldEvents([
      mainStart,
      call('main', 'c1', 1),
      at({
        type: 'approval-response',
        server: 'cookie-jars',
        agent: 'main',
        requestId: 'approval-1',
        callId: 'c1',
        tool: 'inspect_jar',
        decision: 'approved',
        by: 'rule',
      }),
      at({
        type: 'approval-response',
        server: 'cookie-jars',
        agent: 'main',
        requestId: 'approval-2',
        callId: 'c1',
        tool: 'discard_jar',
        decision: 'denied',
        reason: 'needs approval',
        by: 'rule',
      }),
    ]);
    expect(view.lanes[0]?.entries.map((entry) => entry.kind)).toEqual(['tool']);
    expect(view.lanes[0]?.entries[0]).toMatchObject({
      questions: [{ kind: 'approval', status: 'denied', by: 'rule', answerReason: 'needs approval' }],
    });
  });

  it('keeps a question that belongs to no call the lane shows as an entry of its own', () => {
    const view = foldEvents([
      mainStart,
      at({
        type: 'approval-request',
        agent: 'main',
        requestId: 'approval-3',
        tool: 'discard_jar',
        server: 'cookie-jars',
        input: { id: 4 },
        reason: 'destructive',
      }),
    ]);
    expect(view.lanes[0]?.entries).toEqual([
      expect.objectContaining({ kind: 'approval', requestId: 'approval-3', status: 'waiting' }),
    ]);
  });

  it('shows a sampling request as the kitchen asking to spend cents, then what it cost', () => {
    const view = foldEvents([
      mainStart,
      at({
        type: 'sampling-request',
        agent: 'main',
        requestId: 'sampling-1',
        server: 'pastry-chef',
        maxTokens: 400,
        estimatedInputTokens: 150,
        costCents: 6,
        treeTokensLeft: 590_000,
      }),
    ]);
    const entry = view.lanes[0]!.entries[0]!;
    expect(entry.kind === 'sampling' && samplingHeadline(entry)).toBe('the kitchen is asking to spend 6.0¢');
    applyEvent(
      view,
      at({
        type: 'sampling-response',
        agent: 'main',
        requestId: 'sampling-1',
        server: 'pastry-chef',
        outcome: 'answered',
        inputTokens: 140,
        outputTokens: 90,
        costCents: 0.2,
      }),
    );
    expect(entry).toMatchObject({ status: 'answered', inputTokens: 140, outputTokens: 90, chargedCents: 0.2 });
    expect(view.samplingCents).toBe(0.2);
  });

  it('prices a sampling request below a tenth of a cent as the terminal does, not as 0.0¢', () => {
    const view = foldEvents([
      mainStart,
      at({
        type: 'sampling-request',
        agent: 'main',
        requestId: 'sampling-2',
        server: 'pastry-chef',
        maxTokens: 20,
        estimatedInputTokens: 30,
        costCents: 0.04,
        treeTokensLeft: 590_000,
      }),
    ]);
    const entry = view.lanes[0]!.entries[0]!;
    // The page and the terminal share one formatter (@kitchen/runtime/format).
    expect(formatCents(0.04)).toBe('0.04¢');
    expect(entry.kind === 'sampling' && samplingHeadline(entry)).toBe('the kitchen is asking to spend 0.04¢');
    const done: DoneEvent = {
      type: 'done',
      agent: 'main',
      at: 2_000,
      finalText: '',
      stopReason: 'end_turn',
      iterations: 1,
      toolCalls: 1,
      tokens: 100,
      costCents: 0.04,
    };
    expect(summaryLine(done, { samplingCents: 0.04 })).toBe(
      '📊 finished · 1 iteration · 1 tool call · 100 tokens · 0.04¢ (sampling 0.04¢)',
    );
  });

  it('keeps an elicitation form in its lane until it is answered', () => {
    const schema = { type: 'object', properties: { servings: { type: 'integer' } }, required: ['servings'] };
    const view = foldEvents([
      mainStart,
      at({
        type: 'elicitation-request',
        agent: 'main',
        requestId: 'elicitation-1',
        server: 'pastry-chef',
        message: 'Which filling?',
        schema,
      }),
    ]);
    expect(view.lanes[0]?.entries[0]).toMatchObject({ kind: 'elicitation', status: 'waiting', schema });
    applyEvent(
      view,
      at({
        type: 'elicitation-response',
        agent: 'main',
        requestId: 'elicitation-1',
        server: 'pastry-chef',
        action: 'accept',
        content: { servings: 4 },
      }),
    );
    expect(view.lanes[0]?.entries[0]).toMatchObject({ status: 'accept', content: { servings: 4 } });
  });

  it('keeps the done event and sums the run up in one line', () => {
    const start: LoopEvent = { ...mainStart, at: 5_000 };
    const done: DoneEvent = {
      type: 'done',
      agent: 'main',
      at: 7_345,
      finalText: '- jar 7: seal broken',
      stopReason: 'end_turn',
      iterations: 7,
      toolCalls: 45,
      tokens: 123_456,
      costCents: 38.25,
    };
    const view = foldEvents([start, done]);
    expect(view.done).toBe(done);
    expect(summaryLine(done, { startedAt: view.startedAt, model: 'offline model (deterministic, no network)' })).toBe(
      '📊 finished · 7 iterations · 45 tool calls · 123,456 tokens · 38.3¢ · 2.3 s · model: offline model (deterministic, no network)',
    );
    expect(summaryLine(done, { maxTreeTokens: 600_000, samplingCents: 0.5 })).toBe(
      '📊 finished · 7 iterations · 45 tool calls · 123,456 of 600,000 tree tokens · 38.3¢ (sampling 0.5¢)',
    );
  });
});

describe('recent runs told apart', () => {
  it('says when each run started, how it ended and what it cost', () => {
    const now = new Date(2026, 11, 1, 21, 30).getTime();
    expect(whenStarted(new Date(2026, 11, 1, 21, 3, 12).getTime(), now)).toBe('today 21:03:12');
    expect(whenStarted(new Date(2026, 10, 30, 9, 15, 40).getTime(), now)).toBe('yesterday 09:15:40');
    expect(whenStarted(new Date(2026, 10, 3, 14, 2, 7).getTime(), now)).toBe('3 Nov 14:02:07');
    expect(recentRunAbout({ outcome: 'end_turn', costCents: 12.3, workers: 4, durationMs: 38_000 })).toBe(
      'finished · 12.3¢ · 4 workers · 38 s',
    );
    // The runs list now carries the outcome word kitchen runs prints ("done", "partly done", …).
    expect(recentRunAbout({ outcome: 'done', costCents: 5.9, workers: 3, durationMs: 1_200 })).toBe(
      'finished · 5.9¢ · 3 workers · 1.2 s',
    );
    expect(recentRunAbout({ outcome: 'partly done', costCents: 1, workers: 0, durationMs: 900 })).toMatch(
      /^partly done · /,
    );
    expect(recentRunAbout({ outcome: 'interrupted', costCents: 0.04, workers: 0, durationMs: 900 })).toBe(
      'interrupted · 0.04¢ · 900 ms',
    );
    expect(recentRunAbout({ outcome: 'unfinished', costCents: 0, workers: 1, durationMs: 2_000 })).toBe(
      'unfinished · 0.0¢ · 1 worker · 2 s',
    );
  });

  it("labels the offline model's cost as priced like Claude Sonnet, and no other model's", () => {
    expect(priceNote('offline model (deterministic, no network)')).toBe('offline model, priced as Claude Sonnet');
    expect(priceNote('claude-sonnet-5')).toBe('');
  });
});

describe('text for the page', () => {
  it('strips control characters and bidi overrides from untrusted text, keeping newlines', () => {
    expect(cleanDisplayText('ok\u0007\u202e done\r\nnext\u001b[2J')).toBe('ok done\nnext');
  });

  it('shortens to one line with an ellipsis only when it cuts', () => {
    expect(shortenText('short\nresult', 20)).toBe('short result');
    expect(shortenText('x'.repeat(30), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('names a remote tool by its server and a local one plainly', () => {
    expect(toolLabel('cookie-jars', 'inspect_jar')).toBe('cookie-jars.inspect_jar');
    expect(toolLabel('dice', 'dice__roll')).toBe('dice.roll');
    expect(toolLabel('local', 'spawn_agent')).toBe('spawn_agent');
  });
});

describe('server log lines', () => {
  it("shows a server's log line as an entry of the main lane, in the server's name", () => {
    const view = foldEvents([
      mainStart,
      at({ type: 'server-log', agent: 'main', server: 'everything', level: 'info', logger: 'demo', text: 'hello' }),
    ]);
    expect(view.lanes[0]?.entries.at(-1)).toEqual({
      kind: 'log',
      server: 'everything',
      level: 'info',
      logger: 'demo',
      text: 'hello',
    });
  });
});
