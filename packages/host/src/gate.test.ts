import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowAllGate, Gate, type GateOptions } from './gate.js';
import { createPendingApprovals } from './person/pending-approvals.js';
import type { ApprovalQuestion, Person } from './person.js';

type Approver = Person['approve'];

import type { LoopEventDraft } from './loop-event.js';
import type { ToolAnnotations, ToolCallContext, ToolDescriptor } from './tool-types.js';

/** Answers every question the same way, as a person who always says yes (or no) would. */
function answering(approve: boolean): Approver {
  return async () =>
    approve
      ? { approved: true, reason: 'approved by the test' }
      : { approved: false, reason: 'the test refuses every call that needs approval' };
}

function tool(originalName: string, annotations: ToolAnnotations, server = 'cookie-jars'): ToolDescriptor {
  return {
    name: originalName,
    originalName,
    server,
    description: `${originalName} for tests`,
    inputSchema: { type: 'object' },
    annotations,
  };
}

const discardJar = tool('discard_jar', { readOnlyHint: false, destructiveHint: true });
const inspectJar = tool('inspect_jar', { readOnlyHint: true });

function lane(agentId = 'main', callId = 'call-1', signal: AbortSignal = new AbortController().signal) {
  const events: LoopEventDraft[] = [];
  const context: ToolCallContext = {
    callId,
    agent: { id: agentId, name: agentId, depth: agentId === 'main' ? 0 : 1 },
    signal,
    emit: (event) => events.push(event),
  };
  return { context, events };
}

/** A gate for tools of cookie-jars, which the person marked trusted: its annotations decide. */
function trustingGate(options: GateOptions = {}): Gate {
  return new Gate({ trustedServers: ['cookie-jars'], ...options });
}

async function settled(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await Promise.resolve();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Gate.decide without rules', () => {
  const gate = trustingGate();

  it('approves local tools and read-only tools', () => {
    expect(gate.decide(tool('spawn_agent', {}, 'local'), {})).toEqual({ kind: 'approved', reason: 'local tool' });
    expect(gate.decide(inspectJar, {})).toEqual({ kind: 'approved', reason: 'marked read-only' });
  });

  it('asks for destructive, open-world and unannotated tools', () => {
    expect(gate.decide(discardJar, {})).toEqual({
      kind: 'ask',
      reason: 'discard_jar on cookie-jars is marked destructive.',
    });
    expect(
      gate.decide(tool('place_order', { destructiveHint: false, openWorldHint: true }, 'cookie-jars'), {}),
    ).toEqual({
      kind: 'ask',
      reason: 'place_order on cookie-jars reaches outside the kitchen and is not marked read-only.',
    });
    expect(gate.decide(tool('mystery', {}), {})).toEqual({
      kind: 'ask',
      reason: 'mystery on cookie-jars has no annotations saying it is safe, so it may change or destroy things.',
    });
  });

  it('asks for a write that is neither destructive nor open-world, because only read-only tools pass', () => {
    const reseal = tool('reseal_jar', { readOnlyHint: false, destructiveHint: false, openWorldHint: false });
    expect(gate.decide(reseal, {})).toEqual({
      kind: 'ask',
      reason: 'reseal_jar on cookie-jars is not marked read-only, so it may change things.',
    });
  });
});

