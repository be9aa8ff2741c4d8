// The targets the bench reports beside its ratios. Reported, never asserted: a slow run on a busy
// machine is information, not a failed build.

import type { BenchResults } from './bench-results.js';

export interface Target {
  /** Says the limit in words, e.g. "Toolbox overhead ≤ 1.3× raw client, sequential (median)". */
  description: string;
  /** The measured value, in `unit`. */
  value: number;
  limit: number;
  unit: '×' | 'ms' | 'MB' | 'messages';
  ok: boolean;
}

export const TARGETS = {
  toolboxRatio: 1.3,
  loopAddedMs: 1,
  loopGrowth: 1.25,
  /** A finished run has nothing left to cancel. */
  cancellationsPerRun: 0,
  heapGrowthMb: 5,
  offlineDecisionMs: 10,
} as const;

export function evaluateTargets(results: BenchResults): Target[] {
  const targets: Target[] = [];
  const add = (description: string, value: number, limit: number, unit: Target['unit']) =>
    targets.push({ description, value, limit, unit, ok: value <= limit });
  const { sequential, concurrent, loop, memory, offline } = results;
  const { toolboxRatio, loopAddedMs, loopGrowth, cancellationsPerRun, heapGrowthMb, offlineDecisionMs } = TARGETS;
  if (sequential)
    add(`Toolbox overhead ≤ ${toolboxRatio}× raw client, sequential (median)`, sequential.ratio, toolboxRatio, '×');
  if (concurrent)
    add(
      `Toolbox overhead ≤ ${toolboxRatio}× raw client, ${concurrent.inFlight} in flight (median)`,
      concurrent.ratio,
      toolboxRatio,
      '×',
    );
  if (loop) {
    add(
      `runAgentLoop adds ≤ ${loopAddedMs} ms a turn over a minimal loop (median)`,
      loop.addedMsPerTurn,
      loopAddedMs,
      'ms',
    );
    add(
      `runAgentLoop turn time flat as history grows: last ${loop.window} / first ${loop.window} ≤ ${loopGrowth}×`,
      loop.growth.kitchen,
      loopGrowth,
      '×',
    );
    add(
      `runAgentLoop sends ${cancellationsPerRun} notifications/cancelled after a finished run`,
      loop.cancellationsPerRun.kitchen,
      cancellationsPerRun,
      'messages',
    );
  }
  if (memory)
    add(
      `runAgentLoop heap growth ≤ ${heapGrowthMb} MB over ${memory.turns} turns`,
      memory.kitchen.heapUsedMb,
      heapGrowthMb,
      'MB',
    );
  if (offline)
    add(
      `offline model decides the last turn of the ${offline.jars}-jar audit in ≤ ${offlineDecisionMs} ms (median)`,
      offline.lastTurn.medianMs,
      offlineDecisionMs,
      'ms',
    );
  return targets;
}
