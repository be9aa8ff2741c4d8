// The events that close an agent's lane: agent-end for every agent, and done for the top-level one,
// which counts the whole tree. Host side; the loop's one Ending becomes their stop reason and words.

import type { AgentTree, TreeTotals } from '../limits/agent-tree.js';
import { type LoopEvent, stamp } from '../loop-event.js';
import type { ModelStopReason } from '../model.js';
import type { AgentInfo } from '../tool-types.js';
import type { TreeBudget } from '../tree-budget.js';
import { withDefined } from '../with-defined.js';
import { withStopDetail } from './established-report.js';
import type { Ending } from './loop-ending.js';
import type { LoopStopReason } from './stop-reason.js';

export interface AgentClose {
  agent: AgentInfo;
  lane: { agent: string; name: string; parent?: string };
  /** Undefined only for a loop that ended without a reason (a bug): it ends as an error. */
  ending: Ending | undefined;
  /** This agent's own counts, added to the tree's as the lane closes. */
  totals: TreeTotals;
  finalText: string;
  modelStopReason: ModelStopReason | undefined;
  tree: AgentTree;
  budget: TreeBudget | undefined;
}

const SAYS_WHY_IN_REPORT: ReadonlySet<LoopStopReason> = new Set(['error', 'seatbelt', 'max_tokens', 'refusal']);

export function* closingEvents(close: AgentClose): Generator<LoopEvent, void> {
  const { agent, lane, totals, tree, budget, modelStopReason } = close;
  const { stopReason, detail, limit, error, stoppedBy } = close.ending ?? {
    stopReason: 'error',
    detail: 'The agent loop ended without a reason.',
  };
  const why = {
    ...withDefined({ limit, error, modelStopReason, stoppedBy }),
    ...(stopReason === 'max_tokens' ? { truncated: true as const } : {}),
  };
  // A worker's finalText is all its parent sees, so a stop it did not choose (or an answer that was
  // cut off) says exactly why, at the end of the report: the findings stay first.
  let { finalText } = close;
  if (SAYS_WHY_IN_REPORT.has(stopReason) && detail !== undefined) finalText = withStopDetail(finalText, detail);
  tree.addTotals(totals);
  yield stamp({ type: 'agent-end', ...lane, ...totals, stopReason, finalText, ...why });
  if (agent.depth !== 0) return;
  // done counts the whole tree; with a budget, its spend (sampling calls charged to it included).
  const spend = budget ? { tokens: budget.spentTokens, costCents: budget.spentCents } : {};
  yield stamp({
    type: 'done',
    agent: agent.id,
    finalText,
    stopReason,
    ...tree.totals,
    ...spend,
    ...(tree.failedToolCalls > 0 ? { failedToolCalls: tree.failedToolCalls } : {}),
    ...withDefined({ detail }),
    ...why,
  });
}
