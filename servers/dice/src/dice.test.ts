// The dice domain: seeded reproducibility and rolls within bounds. Server side, pure.

import { describe, expect, it } from 'vitest';
import { rollDice } from './dice.js';

describe('rollDice', () => {
  it('gives the same roll for the same seed, and another roll for another seed', () => {
    const roll = rollDice({ count: 20, sides: 6, seed: 1729 });
    expect(rollDice({ count: 20, sides: 6, seed: 1729 })).toEqual(roll);
    expect(rollDice({ count: 20, sides: 6, seed: 1730 }).rolls).not.toEqual(roll.rolls);
  });

  it('keeps every roll between 1 and sides, and totals them', () => {
    for (const sides of [2, 6, 20, 1000]) {
      const roll = rollDice({ count: 100, sides, seed: sides });
      expect(roll.rolls).toHaveLength(100);
      expect(roll.rolls.every((value) => Number.isInteger(value) && value >= 1 && value <= sides)).toBe(true);
      expect(roll.total).toBe(roll.rolls.reduce((sum, value) => sum + value, 0));
    }
  });

  it('reaches both ends of a small die', () => {
    expect(new Set(rollDice({ count: 100, sides: 2, seed: 3 }).rolls)).toEqual(new Set([1, 2]));
  });

  it('refuses counts and sides out of range, naming the field and the range', () => {
    expect(() => rollDice({ count: 0, sides: 6, seed: 1 })).toThrow(
      'count must be a whole number from 1 to 100, got 0',
    );
    expect(() => rollDice({ count: 1, sides: 1001, seed: 1 })).toThrow(
      'sides must be a whole number from 2 to 1000, got 1001',
    );
    expect(() => rollDice({ count: 1, sides: 6, seed: 0.5 })).toThrow(RangeError);
  });
});
