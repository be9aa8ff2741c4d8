// Picks the model a run uses from --model and the environment. Runtime side: the only place that
// reads ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL and KITCHEN_MODEL, and the one place that knows both
// the Anthropic model (from @kitchen/host) and the offline model (from @kitchen/offline-model).

import {
  AnthropicModel,
  ConfigurationError,
  DEFAULT_ANTHROPIC_MODEL,
  DEFAULT_PRICES,
  isAnthropicApiUrl,
  type Model,
  type ModelPrice,
  type PriceTable,
  withDefined,
} from '@kitchen/host';
import { OfflineModel } from '@kitchen/offline-model';
import type { ModelSection } from './model-section.js';

/** What --model accepts, in the order the help text names them. */
export const MODEL_CHOICES = ['offline', 'anthropic', 'auto'] as const;

export type ModelChoice = (typeof MODEL_CHOICES)[number];

export interface CreateModelOptions {
  /** The Claude model name (--model-name); wins over KITCHEN_MODEL. */
  modelName?: string;
  /** The offline model's per-call latency in milliseconds (--latency). */
  latencyMs?: number;
  /** An Anthropic-compatible endpoint (--base-url); wins over ANTHROPIC_BASE_URL and the config's. */
  baseUrl?: string;
  /** The config's "model" section: an endpoint, its model's name and price. */
  configured?: ModelSection;
}

/** A model at an endpoint that is not Anthropic's own API: a local runtime or a proxy. */
export interface LocalEndpoint {
  baseUrl: string;
  /** The config's price; absent: the model is priced 0 and said to be "local". */
  price?: ModelPrice;
  /** True when a trailing /v1 was dropped from the URL given (the API's path already holds it). */
  droppedV1: boolean;
}

export interface ChosenModel {
  model: Model;
  /** Set when the model answers at an Anthropic-compatible endpoint that is not Anthropic's API. */
  local?: LocalEndpoint;
}

const FREE: ModelPrice = { inputPerMillion: 0, outputPerMillion: 0 };

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
  return chooseModel(choice, env, options).model;
}

/**
 * As createModel, and says whether the model is local. A base URL (--base-url, else
 * ANTHROPIC_BASE_URL, else the config's "model.baseUrl") that is not Anthropic's API selects the
 * model there for "auto" and "anthropic", with no key needed; its name is --model-name, else
 * KITCHEN_MODEL, else the config's "model.name".
 */
export function chooseModel(
  choice: ModelChoice,
  env: NodeJS.ProcessEnv = process.env,
  options: CreateModelOptions = {},
): ChosenModel {
  if (!MODEL_CHOICES.includes(choice)) {
    throw new ConfigurationError(`--model must be one of ${MODEL_CHOICES.join(', ')}; got "${String(choice)}".`);
  }
  const apiKey = nonEmpty(env['ANTHROPIC_API_KEY']);
  const given = nonEmpty(options.baseUrl) ?? nonEmpty(env['ANTHROPIC_BASE_URL']) ?? options.configured?.baseUrl;
  if (choice !== 'offline' && given !== undefined && !isAnthropicApiUrl(given)) {
    const baseUrl = given.replace(/\/+$/, '').replace(/\/v1$/, '');
    // With a key and no name, most likely a proxy in front of Claude: the default Claude model.
    const name =
      nonEmpty(options.modelName) ??
      nonEmpty(env['KITCHEN_MODEL']) ??
      options.configured?.name ??
      (apiKey === undefined ? undefined : DEFAULT_ANTHROPIC_MODEL);
    if (name === undefined)
      throw new ConfigurationError(
        `The model at ${baseUrl} needs a name: give --model-name NAME (or KITCHEN_MODEL, or "name" in the config's "model"), the model the endpoint serves, e.g. --model-name qwen3:8b.`,
      );
    const price = options.configured?.price;
    const model = new AnthropicModel({
      ...withDefined({ apiKey }),
      baseURL: baseUrl,
      model: name,
      // Priced by its own name, whatever the endpoint calls it in a reply.
      reportAs: name,
    });
    return {
      model,
      local: { baseUrl, ...withDefined({ price }), droppedV1: baseUrl !== given.replace(/\/+$/, '') },
    };
  }
  const kitchenModel = nonEmpty(env['KITCHEN_MODEL']);
  return {
    model: createKnownModel(choice, apiKey, given, {
      ...options,
      ...withDefined({ kitchenModel }),
    }),
  };
}

/** The price table of a run whose model may be local: a local model at its configured price, else 0. */
export function pricesFor(chosen: readonly ChosenModel[]): PriceTable {
  const local = chosen.filter((each) => each.local !== undefined);
  if (local.length === 0) return DEFAULT_PRICES;
  return {
    ...DEFAULT_PRICES,
    ...Object.fromEntries(local.map((each) => [each.model.id, each.local?.price ?? FREE])),
  };
}

function createKnownModel(
  choice: ModelChoice,
  apiKey: string | undefined,
  baseURL: string | undefined,
  options: CreateModelOptions & { kitchenModel?: string },
): Model {
  if (choice === 'offline' || (choice === 'auto' && apiKey === undefined)) {
    return new OfflineModel(options.latencyMs !== undefined ? { latencyMs: options.latencyMs } : {});
  }
  if (apiKey === undefined) {
    throw new ConfigurationError(
      '--model anthropic needs an API key: set ANTHROPIC_API_KEY (https://platform.claude.com/settings/keys), ' +
        'or use --model offline to run without one.',
    );
  }
  return new AnthropicModel({
    apiKey,
    model: nonEmpty(options.modelName) ?? options.kitchenModel ?? DEFAULT_ANTHROPIC_MODEL,
    ...(baseURL !== undefined ? { baseURL } : {}),
  });
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}
