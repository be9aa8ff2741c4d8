// createElicitationHandler(): how the host answers a server's elicitation/create. It shows the
// question in the lane that caused it, asks the user through an ElicitationAsker, checks the
// answer against the server's form and sends back accept / decline / cancel. Host side.

import { type ElicitResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { LoopEventDraft } from './loop-event.js';
import { type AgentInfo, MAIN_AGENT } from './tool-types.js';
import { type ElicitationSchema, type ElicitedValue, findContentProblems } from './wire/elicited-content.js';
import type { ServerRequestHandlers } from './wire/server-client.js';

export interface ElicitationQuestion {
  requestId: string;
  agent: AgentInfo;
  callId?: string;
  server: string;
  message: string;
  schema: ElicitationSchema;
  /** 1 for the first ask; more when an earlier answer did not fit the form. */
  attempt: number;
  /** Why the previous answer was refused, one sentence per field, to show the user. */
  problem?: string;
}

export interface ElicitationAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, ElicitedValue>;
}

/** Asks the user (a terminal prompt, a web form, a script). `signal` aborts when the answer is no longer wanted. */
export type ElicitationAsker = (question: ElicitationQuestion, signal: AbortSignal) => Promise<ElicitationAnswer>;

export interface ElicitationHandlerOptions {
  asker: ElicitationAsker;
  /** How long one ask waits; nobody answering counts as "cancel". Default 5 minutes. */
  timeoutMs?: number;
  /** How many times an answer that does not fit the form is asked for again. Default 3 asks in all. */
  attempts?: number;
  /** Where events go when a request arrives outside any tool call (no ToolCallContext). */
  emit?: (event: LoopEventDraft) => void;
}

/** The `elicitation` member of the Toolbox's ServerRequestHandlers. */
export type ElicitationHandler = NonNullable<ServerRequestHandlers['elicitation']>;

/** Declines every question: for a person who refuses everything, and a safe default for runs nobody watches. */
export const declineAllAsker: ElicitationAsker = async () => ({ action: 'decline' });

/** Answers from a list, in order, and keeps the questions it was asked: for tests and demos. */
export function scriptedAsker(answers: ElicitationAnswer[]): ElicitationAsker & { questions: ElicitationQuestion[] } {
  const remaining = [...answers];
  const questions: ElicitationQuestion[] = [];
  const asker = async (question: ElicitationQuestion) => {
    questions.push(question);
    const next = remaining.shift();
    if (next === undefined)
      throw new Error(`scriptedAsker has no answer left for question ${questions.length} ("${question.message}")`);
    return next;
  };
  return Object.assign(asker, { questions });
}

const DEFAULT_TIMEOUT_MS = 5 * 60_000;
let requestCounter = 0;

export function createElicitationHandler(options: ElicitationHandlerOptions): ElicitationHandler {
  const attempts = options.attempts ?? 3;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return async (server, params, context, signal) => {
    if (params.mode === 'url') {
      throw new McpError(
        ErrorCode.InvalidParams,
        'This host answers form elicitation only; it did not declare elicitation.url. Ask with a form instead.',
      );
    }
    const requestId = `elicitation-${++requestCounter}`;
    const agent = context?.agent ?? MAIN_AGENT;
    const emitter = context?.emit ?? options.emit ?? (() => {});
    const lane = { agent: agent.id, requestId, ...(context === undefined ? {} : { callId: context.callId }), server };
    const respond = (result: ElicitResult): ElicitResult => {
      emitter({
        type: 'elicitation-response',
        ...lane,
        action: result.action,
        ...(result.content === undefined ? {} : { content: result.content }),
      });
      return result;
    };
    emitter({ type: 'elicitation-request', ...lane, message: params.message, schema: params.requestedSchema });

    let problem: string | undefined;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      const question: ElicitationQuestion = {
        requestId,
        agent,
        ...(context === undefined ? {} : { callId: context.callId }),
        server,
        message: params.message,
        schema: params.requestedSchema,
        attempt,
        ...(problem === undefined ? {} : { problem }),
      };
      const outcome = await ask(options.asker, question, signal, timeoutMs);
      if (outcome.kind === 'failed') {
        respond({ action: 'cancel' });
        throw new McpError(ErrorCode.InternalError, `The host could not ask the user: ${outcome.reason}`);
      }
      if (outcome.kind === 'unanswered') return respond({ action: 'cancel' });
      const { answer } = outcome;
      // Only an accept carries content; a decline or cancel never leaks a half-filled form.
      if (answer.action !== 'accept') return respond({ action: answer.action });
      const problems = findContentProblems(params.requestedSchema, answer.content);
      if (problems.length === 0) return respond({ action: 'accept', content: answer.content ?? {} });
      problem = problems.join(' ');
    }
    respond({ action: 'cancel' });
    throw new McpError(
      ErrorCode.InvalidParams,
      `The user's answer to ${server}'s form did not fit it after ${attempts} tries: ${problem}`,
    );
  };
}

type AskOutcome =
  | { kind: 'answer'; answer: ElicitationAnswer }
  | { kind: 'unanswered' }
  | { kind: 'failed'; reason: string };

/** One ask that always settles: the answer, "unanswered" on timeout or withdrawal, or a failure. */
async function ask(
  asker: ElicitationAsker,
  question: ElicitationQuestion,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<AskOutcome> {
  if (signal.aborted) return { kind: 'unanswered' };
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort = (): void => {};
  try {
    const answered = Promise.resolve()
      .then(() => asker(question, controller.signal))
      .then(
        (answer): AskOutcome =>
          answer !== null && typeof answer === 'object' && ['accept', 'decline', 'cancel'].includes(answer.action)
            ? { kind: 'answer', answer }
            : { kind: 'failed', reason: `the asker answered ${JSON.stringify(answer)}, not accept, decline or cancel` },
        (error: unknown): AskOutcome => ({
          kind: 'failed',
          reason: error instanceof Error ? error.message : String(error),
        }),
      );
    const unanswered = new Promise<AskOutcome>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'unanswered' }), timeoutMs);
      onAbort = () => resolve({ kind: 'unanswered' });
      signal.addEventListener('abort', onAbort, { once: true });
    });
    return await Promise.race([answered, unanswered]);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    controller.abort();
  }
}
