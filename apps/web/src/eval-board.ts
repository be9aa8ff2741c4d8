// An eval as the web page shows it: one lane per case and model, each holding its runs (a
// traced run each, drawn with the page's own lanes) and, once its runs have ended, its verdict
// as `kitchen eval` gives it (@kitchen/eval's caseReport); the totals at the end. Plain JSON,
// changed in place as runs start and end. App side, pure.

import {
  buildEvalReport,
  type CaseReport,
  type CaseRun,
  caseReport,
  type EvalCase,
  type EvalJob,
  type EvalReport,
  type EvalTotals,
  type Failure,
} from '@kitchen/eval';
import { withDefined } from '@kitchen/host';

/** One run of a lane: waiting for its turn, running (its events stream from the kitchen), or scored. */
export interface BoardRun {
  run: number;
  /** The run's id (its address, ?run=ID, and its trace) once it has started. */
  runId?: string;
  status: 'waiting' | 'running' | 'passed' | 'failed' | 'not-understood';
  failures: Failure[];
  /** What scoring the run gave, once it ended. */
  scored?: CaseRun;
}

/** waiting: no run started; running: some run not scored yet; then the case's verdict on that model. */
export type LaneVerdict = 'waiting' | 'running' | CaseReport['verdict'];

export interface BoardLane {
  /** `case · model`, unique on the board. */
  key: string;
  name: string;
  model: string;
  task: string;
  repeat: number;
  runs: BoardRun[];
  verdict: LaneVerdict;
  /** Set with the verdict. */
  passRate?: number;
  failures: Array<Failure & { run: number }>;
  notUnderstood?: string;
  tokens: number;
  costCents: number;
}

export interface EvalBoard {
  lanes: BoardLane[];
  minPassRate: number;
  /** Set when every run has ended: the report `kitchen eval --json` prints. */
  totals?: EvalTotals;
}

export function laneKey(name: string, model: string): string {
  return `${name} · ${model}`;
}

/** Every case on every model, nothing run yet: the lanes in the order runEval runs them. */
export function createEvalBoard(cases: readonly EvalCase[], models: readonly string[], minPassRate = 1): EvalBoard {
  return {
    lanes: cases.flatMap((evalCase) =>
      models.map((model) => ({
        key: laneKey(evalCase.name, model),
        name: evalCase.name,
        model,
        task: evalCase.task,
        repeat: evalCase.repeat,
        runs: Array.from({ length: evalCase.repeat }, (_, index) => ({
          run: index + 1,
          status: 'waiting' as const,
          failures: [],
        })),
        verdict: 'waiting' as const,
        failures: [],
        tokens: 0,
        costCents: 0,
      })),
    ),
    minPassRate,
  };
}

/** The job's run has started as run `runId`; returns its lane. */
export function boardRunStarted(board: EvalBoard, job: EvalJob, runId: string): BoardLane | undefined {
  const lane = findLane(board, job);
  const slot = lane?.runs[job.run - 1];
  if (lane === undefined || slot === undefined) return undefined;
  slot.runId = runId;
  slot.status = 'running';
  if (lane.verdict === 'waiting') lane.verdict = 'running';
  return lane;
}

/** The job's run was scored; when it was its lane's last, the lane gets its verdict. Returns the lane. */
export function boardRunEnded(board: EvalBoard, job: EvalJob, scored: CaseRun): BoardLane | undefined {
  const lane = findLane(board, job);
  const slot = lane?.runs[job.run - 1];
  if (lane === undefined || slot === undefined) return undefined;
  slot.status = scored.passed ? 'passed' : scored.notUnderstood !== undefined ? 'not-understood' : 'failed';
  slot.failures = scored.failures;
  slot.scored = scored;
  if (scored.runId !== undefined) slot.runId ??= scored.runId;
  lane.tokens += scored.tokens;
  lane.costCents += scored.costCents;
  const scoredRuns = lane.runs.flatMap((run) => (run.scored === undefined ? [] : [run.scored]));
  if (scoredRuns.length === lane.repeat)
    setVerdict(lane, caseReport({ name: lane.name, model: lane.model, runs: scoredRuns }, board.minPassRate));
  else lane.verdict = 'running';
  return lane;
}

/** Every run has ended: the verdicts and totals are the report's (the same `kitchen eval` prints). */
export function boardFinished(board: EvalBoard, report: EvalReport): void {
  for (const each of report.cases) {
    const lane = board.lanes.find((candidate) => candidate.key === laneKey(each.name, each.model));
    if (lane !== undefined) setVerdict(lane, each);
  }
  board.totals = report.totals;
}

/** The totals so far, counting only lanes with a verdict (the page shows them while the eval runs). */
export function boardTotals(board: EvalBoard): EvalTotals {
  if (board.totals !== undefined) return board.totals;
  const decided = board.lanes.filter((lane) => lane.verdict !== 'waiting' && lane.verdict !== 'running');
  return {
    ...buildEvalReport([]).totals,
    cases: board.lanes.length,
    passed: decided.filter((lane) => lane.verdict === 'passed').length,
    failed: decided.filter((lane) => lane.verdict === 'failed').length,
    notUnderstood: decided.filter((lane) => lane.verdict === 'not-understood').length,
    runs: board.lanes.flatMap((lane) => lane.runs).filter((run) => run.status !== 'waiting').length,
    tokens: board.lanes.reduce((total, lane) => total + lane.tokens, 0),
    costCents: board.lanes.reduce((total, lane) => total + lane.costCents, 0),
  };
}

function findLane(board: EvalBoard, job: EvalJob): BoardLane | undefined {
  return board.lanes.find((lane) => lane.key === laneKey(job.evalCase.name, job.model));
}

function setVerdict(lane: BoardLane, report: CaseReport): void {
  lane.verdict = report.verdict;
  lane.passRate = report.passRate;
  lane.failures = report.failures;
  lane.tokens = report.tokens;
  lane.costCents = report.costCents;
  delete lane.notUnderstood;
  Object.assign(lane, withDefined({ notUnderstood: report.notUnderstood }));
}
