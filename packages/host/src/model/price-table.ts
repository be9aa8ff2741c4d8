// What a model call costs, in cents, from its token usage. Host side: the budget and the sampling
// handler price calls with it; nothing here crosses the wire.

import { ConfigurationError } from '../errors.js';
import type { Usage } from '../model.js';

/** Cents per million tokens. */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
  /**
   * Some models charge more for every token of a request whose prompt is long (Claude Haiku 5.5
   * above 100,000 input tokens). Absent: one rate whatever the prompt length.
   */
  longPrompt?: { aboveInputTokens: number; inputPerMillion: number; outputPerMillion: number };
}

export type PriceTable = Record<string, ModelPrice>;

// Anthropic's published list prices, November 2026 (platform.claude.com/docs/en/about-claude/pricing),
// in cents per million tokens. Batch and cache rates are left out: the kitchen uses neither.
// Sonnet 5 and 5.5 share a rate, as do Opus 5 and Opus 4.5-4.7, and Sonnet 4.5 and 4.6.
const SONNET_5: ModelPrice = { inputPerMillion: 200, outputPerMillion: 1_000 };
const OPUS_5_5: ModelPrice = { inputPerMillion: 400, outputPerMillion: 2_000 };
const HAIKU_5_5: ModelPrice = {
  inputPerMillion: 10,
  outputPerMillion: 50,
  longPrompt: { aboveInputTokens: 100_000, inputPerMillion: 50, outputPerMillion: 250 },
};
const FABLE_5_1: ModelPrice = { inputPerMillion: 1_000, outputPerMillion: 5_000 };
const SONNET_4: ModelPrice = { inputPerMillion: 300, outputPerMillion: 1_500 };
const OPUS_5: ModelPrice = { inputPerMillion: 500, outputPerMillion: 2_500 };
const HAIKU_4_5: ModelPrice = { inputPerMillion: 100, outputPerMillion: 500 };

export const DEFAULT_PRICES: PriceTable = Object.freeze({
  'claude-sonnet-5-5': SONNET_5,
  'claude-opus-5-5': OPUS_5_5,
  'claude-haiku-5-5': HAIKU_5_5,
  'claude-fable-5-1': FABLE_5_1,
  'claude-sonnet-5': SONNET_5,
  'claude-opus-5': OPUS_5,
  'claude-sonnet-4-6': SONNET_4,
  'claude-sonnet-4-5': SONNET_4,
  'claude-opus-4-7': OPUS_5,
  'claude-opus-4-6': OPUS_5,
  'claude-opus-4-5': OPUS_5,
  'claude-haiku-4-5': HAIKU_4_5,
  // The offline model costs nothing to run, but it is priced as if it were Claude Sonnet so that
  // budgets, cost lines and the with/without-delegation comparison mean something.
  offline: SONNET_5,
  // Any model id not in the table is priced like Claude Sonnet too.
  default: SONNET_5,
});

/**
 * The price entry for a model id: an exact match, then the id without its date suffix
 * ("claude-haiku-4-5-20251001" → "claude-haiku-4-5"), then the table's "default" entry.
 */
export function priceFor(prices: PriceTable, modelId: string): ModelPrice {
  const undated = modelId.replace(/-\d{8}$/, '');
  const price = prices[modelId] ?? prices[undated] ?? prices['default'];
  if (price === undefined) {
    throw new ConfigurationError(`The price table has no entry for "${modelId}" and no "default" entry; add one.`);
  }
  return price;
}

/** Cost of one call in cents (fractional: a small call costs well under a cent). */
export function priceCents(prices: PriceTable, modelId: string, usage: Usage): number {
  const price = priceFor(prices, modelId);
  const rates =
    price.longPrompt !== undefined && usage.inputTokens > price.longPrompt.aboveInputTokens ? price.longPrompt : price;
  return (usage.inputTokens * rates.inputPerMillion + usage.outputTokens * rates.outputPerMillion) / 1_000_000;
}
