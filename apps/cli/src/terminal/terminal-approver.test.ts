// The interactive approval prompt with a real Gate: what it shows, how y / n / always answer, one
// question at a time for concurrent workers, and a question nobody answers.

import { type ApprovalQuestion, Gate, type LoopEvent, type ToolDescriptor } from '@kitchen/host';
import { createRecordingContext } from '@kitchen/host/testing';
import { describe, expect, it } from 'vitest';
import { createFakeTerminal } from '../../test/fake-terminal.js';
import { createHeldOutput } from './held-output.js';
import { createTerminalApprover, describeQuestion } from './terminal-approver.js';
import { createTerminalPrompt } from './terminal-prompt.js';

const discardJar: ToolDescriptor = {
  name: 'discard_jar',
  originalName: 'discard_jar',
  server: 'cookie-jars',
  description: 'Throw a jar away',
  inputSchema: { type: 'object' },
  annotations: { readOnlyHint: false, destructiveHint: true },
};
const resealJar: ToolDescriptor = {
  ...discardJar,
  name: 'reseal_jar',
  originalName: 'reseal_jar',
  annotations: { readOnlyHint: false, destructiveHint: false },
};

function setUp(timeoutMs = 60_000) {
  const terminal = createFakeTerminal();
  const events = createHeldOutput({ write: (text: string) => eventLines.push(text) });
  const eventLines: string[] = [];
  const prompt = createTerminalPrompt({ input: terminal.input, output: terminal.output, held: events });
  const gate = new Gate({
    trustedServers: ['cookie-jars', 'pastry-chef'],
    person: { approve: createTerminalApprover({ prompt, color: false, timeoutMs }) },
    timeoutMs,
  });
  return { terminal, gate, events, eventLines };
}

function worker(id: string, name: string) {
  return createRecordingContext({ callId: `call-${id}`, agent: { id, name, parent: 'main', depth: 1 } });
}

const responses = (events: LoopEvent[]) => events.filter((event) => event.type === 'approval-response');

describe('the terminal approver', () => {
  it("shows the lane, server, full tool name, cleaned arguments and the gate's reason, and approves on y", async () => {
    const { terminal, gate } = setUp();
    const lane = worker('2', 'jars-21-40');
    const decided = gate.authorize({
      tool: discardJar,
      input: { id: 7, note: 'bad\u001b[2Jjar' },
      context: lane.context,
    });
    await terminal.answer('Allow?', 'y');
    expect(await decided).toEqual({ approved: true });
    expect(terminal.text()).toBe(
      [
        '✋ approval needed in lane #2 jars-21-40',
        '   server:    cookie-jars',
        '   tool:      discard_jar',
        '   arguments: {"id":7,"note":"bad\\u001b[2Jjar"}',
        '   why:       discard_jar on cookie-jars is marked destructive.',
        'Allow? [y]es / [n]o / [a]lways for this tool: y',
        '',
      ].join('\n'),
    );
    expect(responses(lane.events)).toMatchObject([{ agent: '2', decision: 'approved', by: 'person' }]);
  });

  it('asks concurrent questions one at a time, holds other output meanwhile, and sends each answer to its own request', async () => {
    const { terminal, gate, events, eventLines } = setUp();
    const first = worker('1', 'jars-1-20');
    const second = worker('2', 'jars-21-40');
    const firstDecision = gate.authorize({ tool: discardJar, input: { id: 3 }, context: first.context });
    const secondDecision = gate.authorize({ tool: discardJar, input: { id: 25 }, context: second.context });
    await terminal.answer('Allow?', 'no');
    events.write('a worker line\n');
    expect(eventLines).toEqual([]);
    // Only the first question was on screen when it was answered.
    expect(terminal.text()).not.toContain('{"id":25}');
    await terminal.answer('Allow?', 'yes', 2);
    expect(await firstDecision).toMatchObject({
      approved: false,
      reason: expect.stringContaining('The user denied discard_jar on cookie-jars'),
    });
    expect(await secondDecision).toEqual({ approved: true });
    expect(responses(first.events)).toMatchObject([{ agent: '1', decision: 'denied', by: 'person' }]);
    expect(responses(second.events)).toMatchObject([{ agent: '2', decision: 'approved', by: 'person' }]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(eventLines).toEqual(['a worker line\n']);
  });

  it('approves the same tool for the rest of the run after "always", and asks again about another tool', async () => {
    const { terminal, gate } = setUp();
    const lane = createRecordingContext();
    const first = gate.authorize({ tool: discardJar, input: { id: 1 }, context: lane.context });
    await terminal.answer('Allow?', 'a');
    expect(await first).toEqual({ approved: true });
    expect(await gate.authorize({ tool: discardJar, input: { id: 2 }, context: lane.context })).toEqual({
      approved: true,
    });
    expect(terminal.text().split('Allow?').length - 1).toBe(1);
    const other = gate.authorize({ tool: resealJar, input: { id: 3 }, context: lane.context });
    await terminal.answer('Allow?', 'n', 2);
    expect((await other).approved).toBe(false);
  });

  it('asks again after an answer it does not understand, and treats Ctrl-D as a no', async () => {
    const { terminal, gate } = setUp();
    const lane = createRecordingContext();
    const decided = gate.authorize({ tool: discardJar, input: { id: 1 }, context: lane.context });
    await terminal.answer('Allow?', 'maybe');
    await terminal.answer('Type y to allow it once', '');
    await new Promise((resolve) => setTimeout(resolve, 10));
    terminal.close();
    expect(await decided).toMatchObject({
      approved: false,
      reason: expect.stringContaining('the prompt was closed (Ctrl-D) without an answer'),
    });
  });

  it('denies by timeout when nobody answers, and says so at the prompt', async () => {
    const { terminal, gate } = setUp(80);
    const lane = createRecordingContext();
    const decision = await gate.authorize({ tool: discardJar, input: { id: 1 }, context: lane.context });
    expect(decision).toEqual({
      approved: false,
      reason: 'Nobody answered the approval request within 80 ms; treated as a denial.',
    });
    expect(responses(lane.events)).toMatchObject([{ decision: 'denied', by: 'timeout' }]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(terminal.text()).toContain('⌛ no answer within 80 ms: treated as a no');
  });

  it('shows the whole sampling request with its price and the tree budget left', () => {
    const question: ApprovalQuestion = {
      kind: 'sampling',
      requestId: 'sampling-1',
      agent: { id: 'main', name: 'main', depth: 0 },
      callId: 'call-1',
      server: 'pastry-chef',
      request: {
        systemPrompt: 'You are a pastry critic.',
        messages: [
          { role: 'user', content: 'Critique: lemon tart' },
          { role: 'assistant', content: 'Too sweet?' },
          { role: 'user', content: 'Be brief.' },
        ],
        maxTokens: 400,
      },
      estimatedInputTokens: 113,
      costCents: 6,
      reason: 'pastry-chef is asking to spend 6.0¢ on a model call (up to 400 output tokens).',
    };
    expect(describeQuestion(question, { color: false, treeTokens: () => ({ left: 598_000, max: 600_000 }) })).toEqual([
      '🧾 pastry-chef: the kitchen is asking to spend 6.0¢ on a model call',
      '   lane:    main',
      '   size:    ~113 input + up to 400 output tokens; 598,000 of 600,000 tree tokens left',
      '   system:  You are a pastry critic.',
      '   user:    Critique: lemon tart',
      '   assistant: Too sweet?',
      '   user:    Be brief.',
    ]);
  });
});
