import { describe, expect, it } from 'vitest';
import { SeededRandom } from './seeded-random.js';

function draw(seed: number, count: number): number[] {
  const random = new SeededRandom(seed);
  return Array.from({ length: count }, () => random.next());
}

describe('SeededRandom', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    expect(draw(1729, 20)).toEqual(draw(1729, 20));
    expect(draw(1729, 20)).not.toEqual(draw(1730, 20));
  });

  it('keeps floats in [0, 1) and whole numbers inside their bounds, reaching both ends', () => {
    const random = new SeededRandom(7);
    const seen = new Set<number>();
    for (let index = 0; index < 2000; index += 1) {
      const value = random.next();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      seen.add(random.integer(3, 8));
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('shuffles into a permutation without touching the original', () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const shuffled = new SeededRandom(42).shuffle(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect([...shuffled].sort((left, right) => left - right)).toEqual(items);
    expect(shuffled).not.toEqual(items);
  });
});
