// Tool inputs with bounds: the error names the field, the allowed range and the value given.

import { describe, expect, it } from 'vitest';
import { wholeNumber } from './whole-number.js';

describe('wholeNumber', () => {
  const count = wholeNumber('count', { min: 1, max: 100 });

  it('accepts whole numbers in range', () => {
    expect(count.parse(1)).toBe(1);
    expect(count.parse(100)).toBe(100);
  });

  it.each([0, 101, 2.5, '3', null])('refuses %j naming the field and the range', (value) => {
    const result = count.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      `count must be a whole number from 1 to 100 (got ${JSON.stringify(value)})`,
    );
  });

  it('describes one-sided ranges', () => {
    expect(wholeNumber('offset', { min: 0 }).safeParse(-1).error?.issues[0]?.message).toBe(
      'offset must be a whole number ≥ 0 (got -1)',
    );
  });
});
