// Scenario 3: what runAgentLoop adds per turn over a minimal hand-written loop, both driving the
// same instant model through one echo call a turn; whether a turn gets slower as history grows;
// and what either loop sends the server after it has finished. Host side.

import type { BenchSides } from './bench-sides.js';
import { CANCELLED_NOTIFICATION } from './echo-server.js';
import { ECHO_TASK, EchoTurnsModel } from './echo-turns-model.js';
import { runKitchenLoop } from './kitchen-loop.js';
import { growthAfterQuiet, intervals, percentile, ratio, type Summary, summarize } from './measure.js';
import { listToolSpecs, runMinimalLoop } from './minimal-loop.js';

export interface LoopComparison {
  turns: number;
  repeats: number;
  /** Per-turn time of the minimal loop; callsPerSecond is turns per second. */
  baseline: Summary;
  kitchen: Summary;
  ratio: number;
  /** Kitchen median minus baseline median, ms per turn. */
  addedMsPerTurn: number;
  /** The same over the first and the last `window` turns. */
  addedFirstMs: number;
  addedLastMs: number;
  /** Median of the last `window` turns over the first `window`; near 1 means flat as history grows. */
  growth: { kitchen: number; baseline: number };
  window: number;
  /** notifications/cancelled the server received per run, for calls that had all been answered. */
  cancellationsPerRun: { kitchen: number; baseline: number };
}

export const WINDOW = 50;
/** Whole runs per side, alternating which goes first; samples of the same turn index are pooled. */
const REPEATS = 3;
const WARM_UP_TURNS = 20;

export async function compareLoops(sides: BenchSides, turns: number): Promise<LoopComparison> {
  const tools = await listToolSpecs(sides.raw);
  const cancellations = () => sides.received.count(CANCELLED_NOTIFICATION);
  const baselineRuns: Array<{ turns: number[]; cancelled: number }> = [];
  const kitchenRuns: Array<{ turns: number[]; cancelled: number }> = [];
  // Each run waits for its after-traffic to end, so it is not timed as part of the next run.
  const minimal = async (count: number) => {
    const { value, added } = await growthAfterQuiet(cancellations, () =>
      runMinimalLoop(sides.raw, new EchoTurnsModel(count), tools, ECHO_TASK),
    );
    return { turns: intervals(value), cancelled: added };
  };
  const kitchen = async (count: number) => {
    const { value, added } = await growthAfterQuiet(cancellations, () =>
      runKitchenLoop(sides.host, new EchoTurnsModel(count), ECHO_TASK, count),
    );
    return { turns: intervals(value), cancelled: added };
  };

  await minimal(WARM_UP_TURNS);
  await kitchen(WARM_UP_TURNS);
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    if (repeat % 2 === 0) {
      baselineRuns.push(await minimal(turns));
      kitchenRuns.push(await kitchen(turns));
    } else {
      kitchenRuns.push(await kitchen(turns));
      baselineRuns.push(await minimal(turns));
    }
  }

  const window = Math.min(WINDOW, Math.floor(turns / 2));
  const median = (samples: number[]) => percentile(samples, 0.5);
  const first = (runs: typeof kitchenRuns) => median(runs.flatMap((run) => run.turns.slice(0, window)));
  const last = (runs: typeof kitchenRuns) => median(runs.flatMap((run) => run.turns.slice(-window)));
  const summaryOf = (runs: typeof kitchenRuns) => {
    const samples = runs.flatMap((run) => run.turns);
    return summarize({ samples, wallMs: samples.reduce((sum, turn) => sum + turn, 0) });
  };
  const baseline = summaryOf(baselineRuns);
  const kitchenSummary = summaryOf(kitchenRuns);
  return {
    turns,
    repeats: REPEATS,
    baseline,
    kitchen: kitchenSummary,
    ratio: ratio(kitchenSummary.medianMs, baseline.medianMs),
    addedMsPerTurn: kitchenSummary.medianMs - baseline.medianMs,
    addedFirstMs: first(kitchenRuns) - first(baselineRuns),
    addedLastMs: last(kitchenRuns) - last(baselineRuns),
    growth: {
      kitchen: ratio(last(kitchenRuns), first(kitchenRuns)),
      baseline: ratio(last(baselineRuns), first(baselineRuns)),
    },
    window,
    cancellationsPerRun: {
      kitchen: median(kitchenRuns.map((run) => run.cancelled)),
      baseline: median(baselineRuns.map((run) => run.cancelled)),
    },
  };
}
