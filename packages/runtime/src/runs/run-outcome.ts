// A run's outcome in one word, the same in the terminal's exit code, `kitchen runs` and the page.
// Runtime side, pure: from the done event's stop reason and its count of failed tool calls.

import type { DoneEvent, LoopStopReason } from '@kitchen/host';

/**
 * done: finished as asked. partly done: finished, but some tool call was denied at the gate, a
 * server's tool failed (a server that died fails every call) or a worker failed. stopped: a limit
 * stopped it, its answer was cut off, or the model declined. failed: the model or the host failed. interrupted: a person
 * (or a signal) stopped the run.
 */
export type RunOutcome = 'done' | 'partly done' | 'stopped' | 'failed' | 'interrupted';

export interface OutcomeFacts {
  stopReason: LoopStopReason;
  failedToolCalls?: number;
  /** A server of the run stopped unexpectedly while it ran. */
  serverDied?: boolean;
}

export function runOutcome(facts: OutcomeFacts): RunOutcome {
  switch (facts.stopReason) {
    case 'end_turn':
      if (facts.serverDied === true) return 'failed';
      return (facts.failedToolCalls ?? 0) > 0 ? 'partly done' : 'done';
    case 'error':
      return 'failed';
    case 'aborted':
      return 'interrupted';
    case 'max_tokens':
    case 'refusal':
    case 'max_iterations':
    case 'budget':
    case 'seatbelt':
      return 'stopped';
  }
}

/** The outcome of a done event. */
export function outcomeOfDone(done: Pick<DoneEvent, 'stopReason' | 'failedToolCalls'>, serverDied = false): RunOutcome {
  return runOutcome({ ...done, serverDied });
}
