import type { LoopEvent } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { parseEvalCaseFile } from './eval-case-file.js';
import { scoreRun } from './score-run.js';

// A run as its events: plain objects, the way a trace holds them.
function run(options: {
  calls?: Array<{ tool: string; input: Record<string, unknown>; error?: string; server?: string }>;
  finalText: string;
  model?: string;
  stopReason?: 'end_turn' | 'max_iterations';
  tokens?: number;
}): LoopEvent[] {
  const agent = 'main';
  const at = 0;
  const events: LoopEvent[] = [
    { type: 'agent-start', agent, at, name: 'main', depth: 0, task: 'the task' },
    {
      type: 'usage',
      agent,
      at,
      model: options.model ?? 'claude-test',
      inputTokens: 100,
      outputTokens: 20,
      costCents: 0.5,
      treeTokens: 120,
    },
  ];
  (options.calls ?? []).forEach((call, index) => {
    const server = call.server ?? 'cookie-jars';
    const callId = `call-${index}`;
    events.push({ type: 'tool-call', agent, at, callId, tool: call.tool, server, input: call.input });
    events.push({
      type: 'tool-result',
      agent,
      at,
      callId,
      tool: call.tool,
      server,
      isError: call.error !== undefined,
      content: call.error ?? 'ok',
      durationMs: 1,
    });
  });
  events.push({
    type: 'done',
    agent,
    at,
    finalText: options.finalText,
    stopReason: options.stopReason ?? 'end_turn',
    iterations: 2,
    toolCalls: options.calls?.length ?? 0,
    tokens: options.tokens ?? 120,
    costCents: 0.5,
  });
  return events;
}

const jarThree = parseEvalCaseFile(
  {
    cases: [
      {
        name: 'jar-three',
        task: 'check jar 3 and tell me if it was tampered with',
        expect: {
          calls: [{ tool: 'cookie-jars.inspect_jar', args: { id: 3 }, match: 'partial' }],
          never: ['cookie-jars.discard_jar'],
          firstCall: 'cookie-jars.inspect_jar',
          noToolErrors: true,
          maxToolCalls: 5,
          maxTokens: 20000,
          finalText: { contains: ['3'], matches: 'tamper', notContains: ['error'] },
        },
      },
    ],
  },
  'cases.json',
).cases[0]?.expect;
if (jarThree === undefined) throw new Error('the case did not parse');

describe('scoring a run', () => {
  it('passes a run that did what the case expects', () => {
    const score = scoreRun(
      jarThree,
      run({ calls: [{ tool: 'inspect_jar', input: { id: 3 } }], finalText: 'Jar 3 was tampered with: seal broken.' }),
    );
    expect(score).toMatchObject({ passed: true, failures: [], toolCalls: 1, tokens: 120, model: 'claude-test' });
  });

  it('names each expectation a run missed, what was expected and what happened', () => {
    const score = scoreRun(
      jarThree,
      run({
        calls: [
          { tool: 'discard_jar', input: { id: 4 } },
          { tool: 'inspect_jar', input: { id: 4 }, error: 'error: no jar 4' },
        ],
        finalText: 'I threw jar 4 out after an error.',
        tokens: 25_000,
      }),
    );
    expect(score.passed).toBe(false);
    expect(score.failures.map((failure) => failure.expectation)).toEqual([
      'calls[0]',
      'never',
      'firstCall',
      'noToolErrors',
      'maxTokens',
      'finalText.contains',
      'finalText.matches',
      'finalText.notContains',
    ]);
    expect(score.failures[0]).toEqual({
      expectation: 'calls[0]',
      expected: { tool: 'cookie-jars.inspect_jar', args: { id: 3 }, match: 'partial' },
      actual: [{ tool: 'cookie-jars.inspect_jar', args: { id: 4 } }],
      message: 'expected a call of cookie-jars.inspect_jar with {"id":3} (partial); it was called with {"id":4}',
    });
    expect(score.failures[2]?.message).toBe(
      'expected the first call to be cookie-jars.inspect_jar; it was cookie-jars.discard_jar {"id":4}',
    );
    expect(score.failures[4]).toMatchObject({ expected: 20000, actual: 25_000 });
  });

  it('fails a run that made too many calls or ended on a limit', () => {
    const calls = Array.from({ length: 6 }, (_, index) => ({ tool: 'inspect_jar', input: { id: index + 1 } }));
    const score = scoreRun(jarThree, run({ calls, finalText: 'jar 3 tampered', stopReason: 'max_iterations' }));
    expect(score.failures.map((failure) => failure.expectation)).toEqual(['stopReason', 'maxToolCalls']);
    expect(score.failures[0]?.message).toBe('expected the run to end with end_turn; it ended with max_iterations');
  });

  it('knows a namespaced tool by the name kitchen tools prints', () => {
    const score = scoreRun(
      jarThree,
      run({ calls: [{ tool: 'cookie-jars__inspect_jar', input: { id: 3 } }], finalText: 'jar 3: tampered' }),
    );
    expect(score.passed).toBe(true);
  });

  it("sets apart a task the offline model says it did not understand, in the model's own words", () => {
    const words = 'I am the offline model: a stand-in, and I don\'t know how to do "check jar 3".';
    const offline = scoreRun(jarThree, run({ finalText: words, model: 'offline' }));
    expect(offline).toMatchObject({ passed: false, notUnderstood: words });
    // Any other model saying the same words has simply failed.
    expect(scoreRun(jarThree, run({ finalText: words })).notUnderstood).toBeUndefined();
  });

  it('fails a run that never finished', () => {
    const events = run({ finalText: 'x' }).filter((event) => event.type !== 'done');
    expect(scoreRun({ stopReason: 'end_turn' }, events).failures).toEqual([
      {
        expectation: 'run',
        expected: 'a finished run',
        actual: 'no done event',
        message: 'the run ended without a done event',
      },
    ]);
  });
});
