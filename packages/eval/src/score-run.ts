// Scoring one run from its LoopEvents against a case's expectations: which tools were called with
// what, what came back, how it ended and what it cost. Every expectation it misses is a failure
// naming the expectation, what was expected and what happened. Host side, pure.

import type { LoopEvent, LoopStopReason } from '@kitchen/host';
import { withDefined } from '@kitchen/host';
import { notUnderstoodLine, OFFLINE_MODEL_ID } from '@kitchen/offline-model';
import type { CallExpectation, Expectation } from './eval-case-file.js';
import { matchArguments } from './scorers/match-arguments.js';
import { missedText } from './scorers/text-match.js';
import { displayToolName, namesTool } from './tool-name.js';

/** One expectation a run missed. `expectation` is its place in the case ("calls[0]", "finalText.contains"). */
export interface Failure {
  expectation: string;
  expected: unknown;
  actual: unknown;
  /** The same in one sentence, for the table and the JUnit file. */
  message: string;
}

/** A tool call as the case file names it. */
export interface CallSeen {
  tool: string;
  args: Record<string, unknown>;
}

export interface RunScore {
  passed: boolean;
  failures: Failure[];
  /**
   * Set when the offline model answered that it did not understand the task (or a part of it) and
   * the run did not pass: its own sentence. Outside its repertoire is not a verdict on the server.
   */
  notUnderstood?: string;
  /** The label of the model that answered, as its usage events name it. */
  model?: string;
  stopReason?: LoopStopReason;
  finalText: string;
  toolCalls: number;
  tokens: number;
  costCents: number;
}

const SHOWN_TEXT = 300;

export function scoreRun(expectation: Expectation, events: readonly LoopEvent[]): RunScore {
  const calls: Array<CallSeen & { server: string; modelName: string }> = [];
  const toolErrors: Array<{ tool: string; content: string }> = [];
  let usageTokens = 0;
  let usageCents = 0;
  let model: string | undefined;
  for (const event of events) {
    if (event.type === 'tool-call')
      calls.push({ tool: displayToolName(event), args: event.input, server: event.server, modelName: event.tool });
    else if (event.type === 'tool-result' && event.isError)
      toolErrors.push({ tool: displayToolName(event), content: shorten(event.content) });
    else if (event.type === 'usage') {
      usageTokens += event.inputTokens + event.outputTokens;
      usageCents += event.costCents;
      model ??= event.model;
    }
  }
  const done = events.findLast((event) => event.type === 'done');
  const finalText = done?.type === 'done' ? done.finalText : '';
  const tokens = done?.type === 'done' ? done.tokens : usageTokens;
  const costCents = done?.type === 'done' ? done.costCents : usageCents;
  const failures: Failure[] = [];
  const fail = (name: string, expected: unknown, actual: unknown, message: string) =>
    failures.push({ expectation: name, expected, actual, message });
  const seen = calls.map(({ tool, args }) => ({ tool, args }));
  const called = (name: string) =>
    calls.filter((call) => namesTool(name, { tool: call.modelName, server: call.server }));

  if (done?.type !== 'done') fail('run', 'a finished run', 'no done event', 'the run ended without a done event');
  else if (done.stopReason !== expectation.stopReason)
    fail(
      'stopReason',
      expectation.stopReason,
      done.stopReason,
      `expected the run to end with ${expectation.stopReason}; it ended with ${done.stopReason}${done.detail ? ` (${shorten(done.detail)})` : done.error ? ` (${shorten(done.error.message)})` : ''}`,
    );

  (expectation.calls ?? []).forEach((wanted, index) => {
    const ofTool = called(wanted.tool);
    if (ofTool.some((call) => wanted.args === undefined || matchArguments(wanted.args, call.args, wanted.match)))
      return;
    fail(
      `calls[${index}]`,
      wanted,
      ofTool.length > 0 ? ofTool.map(({ tool, args }) => ({ tool, args })) : seen,
      ofTool.length > 0
        ? `expected ${describeCall(wanted)}; it was called with ${ofTool.map((call) => JSON.stringify(call.args)).join(', ')}`
        : `expected ${describeCall(wanted)}; it was never called (${describeCalls(seen)})`,
    );
  });

  for (const name of expectation.never ?? []) {
    const made = called(name);
    if (made.length > 0)
      fail(
        'never',
        name,
        made.map(({ tool, args }) => ({ tool, args })),
        `expected ${name} never to be called; it was called ${times(made.length)} (${made.map((call) => JSON.stringify(call.args)).join(', ')})`,
      );
  }

  if (expectation.firstCall !== undefined) {
    const first = calls[0];
    if (first === undefined || !namesTool(expectation.firstCall, { tool: first.modelName, server: first.server }))
      fail(
        'firstCall',
        expectation.firstCall,
        first === undefined ? null : { tool: first.tool, args: first.args },
        `expected the first call to be ${expectation.firstCall}; ${first === undefined ? 'no tool was called' : `it was ${first.tool} ${JSON.stringify(first.args)}`}`,
      );
  }

  if (expectation.noToolErrors === true && toolErrors.length > 0)
    fail(
      'noToolErrors',
      'no tool errors',
      toolErrors,
      `expected no tool errors; ${toolErrors.map((error) => `${error.tool} answered "${error.content}"`).join('; ')}`,
    );

  if (expectation.maxToolCalls !== undefined && calls.length > expectation.maxToolCalls)
    fail(
      'maxToolCalls',
      expectation.maxToolCalls,
      calls.length,
      `expected at most ${expectation.maxToolCalls} tool calls; the run made ${calls.length}`,
    );

  if (expectation.maxTokens !== undefined && tokens > expectation.maxTokens)
    fail(
      'maxTokens',
      expectation.maxTokens,
      tokens,
      `expected at most ${expectation.maxTokens} tokens; the run spent ${tokens}`,
    );

  if (expectation.finalText !== undefined)
    for (const miss of missedText(expectation.finalText, finalText))
      fail(
        `finalText.${miss.field}`,
        miss.expected,
        shorten(finalText),
        `expected the final text ${miss.field === 'contains' ? 'to contain' : miss.field === 'matches' ? 'to match' : 'not to contain'} ${JSON.stringify(miss.expected)}; it was ${JSON.stringify(shorten(finalText))}`,
      );

  const passed = failures.length === 0;
  const offlineSaid = !passed && model === OFFLINE_MODEL_ID ? notUnderstoodLine(finalText) : undefined;
  return {
    passed,
    failures,
    ...withDefined({ notUnderstood: offlineSaid, model }),
    ...(done?.type === 'done' ? { stopReason: done.stopReason } : {}),
    finalText,
    toolCalls: calls.length,
    tokens,
    costCents,
  };
}

function describeCall(wanted: CallExpectation): string {
  return wanted.args === undefined
    ? `a call of ${wanted.tool}`
    : `a call of ${wanted.tool} with ${JSON.stringify(wanted.args)} (${wanted.match})`;
}

function describeCalls(calls: readonly CallSeen[]): string {
  if (calls.length === 0) return 'no tool was called';
  return `calls: ${calls.map((call) => call.tool).join(', ')}`;
}

function times(count: number): string {
  return count === 1 ? 'once' : `${count} times`;
}

function shorten(text: string): string {
  return text.length > SHOWN_TEXT ? `${text.slice(0, SHOWN_TEXT - 1)}…` : text;
}
