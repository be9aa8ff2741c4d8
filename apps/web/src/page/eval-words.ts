// What the page says about an eval: each lane's verdict, what a failed run missed, and the
// totals, in the words `kitchen eval` prints. The shapes are GET /api/evals/:id's (eval-board.ts
// on the server; the page says the ones it relies on). App side, browser and Node alike: no DOM.

import { formatCents, formatDuration, formatTokens, plural } from '@kitchen/runtime/format';

export type LaneVerdict = 'waiting' | 'running' | 'passed' | 'failed' | 'not-understood';

export interface EvalFailure {
  expectation: string;
  message: string;
  /** The run it came from (1 for the first). */
  run?: number;
}

export interface EvalBoardRun {
  run: number;
  runId?: string;
  status: 'waiting' | 'running' | 'passed' | 'failed' | 'not-understood';
  failures: EvalFailure[];
}

export interface EvalBoardLane {
  key: string;
  name: string;
  model: string;
  task: string;
  repeat: number;
  runs: EvalBoardRun[];
  verdict: LaneVerdict;
  passRate?: number;
  failures: EvalFailure[];
  notUnderstood?: string;
  tokens: number;
  costCents: number;
}

export interface EvalTotalsAbout {
  cases: number;
  passed: number;
  failed: number;
  notUnderstood: number;
  runs: number;
  tokens: number;
  costCents: number;
  durationMs: number;
}

/** GET /api/evals/:id, POST /api/evals, and each message of /api/evals/:id/events. */
export interface EvalAbout {
  evalId: string;
  source: string;
  models: string[];
  lanes: EvalBoardLane[];
  totals: EvalTotalsAbout;
  minPassRate: number;
  finished: boolean;
  startedAt: number;
  problem?: string;
}

export const NOT_UNDERSTOOD = 'not understood by the offline model';

const VERDICT_WORDS: Record<LaneVerdict, string> = {
  waiting: '⏳ waiting',
  running: '🍳 running',
  passed: '✅ passed',
  failed: '❌ failed',
  'not-understood': `🤷 ${NOT_UNDERSTOOD}`,
};

/** "✅ passed", "❌ failed · 1/2 runs passed", "🤷 not understood by the offline model". */
export function verdictText(lane: Pick<EvalBoardLane, 'verdict' | 'passRate' | 'repeat'>): string {
  const words = VERDICT_WORDS[lane.verdict] ?? lane.verdict;
  if (lane.repeat <= 1 || lane.passRate === undefined) return words;
  return `${words} · ${Math.round(lane.passRate * lane.repeat)}/${lane.repeat} runs passed`;
}

/** The class the verdict is drawn with (style.css): ok, bad, warn or the neutral pending. */
export function verdictTone(verdict: LaneVerdict): 'ok' | 'bad' | 'warn' | 'pending' {
  if (verdict === 'passed') return 'ok';
  if (verdict === 'failed') return 'bad';
  if (verdict === 'not-understood') return 'warn';
  return 'pending';
}

/** "calls[0]: expected … ; it was never called", with "run 2 · " first when the case ran more than once. */
export function failureLine(failure: EvalFailure, repeat: number): string {
  const run = repeat > 1 && failure.run !== undefined ? `run ${failure.run} · ` : '';
  return `${run}${failure.expectation}: ${failure.message}`;
}

/** "run 1 · ✅ passed" for one run's heading. */
export function runHeading(run: EvalBoardRun): string {
  return `run ${run.run} · ${VERDICT_WORDS[run.status] ?? run.status}`;
}

/** "2 cases · 1 passed · 1 failed · 0 not understood · 2 runs · 1.2k tokens · 0.0¢ · 3.1 s". */
export function totalsLine(about: Pick<EvalAbout, 'totals' | 'finished'>, elapsedMs?: number): string {
  const { totals } = about;
  const durationMs = about.finished ? totals.durationMs : elapsedMs;
  return [
    plural(totals.cases, 'case'),
    `${totals.passed} passed`,
    `${totals.failed} failed`,
    `${totals.notUnderstood} not understood`,
    plural(totals.runs, 'run'),
    `${formatTokens(totals.tokens)} tokens`,
    formatCents(totals.costCents),
    ...(durationMs === undefined ? [] : [formatDuration(durationMs)]),
  ].join(' · ');
}

/** The eval as one sentence for the live region: "The eval is done: 1 passed, 1 failed." */
export function evalAnnouncement(about: Pick<EvalAbout, 'totals' | 'problem'>): string {
  if (about.problem !== undefined) return `The eval stopped: ${about.problem}`;
  const { passed, failed, notUnderstood } = about.totals;
  return `The eval is done: ${passed} passed, ${failed} failed, ${notUnderstood} ${NOT_UNDERSTOOD}.`;
}

/** What the form sends: the path wins when both are given; models as --model takes them. */
export function evalRequest(file: string, pasted: string, models: string): { body?: unknown; problem?: string } {
  const modelList = models
    .split(/[\s,]+/)
    .map((model) => model.trim())
    .filter((model) => model !== '');
  const chosen = modelList.length === 0 ? {} : { models: modelList };
  if (file.trim() !== '') return { body: { file: file.trim(), ...chosen } };
  if (pasted.trim() === '') return { problem: 'Name a case file, or paste its JSON.' };
  try {
    return { body: { caseFile: JSON.parse(pasted) as unknown, ...chosen } };
  } catch (error) {
    return { problem: `The pasted cases are not JSON (${(error as Error).message}); a case file is one JSON object.` };
  }
}
