import { describe, expect, it } from 'vitest';
import { evalExitCode } from './eval-exit-code.js';
import { buildEvalReport } from './eval-report.js';
import { fakeRun } from './testing/fake-case-run.js';

describe('the eval report', () => {
  it('gives each case and model its pass rate, its failures by run and its sums', () => {
    const report = buildEvalReport([
      {
        name: 'roll',
        model: 'claude',
        runs: [fakeRun(1, true), fakeRun(2, false), fakeRun(3, true), fakeRun(4, true)],
      },
      { name: 'roll', model: 'local', runs: [fakeRun(1, true, { costCents: 0 })] },
    ]);
    expect(report.cases[0]).toMatchObject({
      name: 'roll',
      model: 'claude',
      verdict: 'failed',
      passed: false,
      passRate: 0.75,
      runs: 4,
      tokens: 4000,
      costCents: 8,
      durationMs: 2000,
    });
    expect(report.cases[0]?.failures).toEqual([expect.objectContaining({ run: 2, expectation: 'firstCall' })]);
    expect(report.totals).toEqual({
      cases: 2,
      passed: 1,
      failed: 1,
      notUnderstood: 0,
      runs: 5,
      tokens: 5000,
      costCents: 8,
      durationMs: 2500,
    });
  });

  it('passes a case whose pass rate reaches the minimum', () => {
    const runs = [fakeRun(1, true), fakeRun(2, false)];
    expect(buildEvalReport([{ name: 'a', model: 'm', runs }], { minPassRate: 0.5 }).cases[0]?.verdict).toBe('passed');
    expect(buildEvalReport([{ name: 'a', model: 'm', runs }], { minPassRate: 0.51 }).cases[0]?.verdict).toBe('failed');
  });

  it('calls a case not understood only when every run that missed was the offline model saying so', () => {
    const said = 'I don\'t know how to do "x".';
    const all = buildEvalReport([{ name: 'a', model: 'offline', runs: [fakeRun(1, false, { notUnderstood: said })] }]);
    expect(all.cases[0]).toMatchObject({ verdict: 'not-understood', passed: false, notUnderstood: said });
    expect(all.totals).toMatchObject({ failed: 0, notUnderstood: 1 });
    const mixed = buildEvalReport([
      { name: 'a', model: 'offline', runs: [fakeRun(1, false, { notUnderstood: said }), fakeRun(2, false)] },
    ]);
    expect(mixed.cases[0]?.verdict).toBe('failed');
  });

  it('exits 1 when any case failed and 0 when none did, a task not understood being no failure', () => {
    const said = { notUnderstood: 'Not done: I did not understand "x"' };
    const passing = [{ name: 'a', model: 'm', runs: [fakeRun(1, true)] }];
    expect(evalExitCode(buildEvalReport(passing))).toBe(0);
    expect(evalExitCode(buildEvalReport([...passing, { name: 'b', model: 'm', runs: [fakeRun(1, false)] }]))).toBe(1);
    expect(
      evalExitCode(buildEvalReport([...passing, { name: 'b', model: 'm', runs: [fakeRun(1, false, said)] }])),
    ).toBe(0);
    expect(evalExitCode(buildEvalReport([{ name: 'c', model: 'm', runs: [] }]))).toBe(1);
  });
});
