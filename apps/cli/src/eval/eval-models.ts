// The models an eval runs its cases on, from --model (repeated or a list; each offline, anthropic,
// auto or a model's name) and the endpoint settings: each named for the report, created fresh
// for every run. App side.

import type { Model } from '@kitchen/host';
import { type ChosenModel, chooseModel, MODEL_CHOICES, type ModelChoice } from '@kitchen/runtime/config/create-model';
import type { ModelSection } from '@kitchen/runtime/config/model-section';
import type { KitchenFlags } from '../command/kitchen-flags.js';
import { modelOptions } from '../run-kitchen.js';

export interface EvalModel {
  /** How the report names it: "offline", or the model's id (claude-sonnet-5-5, qwen3:8b). */
  name: string;
  /** A fresh model for one run. */
  create: () => Model;
  chosen: ChosenModel;
}

/** Throws the runtime's ConfigurationError for a model it cannot make (no key, no name), before anything runs. */
export function evalModels(
  words: readonly string[],
  flags: KitchenFlags,
  config: { model?: ModelSection },
  environment: NodeJS.ProcessEnv,
): EvalModel[] {
  const entries = words.length === 0 ? [flags.model] : words;
  const models = new Map<string, EvalModel>();
  for (const entry of entries) {
    const isChoice = (MODEL_CHOICES as readonly string[]).includes(entry);
    const choice: ModelChoice = isChoice ? (entry as ModelChoice) : 'anthropic';
    const options = { ...modelOptions(flags, config), ...(isChoice ? {} : { modelName: entry }) };
    const chosen = chooseModel(choice, environment, options);
    const name = chosen.model.id;
    if (!models.has(name))
      models.set(name, {
        name,
        create: () => chooseModel(choice, environment, options).model,
        chosen,
      });
  }
  return [...models.values()];
}
