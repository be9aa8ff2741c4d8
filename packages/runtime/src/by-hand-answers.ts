// How a call made by hand (`kitchen call`, `kitchen prompt --show`, the page's inspector) answers
// a server that asks the host for something: its sampling request with the chosen model (offline
// unless the settings name another), priced, approved by the person (or --yes / --no) and charged
// to a budget of its own; its form put to the person. Runtime side, over the host's own sampling
// and elicitation handlers, so a call by hand is answered exactly as a run would answer it (both
// protocol revisions).

import {
  createElicitationHandler,
  createSamplingHandler,
  type ElicitationHandler,
  type Gate,
  type LoopEventDraft,
  type Model,
  type Person,
  type SamplingHandler,
  type TreeBudget,
  withDefined,
} from '@kitchen/host';
import { createModel } from './config/create-model.js';
import type { KitchenConfig } from './config/kitchen-config.js';
import { createKitchenPolicy } from './config/kitchen-policy.js';
import type { KitchenSettings } from './kitchen-settings.js';

export interface ByHandAnswers {
  handlers: { sampling: SamplingHandler; elicitation: ElicitationHandler };
  /** The model that answers sampling requests; servers never choose it. */
  model: Model;
  /** The call's own budget: every sampling request is charged to it. */
  budget: TreeBudget;
  /** How long a question may wait for an answer. */
  approvalTimeoutMs: number;
  /** The rules and the person (--yes / --no or the person) for calls the person did not make: an App's. */
  gate: Gate;
}

export interface ByHandAnswersOptions {
  settings: KitchenSettings;
  config: Pick<KitchenConfig, 'rules' | 'sampling' | 'file'>;
  environment: NodeJS.ProcessEnv;
  /** The person present (a terminal, the web page), if any; --yes / --no answer the approvals over them. */
  person?: Person;
  emit: (draft: LoopEventDraft) => void;
}

/** Throws the runtime's ConfigurationError for a bad model or budget, which the caller words. */
export function createByHandAnswers(options: ByHandAnswersOptions): ByHandAnswers {
  const { settings, environment } = options;
  // By hand, "auto" is the offline model: a call made to try a server never spends money unless
  // the person names a paid model.
  const model = createModel(settings.model === 'auto' ? 'offline' : settings.model, environment, {
    latencyMs: settings.latencyMs,
    ...withDefined({ modelName: settings.modelName }),
  });
  const policy = createKitchenPolicy(settings, {
    config: options.config,
    environment,
    ...withDefined({ person: options.person }),
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
