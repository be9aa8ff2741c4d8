import type { DoneEvent } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { renderSummary } from './render-summary.js';

const done: DoneEvent = {
  type: 'done',
  agent: 'main',
  at: 0,
  finalText: 'Jar 3 is fine.',
  stopReason: 'end_turn',
  iterations: 2,
  toolCalls: 1,
  tokens: 1234,
  costCents: 0,
};

describe('the summary line', () => {
  it('says "local" for the cost of a local model the config gives no price', () => {
    const line = renderSummary(
      {
        done,
        model: { id: 'qwen3:8b', label: 'qwen3:8b (local, http://localhost:11434)' },
        wallMs: 900,
        unpriced: true,
      },
      false,
    );
    expect(line).toBe(
      '📊 end_turn · 2 iterations · 1 tool call · 1,234 tokens · local · 900 ms · model: qwen3:8b (local, http://localhost:11434)',
    );
  });

  it('gives a priced model its cents', () => {
    const line = renderSummary(
      { done: { ...done, costCents: 2.5 }, model: { id: 'x', label: 'x' }, wallMs: 900 },
      false,
    );
    expect(line).toContain(' · 2.5¢ · ');
  });
});
