import { describe, expect, it } from 'vitest';
import { jarCase } from './eval-case.js';
import { reportedJars, scoreReport, scoreSet, tamperedJars } from './scorers.js';

describe('scorers', () => {
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

  it("scores a jar report against the seed's known answer", () => {
    const truth = tamperedJars(1729, 30);
    expect(truth.length).toBeGreaterThan(0);
    const perfect = truth.map((id) => `- jar ${id}: tampered`).join('\n');
    expect(scoreReport(jarCase(30), perfect)).toMatchObject({ correct: true, score: 1 });
    expect(scoreReport(jarCase(30), perfect.split('\n').slice(1).join('\n')).recall).toBeLessThan(1);
  });

  it('scores a pattern case by whether the report holds it', () => {
    const dice = { ...jarCase(1), scorer: 'contains' as const, expected: { pattern: '\\b[1-6]\\b' } };
    expect(scoreReport(dice, 'Rolled 3, 5 and 6.').correct).toBe(true);
    expect(scoreReport(dice, 'I cannot roll dice.').correct).toBe(false);
  });
});
