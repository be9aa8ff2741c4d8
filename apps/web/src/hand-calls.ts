// A tool called by hand from the page's inspector, answered as a run would answer its server: a
// sampling request with the chosen model (offline unless --model or the call names another),
// priced, put to the person at the page and charged to the call's own budget; a form put to them
// too. Each call keeps its questions apart from the run's (its own approvals and forms, answered
// at /api/hand-calls/:id/…) and the events the page draws them from. App side.

import { DEFAULT_CALL_TIMEOUT_MS, describeError, type LoopEvent, type RecordedToolCall, stamp } from '@kitchen/host';
import { createByHandAnswers } from '@kitchen/runtime/by-hand-answers';
import type { ModelChoice } from '@kitchen/runtime/config/create-model';
import { describeModel } from '@kitchen/runtime/text/describe-model';
import { createPendingElicitations, type PendingElicitations } from './pending-elicitations.js';
import { callToolByHand, type HandCallResult } from './server-inspector.js';
import { createWebApprovals, type WebApprovals } from './web-approvals.js';
import type { WebKitchen } from './web-kitchen.js';

/** Finished hand calls kept for a page that has not read their answer yet. */
const KEPT_CALLS = 20;

/** What the server's model calls cost during one call by hand. */
export interface SamplingSpend {
  /** The model that answered (servers never choose it). */
  model: string;
  requests: number;
  answered: number;
  inputTokens: number;
  outputTokens: number;
  costCents: number;
}

export type HandCallAnswer = RecordedToolCall & { sampling: SamplingSpend };

export class HandCall {
  readonly events: LoopEvent[] = [];
  readonly approvals: WebApprovals = createWebApprovals();
  readonly elicitations: PendingElicitations = createPendingElicitations();
  answer: HandCallAnswer | undefined;
  constructor(
    readonly id: string,
    readonly server: string,
    readonly tool: string,
    readonly model: string,
  ) {}

  /** What the page polls: the events after the first `from`, and the answer once there is one. */
  describe(from = 0) {
    return {
      id: this.id,
      server: this.server,
      tool: this.tool,
      model: this.model,
      events: this.events.slice(from),
      done: this.answer !== undefined,
      ...(this.answer === undefined ? {} : { call: this.answer }),
    };
  }

  spend(): SamplingSpend {
    const spend: SamplingSpend = {
      model: this.model,
      requests: 0,
      answered: 0,
      inputTokens: 0,
      outputTokens: 0,
      costCents: 0,
    };
    for (const event of this.events) {
      if (event.type === 'sampling-request') spend.requests += 1;
      if (event.type !== 'sampling-response') continue;
      if (event.outcome === 'answered') spend.answered += 1;
      spend.inputTokens += event.inputTokens;
      spend.outputTokens += event.outputTokens;
      spend.costCents += event.costCents + (event.overshoot?.costCents ?? 0);
    }
    return spend;
  }
}

export type StartedHandCall =
  | { ok: true; call: HandCall; finished: Promise<void> }
  | { ok: false; status: 400 | 404; message: string };

export class HandCalls {
  readonly #calls = new Map<string, HandCall>();
  #count = 0;

  constructor(private readonly kitchen: WebKitchen) {}

  find(id: string): HandCall | undefined {
    return this.#calls.get(id);
  }

  /** Starts the call; `finished` settles once its answer is kept (it never rejects). */
  start(server: string, tool: string, input: Record<string, unknown>, model?: ModelChoice): StartedHandCall {
    const { flags, config, environment, connections } = this.kitchen.options;
    if (!connections.some((connection) => connection.name === server))
      return {
        ok: false,
        status: 404,
        message: `There is no server "${server}" in this kitchen; GET /api/servers lists them.`,
      };
    const known = this.kitchen.toolbox
      .list()
      .some((offered) => offered.server === server && offered.originalName === tool);
    if (!known)
      return {
        ok: false,
        status: 404,
        message: `${server} offers no tool "${tool}"; GET /api/servers lists its tools.`,
      };
    // The call exists before its server can ask anything: every question and event lands on it.
    let call: HandCall | undefined;
    const asked = (): HandCall => {
      if (call === undefined) throw new Error('a server asked before its call by hand began');
      return call;
    };
    let answers: ReturnType<typeof createByHandAnswers>;
    try {
      answers = createByHandAnswers({
        settings: model === undefined ? flags : { ...flags, model },
        config,
        environment,
        emit: (draft) => asked().events.push(stamp(draft)),
        person: {
          approve: (question, signal) => asked().approvals.approve(question, signal),
          fillIn: (question, signal) => asked().elicitations.fillIn(question, signal),
          followLink: (question, signal) => asked().elicitations.followLink(question, signal),
        },
      });
    } catch (error) {
      return { ok: false, status: 400, message: describeError(error) };
    }
    const made = new HandCall(`hand-${++this.#count}`, server, tool, describeModel(answers.model));
    call = made;
    this.#keep(made);
    const finished = callToolByHand(this.kitchen.toolbox, connections, server, tool, input, {
      handlers: answers.handlers,
      // A call whose server waits on the person at the page must outlast their time to answer.
      timeoutMs: DEFAULT_CALL_TIMEOUT_MS + answers.approvalTimeoutMs,
    }).then((result: HandCallResult) => {
      made.answer = result.ok
        ? { ...result.call, sampling: made.spend() }
        : { outcome: { isError: true, content: result.message }, messages: [], durationMs: 0, sampling: made.spend() };
    });
    return { ok: true, call: made, finished };
  }

  #keep(call: HandCall): void {
    this.#calls.set(call.id, call);
    for (const [id, kept] of this.#calls) {
      if (this.#calls.size <= KEPT_CALLS) break;
      if (kept.answer !== undefined) this.#calls.delete(id);
    }
  }
}