describe('Gate.decide for a server nobody marked trusted', () => {
  const stranger = (annotations: ToolAnnotations) => tool('peek', annotations, 'jar-tools');

  it('asks whatever the annotations say, and says why', () => {
    const gate = new Gate({ trustedServers: ['cookie-jars'] });
    expect(gate.decide(stranger({ readOnlyHint: true }), {})).toEqual({
      kind: 'ask',
      reason: 'jar-tools is not marked trusted; it says this tool is read-only.',
      untrusted: true,
    });
    expect(gate.decide(stranger({ destructiveHint: true }), {})).toMatchObject({
      kind: 'ask',
      reason: 'jar-tools is not marked trusted; it says this tool is destructive.',
    });
    expect(gate.decide(stranger({}), {}).kind).toBe('ask');
    expect(new Gate().decide(inspectJar, {}).kind).toBe('ask');
    expect(gate.trusts('cookie-jars')).toBe(true);
    expect(gate.trusts('jar-tools')).toBe(false);
  });

  it('lets a rule still allow an untrusted server’s tool', () => {
    const gate = new Gate({ rules: [{ server: 'jar-tools', action: 'allow' }] });
    expect(gate.decide(stranger({ readOnlyHint: true }), {}).kind).toBe('approved');
  });

  it('asks before the first call of a read-only tool only, once the person said yes', async () => {
    const asked: ApprovalQuestion[] = [];
    const gate = new Gate({
      person: {
        approve: async (question) => {
          asked.push(question);
          return { approved: true, reason: 'yes' };
        },
      },
    });
    const peek = stranger({ readOnlyHint: true });
    const poke = stranger({ destructiveHint: true });
    for (const target of [peek, peek, poke, poke]) {
      expect(await gate.authorize({ tool: target, input: {}, context: lane().context })).toEqual({ approved: true });
    }
    expect(asked.map((question) => question.reason)).toEqual([
      'jar-tools is not marked trusted; it says this tool is read-only.',
      'jar-tools is not marked trusted; it says this tool is destructive.',
      'jar-tools is not marked trusted; it says this tool is destructive.',
    ]);
  });
});

describe('Gate.decide with rules', () => {
  it('lets a rule override the annotations in both directions', () => {
    const gate = trustingGate({
      rules: [
        { server: 'cookie-jars', tool: 'discard_*', action: 'allow' },
        { tool: 'inspect_jar', action: 'deny', reason: 'inspections are closed today' },
        { server: 'local', action: 'ask' },
      ],
    });
    expect(gate.decide(discardJar, {})).toEqual({ kind: 'approved', reason: 'rule allow:cookie-jars/discard_*' });
    expect(gate.decide(inspectJar, {})).toEqual({
      kind: 'denied',
      reason:
        "The kitchen's rules do not allow inspect_jar on cookie-jars (rule deny:inspect_jar: inspections are closed today). Do not call it again; finish without it and say in your report what could not be done.",
    });
    expect(gate.decide(tool('spawn_agent', {}, 'local'), {})).toEqual({
      kind: 'ask',
      reason: 'The rule ask:local/* asks before spawn_agent on local.',
    });
  });

  it('matches rules against the tool’s own name, not the namespaced one the model sees', () => {
    const namespaced = { ...discardJar, name: 'cookie-jars__discard_jar' };
    const gate = trustingGate({ rules: [{ tool: 'discard_jar', action: 'deny' }] });
    expect(gate.decide(namespaced, {}).kind).toBe('denied');
  });
});

it('lets an earlier rule set win over a later one, however specific the later rule is', () => {
  const gate = trustingGate({
    ruleSets: [
      { source: '--rule', rules: [{ tool: 'discard_*', action: 'allow' }] },
      {
        source: 'rules.json',
        rules: [
          { server: 'cookie-jars', tool: 'discard_jar', action: 'deny' },
          { tool: 'reseal_jar', action: 'deny' },
        ],
      },
    ],
    rules: [{ tool: '*', action: 'ask' }],
  });
  expect(gate.decide(discardJar, {})).toEqual({ kind: 'approved', reason: 'rule allow:discard_* from --rule' });
  expect(gate.decide(tool('reseal_jar', { readOnlyHint: false }), {})).toMatchObject({
    kind: 'denied',
    reason: expect.stringContaining('(rule deny:reseal_jar from rules.json)'),
  });
  // The plain rules come last, and the annotations only when no rule matches at all.
  expect(gate.decide(inspectJar, {})).toEqual({
    kind: 'ask',
    reason: 'The rule ask:* asks before inspect_jar on cookie-jars.',
  });
  expect(gate.rules).toHaveLength(4);
  expect(trustingGate({ ruleSets: [{ source: 'x', rules: [] }] }).decide(inspectJar, {})).toEqual({
    kind: 'approved',
    reason: 'marked read-only',
  });
});

