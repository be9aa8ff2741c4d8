// Timing helpers for the bench: summaries of samples (pure), timed batches of calls, waiting out
// traffic a run leaves behind, and full GCs before a heap reading. On neither side of the boundary.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface Summary {
  count: number;
  medianMs: number;
  p95Ms: number;
  meanMs: number;
  /** Completed calls per second of wall time. */
  callsPerSecond: number;
}

/** Samples in milliseconds, and the wall time the whole batch took. */
export interface Timing {
  samples: number[];
  wallMs: number;
}

/**
 * The value below which `fraction` of the samples fall, interpolating linearly between the two
 * nearest ranks (as numpy and spreadsheets do), so the median of an even count is the middle mean.
 */
export function percentile(samples: readonly number[], fraction: number): number {
  if (samples.length === 0) throw new RangeError('percentile needs at least one sample.');
  if (!(fraction >= 0 && fraction <= 1)) throw new RangeError(`fraction must be between 0 and 1; got ${fraction}.`);
  const sorted = [...samples].sort((left, right) => left - right);
  const position = (sorted.length - 1) * fraction;
  const below = Math.floor(position);
  const lower = sorted[below] as number;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  return lower + (upper - lower) * (position - below);
}

export function summarize(timing: Timing): Summary {
  const { samples, wallMs } = timing;
  const total = samples.reduce((sum, sample) => sum + sample, 0);
  return {
    count: samples.length,
    medianMs: percentile(samples, 0.5),
    p95Ms: percentile(samples, 0.95),
    meanMs: total / samples.length,
    callsPerSecond: wallMs > 0 ? (samples.length * 1000) / wallMs : Number.POSITIVE_INFINITY,
  };
}

/** Kitchen over baseline; above 1 means the kitchen is slower (or bigger). */
export function ratio(kitchen: number, baseline: number): number {
  return baseline === 0 ? Number.NaN : kitchen / baseline;
}

/**
 * A ratio taken once per round (each round runs both sides back to back), summarised: the median
 * is the figure a target reads, min and max show how far single rounds strayed from it.
 */
export interface RoundRatios {
  median: number;
  min: number;
  max: number;
  /** Each round's ratio, in the order the rounds ran. */
  rounds: number[];
}

export function roundRatios(rounds: readonly number[]): RoundRatios {
  if (rounds.length === 0) throw new RangeError('roundRatios needs at least one round.');
  return {
    median: percentile(rounds, 0.5),
    min: Math.min(...rounds),
    max: Math.max(...rounds),
    rounds: [...rounds],
  };
}

/** Gaps between consecutive instants: one fewer than given (turn starts in, turn durations out). */
export function intervals(instants: readonly number[]): number[] {
  return instants.slice(1).map((instant, index) => instant - (instants[index] as number));
}

/** Joins timings taken in alternating rounds into one. */
export function mergeTimings(timings: readonly Timing[]): Timing {
  return {
    samples: timings.flatMap((timing) => timing.samples),
    wallMs: timings.reduce((sum, timing) => sum + timing.wallMs, 0),
  };
}

/**
 * Runs `call` `count` times with at most `inFlight` running at once and times each one. A call
 * that rejects fails the whole batch: a bench that quietly drops errors measures the wrong thing.
 */
export async function timeCalls(
  count: number,
  inFlight: number,
  call: (index: number) => Promise<unknown>,
): Promise<Timing> {
  const samples: number[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next;
      next += 1;
      const started = performance.now();
      await call(index);
      samples.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(inFlight, count) }, worker));
  return { samples, wallMs: performance.now() - started };
}

/**
 * Resolves once `read()` has not changed for `quietMs`, or after `maxMs`: lets traffic a run set off
 * after it ended (messages still in flight) finish before the next run is timed.
 */
export async function waitUntilQuiet(read: () => number, quietMs = 100, maxMs = 3_000): Promise<void> {
  const deadline = performance.now() + maxMs;
  let last = read();
  do {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const now = read();
    if (now === last) return;
    last = now;
  } while (performance.now() < deadline);
}

/** Runs `work`, waits for quiet, and says how much `read()` grew meanwhile. */
export async function growthAfterQuiet<Value>(
  read: () => number,
  work: () => Promise<Value>,
): Promise<{ value: Value; added: number }> {
  const before = read();
  const value = await work();
  await waitUntilQuiet(read);
  return { value, added: read() - before };
}

let gc: (() => void) | undefined;

/**
 * Full garbage collections until the heap settles, so heap figures compare live objects rather
 * than garbage. A turn of the event loop between them lets finalizers and closed sockets let go.
 * Node only exposes gc() behind a flag; setting it at run time and fetching gc from a fresh
 * context works without restarting the process.
 */
export async function collectGarbage(times = 3): Promise<void> {
  gc ??= (globalThis as { gc?: () => void }).gc;
  if (!gc) {
    // A fresh context is costly (tens of ms on a busy machine): made once, not per collection.
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  const collect = gc;
  for (let round = 0; round < times; round += 1) {
    collect();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export const MEGABYTE = 1024 * 1024;
