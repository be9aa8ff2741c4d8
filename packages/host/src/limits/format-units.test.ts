import { describe, expect, it } from 'vitest';
import { formatCents, formatDuration, formatTokens } from './format-units.js';

describe('the one formatter for money, tokens and time', () => {
  it('writes cents below a dollar, dollars above, and keeps fractions of a tenth visible', () => {
    expect(formatCents(0)).toBe('0.0¢');
    expect(formatCents(0.05)).toBe('0.05¢');
    expect(formatCents(6)).toBe('6.0¢');
    expect(formatCents(123)).toBe('$1.23');
  });

  it('writes tokens with thousands separators', () => {
    expect(formatTokens(14_654)).toBe('14,654');
  });

  it('writes durations in the unit a person reads them in', () => {
    expect(formatDuration(250)).toBe('250 ms');
    expect(formatDuration(1_000)).toBe('1 s');
    expect(formatDuration(2_345)).toBe('2.3 s');
    expect(formatDuration(60_000)).toBe('1 min');
    expect(formatDuration(65_000)).toBe('1 min 5 s');
    expect(formatDuration(300_000)).toBe('5 min');
  });
});
