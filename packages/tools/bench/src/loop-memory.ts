// Scenario 4: the heap and RSS a long history costs each loop, measured from inside the model at
// its first call and at its call after `turns` tool turns, against the minimal loop. Host side.

import { getHeapSpaceStatistics } from 'node:v8';
import type { BenchSides } from './bench-sides.js';
import { CANCELLED_NOTIFICATION } from './echo-server.js';
import { ECHO_TASK, EchoTurnsModel } from './echo-turns-model.js';
import { runKitchenLoop } from './kitchen-loop.js';
import { collectGarbage, growthAfterQuiet, MEGABYTE, percentile, ratio } from './measure.js';
import { listToolSpecs, runMinimalLoop } from './minimal-loop.js';

export interface MemoryGrowth {
  /** Heap in use without compiled code (see dataHeapUsed). */
  heapUsedMb: number;
  rssMb: number;
}

export interface MemoryComparison {
  turns: number;
  repeats: number;
  /** Medians over the repeats. */
  baseline: MemoryGrowth;
  kitchen: MemoryGrowth;
  /** Kitchen heap growth over baseline heap growth. */
  heapRatio: number;
}

/** The history of 200 echo turns is a few hundred kB: the median of a few runs per side keeps one odd collection from deciding the figure. */
const REPEATS = 3;

export async function compareMemory(sides: BenchSides, turns: number): Promise<MemoryComparison> {
  const tools = await listToolSpecs(sides.raw);
  const baselineRuns: MemoryGrowth[] = [];
  const kitchenRuns: MemoryGrowth[] = [];
  // Each run waits for its after-traffic to end, so that traffic is not counted in the next run.
  const cancellations = () => sides.received.count(CANCELLED_NOTIFICATION);
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    baselineRuns.push(
      (
        await growthAfterQuiet(cancellations, () =>
          growthDuring((model) => runMinimalLoop(sides.raw, model, tools, ECHO_TASK), turns),
        )
      ).value,
    );
    kitchenRuns.push(
      (
        await growthAfterQuiet(cancellations, () =>
          growthDuring((model) => runKitchenLoop(sides.host, model, ECHO_TASK, turns, { policy: false }), turns),
        )
      ).value,
    );
  }
  const baseline = medianGrowth(baselineRuns);
  const kitchen = medianGrowth(kitchenRuns);
  return { turns, repeats: REPEATS, baseline, kitchen, heapRatio: ratio(kitchen.heapUsedMb, baseline.heapUsedMb) };
}

function medianGrowth(runs: MemoryGrowth[]): MemoryGrowth {
  return {
    heapUsedMb: percentile(
      runs.map((run) => run.heapUsedMb),
      0.5,
    ),
    rssMb: percentile(
      runs.map((run) => run.rssMb),
      0.5,
    ),
  };
}

/**
 * Both readings are taken inside the same run, after full collections, so code the run compiles
 * and garbage from earlier scenarios (a few MB either way) stay out of a difference this small.
 */
async function growthDuring(run: (model: EchoTurnsModel) => Promise<unknown>, turns: number): Promise<MemoryGrowth> {
  const readings = new Map<number, { heapUsed: number; rss: number }>();
  const model = new EchoTurnsModel(turns, async (turn) => {
    if (turn !== 1 && turn !== turns + 1) return;
    await collectGarbage();
    readings.set(turn, { heapUsed: dataHeapUsed(), rss: process.memoryUsage.rss() });
  });
  await run(model);
  const first = readings.get(1);
  const last = readings.get(turns + 1);
  if (!first || !last) throw new Error('The memory probe missed a reading: the loop ended before its last model call.');
  return { heapUsedMb: (last.heapUsed - first.heapUsed) / MEGABYTE, rssMb: (last.rss - first.rss) / MEGABYTE };
}

/**
 * Heap in use without compiled code: the JIT compiles and drops code as functions warm up and
 * cool down, megabytes either way, none of which is history.
 */
function dataHeapUsed(): number {
  return getHeapSpaceStatistics()
    .filter((space) => !space.space_name.startsWith('code'))
    .reduce((sum, space) => sum + space.space_used_size, 0);
}
