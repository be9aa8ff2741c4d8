// How a call made by hand (`kitchen call`, `kitchen prompt --show`) answers a server that asks
// the host for something: its sampling request with the chosen model (offline unless --model
// names another), priced, approved (--yes / --no or the terminal) and charged to a budget of its
// own; its form at the terminal. App side, over the host's own sampling and elicitation handlers,
// so a call by hand is answered exactly as a run would answer it (both protocol revisions).

import {
  createElicitationHandler,
  createSamplingHandler,
  type ElicitationHandler,
  type Gate,
  type LoopEventDraft,
  type Model,
  type SamplingHandler,
  type TreeBudget,
  withDefined,
} from '@kitchen/host';
import { createModel } from '@kitchen/runtime/config/create-model';
import type { KitchenConfig } from '@kitchen/runtime/config/kitchen-config';
import { createKitchenPolicy } from '@kitchen/runtime/config/kitchen-policy';
import type { KitchenOutput } from '@kitchen/runtime/kitchen-output';
import type { KitchenFlags } from '../command/kitchen-flags.js';
import type { TerminalPerson } from '../terminal/terminal-person.js';

export interface ByHandAnswers {
  handlers: { sampling: SamplingHandler; elicitation: ElicitationHandler };
  /** The model that answers sampling requests; servers never choose it. */
  model: Model;
  /** The call's own budget: every sampling request is charged to it. */
  budget: TreeBudget;
  /** How long a question may wait for an answer. */
  approvalTimeoutMs: number;
  /** The rules and the person (--yes / --no or the terminal) for calls the person did not type: an App's. */
  gate: Gate;
}

export interface ByHandAnswersOptions {
  flags: KitchenFlags;
  config: Pick<KitchenConfig, 'rules' | 'sampling' | 'file'>;
  output: KitchenOutput;
  /** The person at the terminal, if any; --yes / --no answer the approvals over them. */
  terminal: TerminalPerson;
  emit: (draft: LoopEventDraft) => void;
}

/** Throws the runtime's ConfigurationError for a bad --model or budget, which the caller words. */
export function createByHandAnswers(options: ByHandAnswersOptions): ByHandAnswers {
  const { flags, output } = options;
  // By hand, "auto" is the offline model: a call typed to try a server never spends money unless
  // the person names a paid model.
  const model = createModel(flags.model === 'auto' ? 'offline' : flags.model, output.environment, {
    latencyMs: flags.latencyMs,
    ...withDefined({ modelName: flags.modelName }),
  });
  const policy = createKitchenPolicy(flags, {
    config: options.config,
    environment: output.environment,
    ...withDefined({ person: options.terminal.person }),
  });
  return {
    model,
    budget: policy.budget,
    approvalTimeoutMs: policy.approvalTimeoutMs,
    gate: policy.gate,
    handlers: {
      sampling: createSamplingHandler({ model, budget: policy.budget, emit: options.emit, ...policy.sampling }),
      elicitation: createElicitationHandler({
        ...withDefined({ person: policy.person }),
        timeoutMs: policy.approvalTimeoutMs,
        emit: options.emit,
      }),
    },
  };
}
