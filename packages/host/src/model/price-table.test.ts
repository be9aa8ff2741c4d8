import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICES, priceCents, priceFor } from './price-table.js';

describe('priceCents', () => {
  it('prices a million input and a million output tokens of Claude Sonnet 5.5 at $2 + $10', () => {
    expect(priceCents(DEFAULT_PRICES, 'claude-sonnet-5-5', { inputTokens: 1_000_000, outputTokens: 1_000_000 })).toBe(
      1_200,
    );
  });

  it('prices the offline model exactly like Claude Sonnet, so budgets and cost demos mean something', () => {
    const usage = { inputTokens: 12_345, outputTokens: 678 };
    expect(priceCents(DEFAULT_PRICES, 'offline', usage)).toBe(priceCents(DEFAULT_PRICES, 'claude-sonnet-5-5', usage));
    expect(priceCents(DEFAULT_PRICES, 'offline', usage)).toBeGreaterThan(0);
  });

  it('prices an unknown model id by the "default" entry, which is Claude Sonnet', () => {
    const usage = { inputTokens: 1_000, outputTokens: 1_000 };
    expect(priceCents(DEFAULT_PRICES, 'some-future-model', usage)).toBe(
      priceCents(DEFAULT_PRICES, 'claude-sonnet-5-5', usage),
    );
  });

  it('finds a dated model id under its undated name', () => {
    expect(priceFor(DEFAULT_PRICES, 'claude-haiku-4-5-20251001')).toBe(DEFAULT_PRICES['claude-haiku-4-5']);
  });

  it('charges Claude Haiku 5.5 its long-prompt rate on every token once the prompt passes 100,000 tokens', () => {
    const short = priceCents(DEFAULT_PRICES, 'claude-haiku-5-5', { inputTokens: 100_000, outputTokens: 1_000 });
    const long = priceCents(DEFAULT_PRICES, 'claude-haiku-5-5', { inputTokens: 100_001, outputTokens: 1_000 });
    expect(short).toBeCloseTo((100_000 * 10 + 1_000 * 50) / 1_000_000, 10);
    expect(long).toBeCloseTo((100_001 * 50 + 1_000 * 250) / 1_000_000, 10);
  });

  it('ranks the tiers as Anthropic does: Haiku < Sonnet < Opus', () => {
    const usage = { inputTokens: 10_000, outputTokens: 2_000 };
    const haiku = priceCents(DEFAULT_PRICES, 'claude-haiku-5-5', usage);
    const sonnet = priceCents(DEFAULT_PRICES, 'claude-sonnet-5-5', usage);
    const opus = priceCents(DEFAULT_PRICES, 'claude-opus-5-5', usage);
    expect(haiku).toBeLessThan(sonnet);
    expect(sonnet).toBeLessThan(opus);
  });

  it('explains a table without a "default" entry instead of returning NaN', () => {
    expect(() => priceCents({}, 'x', { inputTokens: 1, outputTokens: 1 })).toThrow(/no "default" entry/);
  });
});
