// Turns the approval and limit flags into the host objects a run shares: the gate, the approver,
// the tree budget and the seatbelts. App side; the host validates rules and limits and names the
// flag in any error, which the CLI prints as a usage error.

import { autoApprover, Gate, parseRuleFlag, TreeBudget, type Approver, type RunAgentLoopOptions } from '@kitchen/host';
import type { KitchenFlags } from './parse-cli-arguments.js';

export interface KitchenPolicy {
  gate: Gate;
  /** Also answers the sampling handler's questions; undefined: nobody is there, asks are refused. */
  approver?: Approver;
  budget: TreeBudget;
  seatbelts: NonNullable<RunAgentLoopOptions['seatbelts']>;
}

/** Throws the host's GateRuleError or ConfigurationError (both name the flag) for a bad value. */
export function createKitchenPolicy(flags: KitchenFlags): KitchenPolicy {
  const rules = flags.rules.map((rule) => parseRuleFlag(rule, '--rule'));
  const approver = flags.approval === undefined ? undefined : autoApprover(flags.approval === 'yes');
  return {
    gate: new Gate({ rules, ...(approver === undefined ? {} : { approver }) }),
    ...(approver === undefined ? {} : { approver }),
    budget: new TreeBudget(flags.maxTreeTokens === undefined ? {} : { maxTokens: flags.maxTreeTokens }),
    seatbelts: {
      ...(flags.maxToolCalls === undefined ? {} : { maxToolCalls: flags.maxToolCalls }),
      ...(flags.maxWallTimeMs === undefined ? {} : { maxWallTimeMs: flags.maxWallTimeMs }),
    },
  };
}
