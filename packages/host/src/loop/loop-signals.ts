// The abort signals one agent loop listens on and the controllers it owns. Host side: the caller's
// signal, the run's wall time (the tree's deadline) and a person stopping this one agent all reach
// every call of the agent, and the loop's end stops whatever is still in flight.

import { setMaxListeners } from 'node:events';
import type { AgentTree } from '../limits/agent-tree.js';
import { AbortWatch } from './abort-watch.js';

export class LoopSignals {
  /** The whole run's: the caller's stop or the run's wall time. The last-chance report still runs on it. */
  readonly run: AbortSignal;
  /** What every call of this agent waits on: `run`, or a person stopping this agent alone. */
  readonly work: AbortSignal;
  /** The model calls wait on `work` through one listener for the whole loop. */
  readonly modelWatch: AbortWatch;
  // Our own controller, so the loop's end can stop in-flight calls when a consumer walks away.
  readonly #stop = new AbortController();
  readonly #agentStop = new AbortController();
  readonly #caller: AbortSignal | undefined;
  readonly #forwardAbort = () => this.#stop.abort(this.#caller?.reason);
  readonly #unregisterStop: () => void;

  constructor(caller: AbortSignal | undefined, tree: AgentTree, agentId: string) {
    this.#caller = caller;
    // Every call of a turn (and the gate, and a worker's whole loop) listens on these for a while
    // and removes its listener when done: many listeners at once are expected, not a leak.
    setMaxListeners(0, this.#stop.signal);
    if (caller?.aborted) this.#forwardAbort();
    else caller?.addEventListener('abort', this.#forwardAbort, { once: true });
    this.run = AbortSignal.any([this.#stop.signal, tree.deadline]);
    this.work = AbortSignal.any([this.run, this.#agentStop.signal]);
    setMaxListeners(0, this.run);
    setMaxListeners(0, this.work);
    this.modelWatch = new AbortWatch(this.work);
    // A person may stop this one agent (AgentTree.stopAgent): its calls stop as in an abort, but it
    // still gets its last chance to report what it established, on the run's own signal.
    this.#unregisterStop = tree.registerAgentStop(agentId, (reason) => this.#agentStop.abort(new Error(reason)));
  }

  /** The caller stopped the run (or the loop has ended). */
  get stopped(): boolean {
    return this.#stop.signal.aborted;
  }

  /** Why a person stopped this agent alone while the run goes on; undefined otherwise. */
  get agentStopReason(): string | undefined {
    if (!this.#agentStop.signal.aborted || this.run.aborted) return undefined;
    const reason: unknown = this.#agentStop.signal.reason;
    return reason instanceof Error ? reason.message : 'stopped';
  }

  /** Who or what stopped the whole run, in the caller's words ("interrupted by SIGHUP", "stopped from the web UI"). */
  get runStopReason(): string | undefined {
    if (this.#caller?.aborted !== true) return undefined;
    const reason: unknown = this.#caller.reason;
    return reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : undefined;
  }

  /** Stops whatever is still in flight and lets go of the caller's signal and the tree. */
  close(): void {
    this.#caller?.removeEventListener('abort', this.#forwardAbort);
    this.#unregisterStop();
    this.#stop.abort(new Error('the agent loop ended'));
  }
}
