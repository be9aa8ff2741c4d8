// Picks the model a run uses from --model and the environment. Runtime side: the only place that
// reads ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL and KITCHEN_MODEL, and the one place that knows both
// the Anthropic model (from @kitchen/host) and the offline model (from @kitchen/offline-model).

import { AnthropicModel, ConfigurationError, DEFAULT_ANTHROPIC_MODEL, type Model } from '@kitchen/host';
import { OfflineModel } from '@kitchen/offline-model';

/** What --model accepts, in the order the help text names them. */
export const MODEL_CHOICES = ['offline', 'anthropic', 'auto'] as const;

export type ModelChoice = (typeof MODEL_CHOICES)[number];

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
