import { describe, expect, it } from 'vitest';
import { reportedJars, scoreSet } from './score-set.js';

describe('set scorer', () => {
  it('reads the jar ids a report lists', () => {
    expect(reportedJars('Found:\n- jar 12: seal broken\n- jar 3: weight off\nnot - jar 9')).toEqual([3, 12]);
  });

  it('scores a set by precision and recall', () => {
    expect(scoreSet([1, 2], [1, 2])).toEqual({ correct: true, score: 1, precision: 1, recall: 1 });
    expect(scoreSet([1, 2, 3, 4], [1, 2])).toMatchObject({ correct: false, precision: 0.5, recall: 1 });
    expect(scoreSet([1], [1, 2])).toMatchObject({ correct: false, precision: 1, recall: 0.5 });
    expect(scoreSet([], [])).toMatchObject({ correct: true, score: 1 });
    expect(scoreSet([], [4]).score).toBe(0);
  });
});