describe('Gate.authorize', () => {
  it('emits one approval-response by rule when the gate decides alone', async () => {
    const { context, events } = lane();
    await expect(trustingGate().authorize({ tool: inspectJar, input: { id: 3 }, context })).resolves.toEqual({
      approved: true,
    });
    expect(events).toEqual([
      {
        type: 'approval-response',
        agent: 'main',
        requestId: expect.stringMatching(/^approval-\d+$/),
        callId: 'call-1',
        tool: 'inspect_jar',
        server: 'cookie-jars',
        decision: 'approved',
        reason: 'marked read-only',
        by: 'rule',
      },
    ]);
  });

  it('denies an ask when no approver is configured, as decided by nobody', async () => {
    const { context, events } = lane();
    const result = await trustingGate().authorize({ tool: discardJar, input: { id: 17 }, context });
    const reason =
      'discard_jar on cookie-jars was not run: it needs approval (discard_jar on cookie-jars is marked destructive) and this run has no one to ask. Do not call it again; finish without it and say in your report what could not be done.';
    expect(result).toEqual({ approved: false, reason });
    expect(events.map((event) => event.type)).toEqual(['approval-response']);
    expect(events[0]).toMatchObject({ decision: 'denied', by: 'nobody', reason });
  });

  it('asks, then reports the user’s approval, in that order', async () => {
    const { context, events } = lane('2', 'call-9');
    const gate = trustingGate({ person: { approve: answering(true) } });
    await expect(gate.authorize({ tool: discardJar, input: { id: 17 }, context })).resolves.toEqual({ approved: true });
    const requestId = (events[0] as { requestId: string }).requestId;
    expect(events).toEqual([
      {
        type: 'approval-request',
        agent: '2',
        requestId,
        callId: 'call-9',
        tool: 'discard_jar',
        server: 'cookie-jars',
        input: { id: 17 },
        reason: 'discard_jar on cookie-jars is marked destructive.',
      },
      {
        type: 'approval-response',
        agent: '2',
        requestId,
        callId: 'call-9',
        tool: 'discard_jar',
        server: 'cookie-jars',
        decision: 'approved',
        reason: 'approved by the test',
        by: 'person',
      },
    ]);
  });

  it('turns a refusal into a sentence the model can act on', async () => {
    const { context, events } = lane();
    const refused = await trustingGate({ person: { approve: answering(false) } }).authorize({
      tool: discardJar,
      input: {},
      context,
    });
    expect(refused).toEqual({
      approved: false,
      reason: 'The user denied discard_jar on cookie-jars: the test refuses every call that needs approval.',
    });
    expect(events.map((event) => [event.type, 'by' in event ? event.by : undefined])).toEqual([
      ['approval-request', undefined],
      ['approval-response', 'person'],
    ]);

    const silent: Approver = async () => ({ approved: false });
    const bare = await trustingGate({ person: { approve: silent } }).authorize({
      tool: discardJar,
      input: {},
      context: lane().context,
    });
    expect(bare).toEqual({
      approved: false,
      reason:
        'The user denied discard_jar on cookie-jars: do not retry the same call; carry on without it and say in your report what was not done.',
    });
  });

  it('treats an unanswered request as a denial by timeout', async () => {
    const approvals = createPendingApprovals();
    const { context, events } = lane();
    const pending = trustingGate({ person: approvals, timeoutMs: 30 }).authorize({
      tool: discardJar,
      input: {},
      context,
    });
    expect(approvals.pending()).toHaveLength(1);
    const reason = 'Nobody answered the approval request within 30 ms; treated as a denial.';
    await expect(pending).resolves.toEqual({ approved: false, reason });
    expect(events[1]).toMatchObject({ type: 'approval-response', decision: 'denied', by: 'timeout', reason });
    expect(approvals.pending()).toEqual([]);
    expect(approvals.answer((events[0] as { requestId: string }).requestId, true)).toBe(false);
  });

  it('waits five minutes by default', () => {
    expect(trustingGate().timeoutMs).toBe(5 * 60_000);
  });

  it('denies when the run is stopped while it waits, and withdraws the question', async () => {
    const approvals = createPendingApprovals();
    const controller = new AbortController();
    const { context, events } = lane('main', 'call-1', controller.signal);
    const pending = trustingGate({ person: approvals }).authorize({ tool: discardJar, input: {}, context });
    await settled();
    expect(approvals.pending()).toHaveLength(1);
    controller.abort();
    await expect(pending).resolves.toEqual({
      approved: false,
      reason: 'The run was stopped before anyone answered the approval request for discard_jar on cookie-jars.',
    });
    expect(events.map((event) => event.type)).toEqual(['approval-request', 'approval-response']);
    // A stop is recorded as a stop, never as a person's denial.
    expect(events[1]).toMatchObject({ decision: 'denied', by: 'stop' });
    expect(approvals.pending()).toEqual([]);
  });

  it('numbers its questions per gate, so two gates never share a counter', async () => {
    const ids = async (gate: Gate) => {
      const { context, events } = lane();
      await gate.authorize({ tool: discardJar, input: {}, context });
      await gate.authorize({ tool: discardJar, input: {}, context });
      return events.filter((event) => event.type === 'approval-response').map((event) => event.requestId);
    };
    expect(await ids(trustingGate())).toEqual(['approval-1', 'approval-2']);
    expect(await ids(trustingGate())).toEqual(['approval-1', 'approval-2']);
  });

  it('does not ask at all when the run is already stopped', async () => {
    const controller = new AbortController();
    controller.abort();
    const { context, events } = lane('main', 'call-1', controller.signal);
    const result = await trustingGate({ person: { approve: answering(true) } }).authorize({
      tool: discardJar,
      input: {},
      context,
    });
    expect(result.approved).toBe(false);
    expect(events.map((event) => event.type)).toEqual(['approval-response']);
  });

  it('answers concurrent asks from different agents independently', async () => {
    const approvals = createPendingApprovals();
    const gate = trustingGate({ person: approvals });
    const first = lane('1', 'call-a');
    const second = lane('2', 'call-b');
    const firstResult = gate.authorize({ tool: discardJar, input: { id: 1 }, context: first.context });
    const secondResult = gate.authorize({ tool: discardJar, input: { id: 2 }, context: second.context });
    await settled();
    const waiting = approvals.pending();
    expect(
      waiting.map((question: ApprovalQuestion) => [
        question.agent.id,
        question.callId,
        question.kind === 'tool-call' ? question.input : undefined,
      ]),
    ).toEqual([
      ['1', 'call-a', { id: 1 }],
      ['2', 'call-b', { id: 2 }],
    ]);
    expect(waiting[0]?.requestId).not.toBe(waiting[1]?.requestId);

    expect(approvals.answer(waiting[1]!.requestId, false, 'keep jar 2')).toBe(true);
    await expect(secondResult).resolves.toEqual({
      approved: false,
      reason: 'The user denied discard_jar on cookie-jars: keep jar 2.',
    });
    expect(approvals.pending().map((question) => question.requestId)).toEqual([waiting[0]!.requestId]);

    expect(approvals.answer(waiting[0]!.requestId, true)).toBe(true);
    await expect(firstResult).resolves.toEqual({ approved: true });
    expect(approvals.answer(waiting[0]!.requestId, true)).toBe(false);
    expect(first.events.map((event) => [event.type, event.agent])).toEqual([
      ['approval-request', '1'],
      ['approval-response', '1'],
    ]);
    expect(second.events.map((event) => [event.type, event.agent])).toEqual([
      ['approval-request', '2'],
      ['approval-response', '2'],
    ]);
  });

  it('denies when the approver fails or answers something other than approved: true', async () => {
    const failing: Approver = async () => {
      throw new Error('terminal closed');
    };
    await expect(
      trustingGate({ person: { approve: failing } }).authorize({
        tool: discardJar,
        input: {},
        context: lane().context,
      }),
    ).resolves.toEqual({
      approved: false,
      reason: 'The approval request for discard_jar on cookie-jars failed (terminal closed); treated as a denial.',
    });
    const sloppy = (async () => ({ approved: 'yes' })) as unknown as Approver;
    const result = await trustingGate({ person: { approve: sloppy } }).authorize({
      tool: discardJar,
      input: {},
      context: lane().context,
    });
    expect(result.approved).toBe(false);
  });

  it('never throws, even when emitting fails', async () => {
    const context: ToolCallContext = {
      ...lane().context,
      emit: () => {
        throw new Error('stream closed');
      },
    };
    const result = await trustingGate().authorize({ tool: inspectJar, input: {}, context });
    expect(result).toEqual({
      approved: false,
      reason:
        'The approval gate failed while checking inspect_jar on cookie-jars (stream closed); treated as a denial.',
    });
  });
});

describe('allowAllGate', () => {
  it('approves even destructive tools and still reports the decision by rule', async () => {
    const { context, events } = lane();
    await expect(allowAllGate.authorize({ tool: discardJar, input: {}, context })).resolves.toEqual({ approved: true });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'approval-response', decision: 'approved', by: 'rule' });
  });
});
