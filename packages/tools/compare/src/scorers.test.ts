import { describe, expect, it } from 'vitest';
import { jarCase } from './eval-case.js';
import { scoreReport, tamperedJars } from './scorers.js';

// The scorers themselves are @kitchen/eval's and tested there; this is how compare's cases use them.
describe('scorers', () => {
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
