// Scenario 3: a turn of the kitchen's loop as `kitchen run` configures it (the CLI's gate rules and
// approver, a tree budget, spawn_agent offered, every event serialised) against a minimal
// hand-written loop over the raw client, both driving the same instant model; whether a turn gets
// slower as history grows; and what either loop sends the server after it has finished. Host side.

import type { BenchSides } from './bench-sides.js';
import { CANCELLED_NOTIFICATION } from './echo-server.js';
import { ECHO_TASK, EchoTurnsModel } from './echo-turns-model.js';
import { runKitchenLoop } from './kitchen-loop.js';
import {
  collectGarbage,
  growthAfterQuiet,
  intervals,
  percentile,
  type RoundRatios,
  ratio,
  roundRatios,
  type Summary,
  summarize,
} from './measure.js';
import { listToolSpecs, runMinimalLoop } from './minimal-loop.js';

export interface LoopComparison {
  turns: number;
  repeats: number;
  /** Tool calls the model asks for in each turn (all at once). */
  callsPerTurn: number;
  /** Per-turn time of the minimal loop; callsPerSecond is turns per second. */
  baseline: Summary;
  kitchen: Summary;
  /** Median turn, kitchen over minimal: the median of the rounds' (a round is one run of each). */
  ratio: number;
  ratioRounds: RoundRatios;
  /** CPU time per turn (user + system, this process: both sides and the echo server), kitchen over minimal. */
  cpuRatio: number;
  cpuRounds: RoundRatios;
  /** Kitchen median minus baseline median, ms per turn. */
  addedMsPerTurn: number;
  /** The same over the first and the last `window` turns. */
  addedFirstMs: number;
  addedLastMs: number;
  /** Median of the last `window` turns over the first `window`, the median of the runs'; near 1 means flat. */
  growth: { kitchen: number; baseline: number };
  /** The kitchen's growth run by run. */
  growthRounds: RoundRatios;
  window: number;
  /** notifications/cancelled the server received per run, for calls that had all been answered. */
  cancellationsPerRun: { kitchen: number; baseline: number };
  /** Tokens the kitchen's tree budget settled in one run, and bytes of events it serialised. */
  treeTokensPerRun: number;
  eventBytesPerRun: number;
}

export const WINDOW = 50;
/** Long enough for the loop's code to reach optimised code before a timed run. */
const WARM_UP_TURNS = 100;

interface SideRun {
  turns: number[];
  cancelled: number;
  cpuMs: number;
  treeTokens: number;
  eventBytes: number;
}

/** Whole runs per side, alternating which goes first; samples of the same turn index are pooled. */
export async function compareLoops(
  sides: BenchSides,
  turns: number,
  options: { repeats?: number; callsPerTurn?: number } = {},
): Promise<LoopComparison> {
  const repeats = options.repeats ?? 3;
  const callsPerTurn = options.callsPerTurn ?? 1;
  const tools = await listToolSpecs(sides.raw);
  const cancellations = () => sides.received.count(CANCELLED_NOTIFICATION);
  const baselineRuns: SideRun[] = [];
  const kitchenRuns: SideRun[] = [];
  // Each run waits for its after-traffic to end, so it is not timed as part of the next run.
  const timed = async (work: () => Promise<Omit<SideRun, 'cancelled' | 'cpuMs'>>): Promise<SideRun> => {
    // Neither side pays for the garbage the other left.
    await collectGarbage(1);
    const cpu = process.cpuUsage();
    const { value, added } = await growthAfterQuiet(cancellations, work);
    const used = process.cpuUsage(cpu);
    // The quiet wait after the run burns next to no CPU; the run's own CPU is what is counted.
    return { ...value, cancelled: added, cpuMs: (used.user + used.system) / 1000 };
  };
  const minimal = (count: number) =>
    timed(async () => ({
      turns: intervals(
        await runMinimalLoop(sides.raw, new EchoTurnsModel(count, undefined, callsPerTurn), tools, ECHO_TASK),
      ),
      treeTokens: 0,
      eventBytes: 0,
    }));
  const kitchen = (count: number) =>
    timed(async () => {
      const run = await runKitchenLoop(
        sides.cliHost,
        new EchoTurnsModel(count, undefined, callsPerTurn),
        ECHO_TASK,
        count,
      );
      return { turns: intervals(run.turnStarts), treeTokens: run.treeTokens, eventBytes: run.eventBytes };
    });

  await minimal(WARM_UP_TURNS);
  await kitchen(WARM_UP_TURNS);
  for (let repeat = 0; repeat < repeats; repeat += 1) {
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
  const first = (runs: SideRun[]) => median(runs.flatMap((run) => run.turns.slice(0, window)));
  const last = (runs: SideRun[]) => median(runs.flatMap((run) => run.turns.slice(-window)));
  const growthOf = (run: SideRun) => ratio(last([run]), first([run]));
  const cpuOfRun = (run: SideRun) => run.cpuMs / (run.turns.length + 1);
  const summaryOf = (runs: SideRun[]) => {
    const samples = runs.flatMap((run) => run.turns);
    return summarize({ samples, wallMs: samples.reduce((sum, turn) => sum + turn, 0) });
  };
  const baseline = summaryOf(baselineRuns);
  const kitchenSummary = summaryOf(kitchenRuns);
  const pairs = kitchenRuns.map((run, index) => ({ kitchen: run, baseline: baselineRuns[index] as SideRun }));
  const ratioRounds = roundRatios(pairs.map((pair) => ratio(median(pair.kitchen.turns), median(pair.baseline.turns))));
  const cpuRounds = roundRatios(pairs.map((pair) => ratio(cpuOfRun(pair.kitchen), cpuOfRun(pair.baseline))));
  const growthRounds = roundRatios(kitchenRuns.map(growthOf));
  return {
    turns,
    repeats,
    callsPerTurn,
    baseline,
    kitchen: kitchenSummary,
    ratio: ratioRounds.median,
    ratioRounds,
    cpuRatio: cpuRounds.median,
    cpuRounds,
    addedMsPerTurn: kitchenSummary.medianMs - baseline.medianMs,
    addedFirstMs: first(kitchenRuns) - first(baselineRuns),
    addedLastMs: last(kitchenRuns) - last(baselineRuns),
    growth: { kitchen: growthRounds.median, baseline: median(baselineRuns.map(growthOf)) },
    growthRounds,
    window,
    cancellationsPerRun: {
      kitchen: median(kitchenRuns.map((run) => run.cancelled)),
      baseline: median(baselineRuns.map((run) => run.cancelled)),
    },
    treeTokensPerRun: median(kitchenRuns.map((run) => run.treeTokens)),
    eventBytesPerRun: median(kitchenRuns.map((run) => run.eventBytes)),
  };
}
