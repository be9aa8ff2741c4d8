// The dice domain: roll `count` dice with `sides` faces from a seed, so the same seed always
// gives the same roll. Server side, pure.

import { SeededRandom } from '@kitchen/server-kit';

export const DICE_LIMITS = {
  count: { min: 1, max: 100 },
  sides: { min: 2, max: 1000 },
} as const;

export interface DiceRoll {
  count: number;
  sides: number;
  /** The seed the roll came from: pass it again to get the same roll. */
  seed: number;
  rolls: number[];
  total: number;
}

export function rollDice({ count, sides, seed }: { count: number; sides: number; seed: number }): DiceRoll {
  for (const [field, value] of Object.entries({ count, sides })) {
    const { min, max } = DICE_LIMITS[field as keyof typeof DICE_LIMITS];
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new RangeError(`${field} must be a whole number from ${min} to ${max}, got ${value}`);
    }
  }
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a whole number, got ${seed}`);
  const random = new SeededRandom(seed);
  const rolls = Array.from({ length: count }, () => random.integer(1, sides));
  return { count, sides, seed, rolls, total: rolls.reduce((sum, roll) => sum + roll, 0) };
}
