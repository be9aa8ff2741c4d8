// Splitting a big jar job between workers: slices of at most 20 jars, one spawn_agent call per
// slice, all in one turn so they run in parallel. Host side, pure.

import { describeJars, sortedIds } from './id-list.js';

/** Most jars one worker gets, and the size above which a job is worth delegating. */
export const SLICE_SIZE = 20;

/**
 * How many 20-jar slices one worker may take when the spawn_agent description says workers can
 * hire workers in turn: as many as the square root of the slices, so the head cook hires a few
 * workers with shares big enough to split again (400 jars: 5 workers of 80, each hiring 2 of 40).
 * When workers cannot hire, every worker gets at most SLICE_SIZE jars, as before.
 */
export function shareSize(jars: number, workersMayHire: boolean): number {
  if (!workersMayHire) return SLICE_SIZE;
  const slices = Math.ceil(jars / SLICE_SIZE);
  return Math.max(SLICE_SIZE, Math.ceil(jars / Math.ceil(Math.sqrt(slices))));
}

/** Whether a spawn_agent description lets the workers it hires hire workers of their own. */
export function workersMayHire(description: string | undefined): boolean {
  return description !== undefined && /workers can hire workers/i.test(description);
}

/** As few slices as fit, as even as can be: 21 jars make 11 + 10, not 20 + 1. */
export function sliceIds(ids: number[], size = SLICE_SIZE): number[][] {
  const sorted = sortedIds(ids);
  const count = Math.ceil(sorted.length / size);
  const slices: number[][] = [];
  let start = 0;
  for (let index = 0; index < count; index += 1) {
    const length = Math.ceil((sorted.length - start) / (count - index));
    slices.push(sorted.slice(start, start + length));
    start += length;
  }
  return slices;
}

/** The input of one spawn_agent call: a task in plain words, and a one-word lane name. */
export function spawnInput(ids: number[]): { task: string; name: string } {
  const sorted = sortedIds(ids);
  const first = sorted[0] ?? 0;
  const last = sorted[sorted.length - 1] ?? first;
  return {
    task: `Inspect cookie ${describeJars(sorted)} and report which ones were tampered with, and why.`,
    name: first === last ? `jar-${first}` : `jars-${first}-${last}`,
  };
}
