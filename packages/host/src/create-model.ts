// Picks the model a run uses from the user's choice and the environment. Host side: the only
// place that reads ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL and KITCHEN_MODEL.

import { ConfigurationError } from './errors.js';
import { AnthropicModel, DEFAULT_ANTHROPIC_MODEL } from './model/anthropic/anthropic-model.js';
import type { Model } from './model.js';
import { OfflineModel } from './offline-model.js';

export type ModelChoice = 'offline' | 'anthropic' | 'auto';

export const MODEL_CHOICES: readonly ModelChoice[] = ['offline', 'anthropic', 'auto'];

export interface CreateModelOptions {
  /** The Claude model name (--model-name); wins over KITCHEN_MODEL. */
  modelName?: string;
  /** The offline model's per-call latency in milliseconds (--latency). */
  latencyMs?: number;
}

/**
 * "auto" means Claude when ANTHROPIC_API_KEY is set and the offline model otherwise. The Claude
 * model is --model-name, else KITCHEN_MODEL, else DEFAULT_ANTHROPIC_MODEL; ANTHROPIC_BASE_URL is
 * honoured. "anthropic" without a key is a ConfigurationError that says how to fix it.
 */
export function createModel(
  choice: ModelChoice,
  env: NodeJS.ProcessEnv = process.env,
  options: CreateModelOptions = {},
): Model {
  if (!MODEL_CHOICES.includes(choice)) {
    throw new ConfigurationError(`--model must be one of ${MODEL_CHOICES.join(', ')}; got "${String(choice)}".`);
  }
  const apiKey = nonEmpty(env['ANTHROPIC_API_KEY']);
  if (choice === 'offline' || (choice === 'auto' && apiKey === undefined)) {
    return new OfflineModel(options.latencyMs !== undefined ? { latencyMs: options.latencyMs } : {});
  }
  if (apiKey === undefined) {
    throw new ConfigurationError(
      '--model anthropic needs an API key: set ANTHROPIC_API_KEY (https://platform.claude.com/settings/keys), ' +
        'or use --model offline to run without one.',
    );
  }
  const baseURL = nonEmpty(env['ANTHROPIC_BASE_URL']);
  return new AnthropicModel({
    apiKey,
    model: nonEmpty(options.modelName) ?? nonEmpty(env['KITCHEN_MODEL']) ?? DEFAULT_ANTHROPIC_MODEL,
    ...(baseURL !== undefined ? { baseURL } : {}),
  });
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}
