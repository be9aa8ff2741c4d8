// The plural beside the host's formatters, and that @kitchen/runtime/format hands on the host's own
// (tested in packages/host/src/limits/format-units.test.ts) rather than a copy that could drift.

import * as host from '@kitchen/host/format';
import { describe, expect, it } from 'vitest';
import { formatCents, formatDuration, formatTokens, plural } from './format-units.js';

describe('format units', () => {
  it('counts one thing in the singular and the rest in the plural, with thousands separated', () => {
    expect(plural(1, 'iter')).toBe('1 iter');
    expect(plural(3, 'iter')).toBe('3 iters');
    expect(plural(14654, 'token')).toBe('14,654 tokens');
    expect(plural(2, 'worker', 'workers hired')).toBe('2 workers hired');
  });

  it('formats money, tokens and time with the host’s one formatter', () => {
    expect(formatCents).toBe(host.formatCents);
    expect(formatTokens).toBe(host.formatTokens);
    expect(formatDuration).toBe(host.formatDuration);
    expect(formatCents(0.04)).toBe('0.04¢');
  });
});
