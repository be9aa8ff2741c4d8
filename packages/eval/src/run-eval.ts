// Runs every case of a case file on every model, `repeat` times each, up to `concurrency` runs at
// once, scores each run from its events and builds the report. How one task is run (which host,
// servers, model, trace) is the caller's: `runTask`, so an app runs traced runs and a test runs
// the host's loop in memory. Host side.

import type { LoopEvent } from '@kitchen/host';
import { withDefined } from '@kitchen/host';
import type { EvalCase } from './eval-case-file.js';
import { buildEvalReport, type CaseRun, type EvalReport } from './eval-report.js';
import { scoreRun } from './score-run.js';

/** Runs of one eval at once, unless the caller says otherwise. */
export const DEFAULT_EVAL_CONCURRENCY = 4;

/** One run to make: a case, on a model, the n-th time. */
export interface EvalJob {
  evalCase: EvalCase;
  /** The model's name as the caller gave it. */
  model: string;
  /** 1 for the first run of the case on this model. */
  run: number;
}

/** What running one task gave back: every event of the run, and its trace when one was written. */
export interface TaskRun {
  events: readonly LoopEvent[];
  runId?: string;
}

export interface RunEvalOptions {
  cases: readonly EvalCase[];
  /** Every case runs on each of these; default one model, named "default". */
  models?: readonly string[];
  runTask: (job: EvalJob) => Promise<TaskRun>;
  concurrency?: number;
  /** A case passes when this share of its runs pass; default 1 (every run). */
  minPassRate?: number;
  /** Called as each run is scored (for a live board). */
  onRunEnd?: (job: EvalJob, run: CaseRun) => void;
}

export async function runEval(options: RunEvalOptions): Promise<EvalReport> {
  const models = options.models === undefined || options.models.length === 0 ? ['default'] : options.models;
  const entries = options.cases.flatMap((evalCase) =>
    models.map((model) => ({ evalCase, model, runs: [] as CaseRun[] })),
  );
  const jobs = entries.flatMap((entry) =>
    Array.from({ length: entry.evalCase.repeat }, (_, index) => ({
      entry,
      job: { evalCase: entry.evalCase, model: entry.model, run: index + 1 },
    })),
  );
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    for (let claimed = next++; claimed < jobs.length; claimed = next++) {
      const { entry, job } = jobs[claimed] as (typeof jobs)[number];
      const run = await runOne(job, options.runTask);
      entry.runs.push(run);
      options.onRunEnd?.(job, run);
    }
  };
  const concurrency = Math.max(1, Math.min(options.concurrency ?? DEFAULT_EVAL_CONCURRENCY, jobs.length));
  await Promise.all(Array.from({ length: concurrency }, worker));
  return buildEvalReport(
    entries.map((entry) => ({
      name: entry.evalCase.name,
      model: entry.model,
      runs: entry.runs.sort((left, right) => left.run - right.run),
    })),
    {
      ...withDefined({ minPassRate: options.minPassRate }),
      durationMs: performance.now() - started,
    },
  );
}

/** A run that throws is scored as a failed run with the error in its words; the eval goes on. */
async function runOne(job: EvalJob, runTask: RunEvalOptions['runTask']): Promise<CaseRun> {
  const started = performance.now();
  try {
    const outcome = await runTask(job);
    return {
      run: job.run,
      ...scoreRun(job.evalCase.expect, outcome.events),
      durationMs: performance.now() - started,
      ...withDefined({ runId: outcome.runId }),
    };
  } catch (error) {
    const words = error instanceof Error ? error.message : String(error);
    return {
      run: job.run,
      passed: false,
      failures: [
        { expectation: 'run', expected: 'a finished run', actual: words, message: `the run failed: ${words}` },
      ],
      finalText: '',
      toolCalls: 0,
      tokens: 0,
      costCents: 0,
      durationMs: performance.now() - started,
    };
  }
}
