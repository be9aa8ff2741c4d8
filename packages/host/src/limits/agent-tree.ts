// What every agent of one run shares besides the budget: the whole-run seatbelts (tool calls and
// wall time), the worker slots and the tree's totals. Host side; made once by the top-level loop
// and handed to each worker by reference, so "the run made 50 tool calls" counts every lane.

import { AgentSlots } from './agent-slots.js';
import { checkSeatbelts, parseSeatbelts, type SeatbeltStop, type Seatbelts } from './seatbelts.js';

/** Whole-run limits; omitted ones take DEFAULT_SEATBELTS. maxIterations is per agent (a loop option). */
export type TreeSeatbelts = Partial<Pick<Seatbelts, 'maxToolCalls' | 'maxWallTimeMs' | 'maxResultChars'>>;

const LONGEST_TIMER_MS = 2_147_483_647;

export interface TreeTotals {
  iterations: number;
  toolCalls: number;
  tokens: number;
  costCents: number;
}

export class AgentTree {
  readonly limits: Readonly<Seatbelts>;
  readonly slots = new AgentSlots();
  /** Sums over every agent of the run, added as each agent ends. */
  readonly totals: TreeTotals = { iterations: 0, toolCalls: 0, tokens: 0, costCents: 0 };
  /**
   * Fires when the run's wall time is up, so the deadline reaches work in flight (a model call that
   * never answers, a slow tool, a worker), not only the checks between turns.
   */
  readonly deadline: AbortSignal;
  readonly #startedAt: number;
  readonly #now: () => number;
  #toolCallsAdmitted = 0;
  #failedToolCalls = 0;
  /** How to stop each running agent by itself, by agent id (see stopAgent). */
  readonly #agentStops = new Map<string, (reason: string) => void>();

  /** Throws a ConfigurationError naming the field when a limit is not a whole number of 1 or more. */
  constructor(seatbelts: TreeSeatbelts = {}, now: () => number = Date.now) {
    this.limits = Object.freeze(parseSeatbelts(seatbelts));
    this.#now = now;
    this.#startedAt = now();
    // Node's timers fire at once past 2^31 - 1 ms (~24 days): a longer limit never fires. The timer
    // of AbortSignal.timeout does not keep the process alive.
    this.deadline =
      this.limits.maxWallTimeMs <= LONGEST_TIMER_MS
        ? AbortSignal.timeout(this.limits.maxWallTimeMs)
        : new AbortController().signal;
  }

  /**
   * Counts one tool call against maxToolCalls; false when the run has no call left. Synchronous,
   * so concurrent lanes can never start more calls than the limit between them.
   */
  admitToolCall(): boolean {
    if (this.#toolCallsAdmitted >= this.limits.maxToolCalls) return false;
    this.#toolCallsAdmitted += 1;
    return true;
  }

  get toolCallsAdmitted(): number {
    return this.#toolCallsAdmitted;
  }

  /** Counts one tool call, in any lane, that did not do its work: denied at the gate, a server's tool that failed, a worker that failed. */
  countFailedToolCall(): void {
    this.#failedToolCalls += 1;
  }

  /** The run's tool calls that did not do their work (see countFailedToolCall). */
  get failedToolCalls(): number {
    return this.#failedToolCalls;
  }

  get elapsedMs(): number {
    return this.#now() - this.#startedAt;
  }

  /** Which belt has tripped, if any. Once tripped, a belt stays tripped: both counts only grow. */
  checkSeatbelts(): SeatbeltStop | undefined {
    // The deadline's timer and the clock may disagree by a millisecond; once it fired, time is up.
    const elapsedMs = this.deadline.aborted ? Math.max(this.elapsedMs, this.limits.maxWallTimeMs) : this.elapsedMs;
    return checkSeatbelts({ toolCalls: this.#toolCallsAdmitted, elapsedMs, limits: this.limits });
  }

  /** The result a call gets when the run has no tool call left for it. */
  refusedCallText(tool: string): string {
    return `Tool "${tool}" was not run: the run reached its limit of ${this.limits.maxToolCalls} tool calls.`;
  }

  /** runAgentLoop registers each agent while it runs; the returned function unregisters it. */
  registerAgentStop(agentId: string, stop: (reason: string) => void): () => void {
    this.#agentStops.set(agentId, stop);
    return () => {
      if (this.#agentStops.get(agentId) === stop) this.#agentStops.delete(agentId);
    };
  }

  /**
   * Stops one running agent (a worker's lane) and its own workers: its calls are cancelled and it
   * reports what it established, which its parent reads as the worker's report. The rest of the
   * run goes on. False when no such agent is running.
   */
  stopAgent(agentId: string, reason = 'a person stopped it'): boolean {
    const stop = this.#agentStops.get(agentId);
    if (stop === undefined) return false;
    stop(reason);
    return true;
  }

  /** The ids of the agents running now. */
  get runningAgents(): string[] {
    return [...this.#agentStops.keys()];
  }

  addTotals(totals: TreeTotals): void {
    this.totals.iterations += totals.iterations;
    this.totals.toolCalls += totals.toolCalls;
    this.totals.tokens += totals.tokens;
    this.totals.costCents += totals.costCents;
  }
}
