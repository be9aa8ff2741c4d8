// The eval's report: one entry per case and model, its pass rate over `repeat` runs and what the
// runs missed, and the totals. Plain JSON (what `--json` prints). Host side, pure.

import { withDefined } from '@kitchen/host';
import type { Failure, RunScore } from './score-run.js';

/** One run of a case on a model, scored. */
export interface CaseRun extends RunScore {
  /** 1 for the first run of the case on this model. */
  run: number;
  durationMs: number;
  /** The trace the run left, when the runner records one (what `kitchen replay` opens). */
  runId?: string;
}

/** passed: the pass rate reached the minimum. not-understood: the offline model said the task is outside what it can do. */
export type Verdict = 'passed' | 'failed' | 'not-understood';

export interface CaseReport {
  name: string;
  model: string;
  verdict: Verdict;
  passed: boolean;
  /** Runs that passed, over all runs: 0..1. */
  passRate: number;
  runs: number;
  /** Every expectation a run missed, with the run it came from. */
  failures: Array<Failure & { run: number }>;
  /** The offline model's own words, when the verdict is not-understood. */
  notUnderstood?: string;
  /** Summed over the runs. */
  tokens: number;
  costCents: number;
  durationMs: number;
  runIds: string[];
}

export interface EvalTotals {
  cases: number;
  passed: number;
  failed: number;
  notUnderstood: number;
  runs: number;
  tokens: number;
  costCents: number;
  /** Wall time of the whole eval (runs overlap), or the runs' sum when it was not measured. */
  durationMs: number;
}

export interface EvalReport {
  cases: CaseReport[];
  totals: EvalTotals;
  /** The pass rate a case needed to pass. */
  minPassRate: number;
}

export interface CaseRuns {
  name: string;
  model: string;
  runs: readonly CaseRun[];
}

export function caseReport(entry: CaseRuns, minPassRate: number): CaseReport {
  const { runs } = entry;
  const passedRuns = runs.filter((run) => run.passed).length;
  const passRate = runs.length === 0 ? 0 : passedRuns / runs.length;
  const passed = runs.length > 0 && passRate >= minPassRate;
  const missed = runs.filter((run) => !run.passed);
  // Only when every run that missed was the offline model saying so: then nothing was learnt about the server.
  const notUnderstood =
    !passed && missed.length > 0 && missed.every((run) => run.notUnderstood !== undefined)
      ? missed[0]?.notUnderstood
      : undefined;
  return {
    name: entry.name,
    model: entry.model,
    verdict: passed ? 'passed' : notUnderstood === undefined ? 'failed' : 'not-understood',
    passed,
    passRate,
    runs: runs.length,
    failures: runs.flatMap((run) => run.failures.map((failure) => ({ run: run.run, ...failure }))),
    ...withDefined({ notUnderstood }),
    tokens: sum(runs.map((run) => run.tokens)),
    costCents: sum(runs.map((run) => run.costCents)),
    durationMs: sum(runs.map((run) => run.durationMs)),
    runIds: runs.flatMap((run) => (run.runId === undefined ? [] : [run.runId])),
  };
}

export function buildEvalReport(
  entries: readonly CaseRuns[],
  options: { minPassRate?: number; durationMs?: number } = {},
): EvalReport {
  const minPassRate = options.minPassRate ?? 1;
  const cases = entries.map((entry) => caseReport(entry, minPassRate));
  return {
    cases,
    totals: {
      cases: cases.length,
      passed: cases.filter((each) => each.verdict === 'passed').length,
      failed: cases.filter((each) => each.verdict === 'failed').length,
      notUnderstood: cases.filter((each) => each.verdict === 'not-understood').length,
      runs: sum(cases.map((each) => each.runs)),
      tokens: sum(cases.map((each) => each.tokens)),
      costCents: sum(cases.map((each) => each.costCents)),
      durationMs: options.durationMs ?? sum(cases.map((each) => each.durationMs)),
    },
    minPassRate,
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
