// How an agent loop ends: the stop reason, its words and data, and whether the agent still owes a
// report of what it established. Host side, pure; the loop builds one Ending and words nothing.

import { describeError, reportError } from '../errors.js';
import type { AgentTree } from '../limits/agent-tree.js';
import type { SeatbeltStop } from '../limits/seatbelts.js';
import type { ErrorReport, LimitReached } from '../loop-event.js';
import type { ModelStopReason } from '../model.js';
import type { ModelCallOutcome } from './budgeted-model-call.js';
import type { UnfinishedCause } from './established-report.js';
import type { LoopStopReason } from './stop-reason.js';

export interface Ending {
  stopReason: LoopStopReason;
  detail?: string;
  limit?: LimitReached;
  error?: ErrorReport;
  /** Set when the agent stopped before it finished: its report then says what it established. */
  unfinished?: UnfinishedCause;
  /** aborted only: who or what stopped it, in the stopper's words ("stopped from the web page", "interrupted by SIGHUP"). */
  stoppedBy?: string;
}

/**
 * How a reply without tool calls ends the agent, by the model's own stop reason; undefined for a
 * turn the API paused (pause_turn), which goes on when the reply is sent back as the last message.
 */
export function endingOfFinalReply(stopReason: ModelStopReason, maxTokens: number): Ending | undefined {
  switch (stopReason) {
    case 'pause_turn':
      return undefined;
    case 'max_tokens':
      return {
        stopReason: 'max_tokens',
        detail: `The model's answer was cut off at its limit of ${maxTokens} output tokens, so this report is incomplete.`,
      };
    case 'refusal':
      return { stopReason: 'refusal', detail: 'The model declined to go on with the task (stop reason "refusal").' };
    case 'end_turn':
    case 'stop_sequence':
    case 'tool_use':
      return { stopReason: 'end_turn' };
  }
}

export function seatbeltEnding(belt: SeatbeltStop): Ending {
  return {
    stopReason: 'seatbelt',
    detail: belt.message,
    limit: belt.limit,
    unfinished: belt.limit.limit === 'maxToolCalls' ? 'tool_calls' : 'wall_time',
  };
}

/**
 * Why the work in flight was stopped: the run's wall time (the tree's deadline reaches every lane,
 * so a worker says so too) or the caller.
 */
export function stoppedEnding(tree: AgentTree, during: string): Ending {
  const belt = tree.deadline.aborted ? tree.checkSeatbelts() : undefined;
  if (belt) return seatbeltEnding(belt);
  return { stopReason: 'aborted', detail: `The run was stopped${during}.`, unfinished: 'aborted' };
}

/** The limits checked before every model call, in order: a stop, the whole-run seatbelts, this agent's iterations. */
export function limitBeforeModelCall(
  signal: AbortSignal,
  tree: AgentTree,
  iterations: number,
  maxIterations: number,
): Ending | undefined {
  if (signal.aborted) return stoppedEnding(tree, '');
  const belt = tree.checkSeatbelts();
  if (belt) return seatbeltEnding(belt);
  if (iterations >= maxIterations) {
    return {
      stopReason: 'max_iterations',
      unfinished: 'max_iterations',
      detail: `Stopped: the agent used all ${maxIterations} of its model calls, its limit.`,
      limit: { limit: 'maxIterations', value: maxIterations, spent: iterations },
    };
  }
  return undefined;
}

/** The tree budget refused the reservation for the next model call: the call was not made. */
export function noRoomEnding(outcome: Extract<ModelCallOutcome, { kind: 'no-room' }>): Ending {
  const need = `it needs up to ${outcome.worstCase} tokens and ${outcome.left} of ${outcome.maxTokens} are left`;
  return {
    stopReason: 'budget',
    unfinished: 'budget',
    detail: `Stopped: the tree budget has no room for another model call (${need}).`,
    limit: {
      limit: 'maxTreeTokens',
      value: outcome.maxTokens,
      spent: outcome.maxTokens - outcome.left,
      needed: outcome.worstCase,
    },
  };
}

/** A model call that failed: stopped with the work in flight, or an error on this iteration. */
export function modelFailedEnding(
  outcome: Extract<ModelCallOutcome, { kind: 'failed' }>,
  tree: AgentTree,
  model: string,
  iteration: number,
): Ending {
  if (outcome.aborted) return stoppedEnding(tree, ' during a model call');
  return {
    stopReason: 'error',
    unfinished: 'error',
    detail: `The model (${model}) failed on iteration ${iteration}: ${outcome.reason}`,
    error: reportError(outcome.error),
  };
}

/** An abort that came from a person stopping this one agent (`why`) says so; any other ending stays. */
export function agentStoppedEnding(ending: Ending | undefined, why: string | undefined): Ending | undefined {
  if (ending?.stopReason !== 'aborted' || why === undefined) return ending;
  return { stopReason: 'aborted', unfinished: 'stopped', detail: `This agent was stopped: ${why}.`, stoppedBy: why };
}

/** A stop of the whole run says who stopped it, when the caller said (its abort reason). */
export function runStoppedBy(ending: Ending | undefined, by: string | undefined): Ending | undefined {
  if (ending?.stopReason !== 'aborted' || ending.stoppedBy !== undefined || by === undefined) return ending;
  return {
    ...ending,
    stoppedBy: by,
    ...(ending.detail === undefined ? {} : { detail: ending.detail.replace(/\.$/, ` (${by}).`) }),
  };
}

/** A bug below the loop (a gate or local tool that threw) ends the run in words, not as a crash. */
export function loopFailedEnding(error: unknown): Ending {
  return { stopReason: 'error', detail: `The agent loop failed: ${describeError(error)}`, error: reportError(error) };
}
