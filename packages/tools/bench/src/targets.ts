// The targets the bench reports beside its ratios (issue 17's among them). Reported, never
// asserted: a slow run on a busy machine is information, not a failed build.

import type { BenchResults } from './bench-results.js';
import type { RoundRatios } from './measure.js';
import type { PeerResult } from './peer-comparison.js';

export interface Target {
  /** Says the limit in words, e.g. "Toolbox overhead ≤ 1.3× raw client, sequential (median)". */
  description: string;
  /** The measured value, in `unit`. */
  value: number;
  limit: number;
  unit: '×' | 'ms' | 'MB' | 'MiB' | 'messages' | 'M/s';
  /** True when a larger value is better (throughput, speed-up): ok means value ≥ limit. */
  atLeast?: boolean;
  ok: boolean;
  /**
   * For a figure taken as the median of rounds: the smallest and largest round, and how many of
   * the rounds met the limit on their own, so a reader sees whether the target holds reliably.
   */
  spread?: { min: number; max: number; rounds: number; met: number };
}

export const TARGETS = {
  toolboxRatio: 1.3,
  /** CPU per call of the leanest peer's MCP client (the AI SDK's) against the raw client, measured in mcp-facts. */
  leanestClientCpu: 0.86,
  loopRatioN200: 1.1,
  loopGrowthN800: 1.2,
  fanOutRatio: 1.3,
  /** A finished run has nothing left to cancel. */
  cancellationsPerRun: 0,
  heapGrowthMb: 5,
  offlineDecisionMs: 10,
  queueMillionsPerSecond: 1,
  spawnEfficiency: 0.8,
  /** From the spawn of the compiled CLI to the main lane's agent-start (pnpm and a cached build come before it). */
  firstLaneMs: 2000,
  cliPeakRssMib: 120,
  serverPeakRssMib: 60,
  /** `kitchen check` of a 100-tool server without --call (issue 29). */
  checkMs: 2000,
  /** The web page's longest main-thread task under a 500-jar, 16-worker run: a frame a room does not see drop. */
  pageLongestTaskMs: 50,
  pageHeapMb: 100,
} as const;

export function evaluateTargets(results: BenchResults): Target[] {
  const targets: Target[] = [];
  const add = (
    description: string,
    value: number,
    limit: number,
    unit: Target['unit'],
    atLeast = false,
    rounds?: RoundRatios,
  ) =>
    targets.push({
      description,
      value,
      limit,
      unit,
      ...(atLeast ? { atLeast } : {}),
      ok: atLeast ? value >= limit : value <= limit,
      ...(rounds === undefined ? {} : { spread: spreadOf(rounds, limit, atLeast) }),
    });
  const { sequential, concurrent, loops, fanOut, memory, offline, queue, spawn, demo, check, page } = results;
  if (page) {
    add(
      `web page's longest main-thread task ≤ ${TARGETS.pageLongestTaskMs} ms, ${page.jars} jars, ${page.workers} workers (wall clock)`,
      page.longestTaskMs,
      TARGETS.pageLongestTaskMs,
      'ms',
    );
    add(
      `web page's longest main-thread task ≤ ${TARGETS.pageLongestTaskMs} ms of CPU (thread time; load ${page.loadAverage.toFixed(1)} on ${page.cores} cores)`,
      page.longestTaskCpuMs,
      TARGETS.pageLongestTaskMs,
      'ms',
    );
    add(`web page's JS heap ≤ ${TARGETS.pageHeapMb} MB at its largest`, page.peakHeapMb, TARGETS.pageHeapMb, 'MB');
  }
  if (sequential) {
    add(
      `Toolbox overhead ≤ ${TARGETS.toolboxRatio}× raw client, sequential (median of rounds)`,
      sequential.ratio,
      TARGETS.toolboxRatio,
      '×',
      false,
      sequential.ratioRounds,
    );
  }
  // With --peers the leanest peer client is measured in this run, in the same rounds as the
  // Toolbox; without, the Toolbox against the raw client and that peer's figure from mcp-facts.
  const leanestPeer = results.peers?.reduce<PeerResult | undefined>(
    (leanest, peer) => (leanest === undefined || peer.clientCpuRatio < leanest.clientCpuRatio ? peer : leanest),
    undefined,
  );
  if (leanestPeer)
    add(
      `Toolbox CPU per call ≤ the leanest peer's MCP client (${leanestPeer.name}, ${leanestPeer.clientCpuRatio.toFixed(2)}× raw client), sequential, same rounds: Toolbox / ${leanestPeer.name}`,
      leanestPeer.toolboxOverPeerCpu.median,
      1,
      '×',
      false,
      leanestPeer.toolboxOverPeerCpu,
    );
  else if (sequential)
    add(
      `Toolbox CPU per call ≤ the leanest peer's MCP client (${TARGETS.leanestClientCpu}× raw client, from mcp-facts), sequential`,
      sequential.cpuRatio,
      TARGETS.leanestClientCpu,
      '×',
      false,
      sequential.cpuRounds,
    );
  if (concurrent)
    add(
      `Toolbox overhead ≤ ${TARGETS.toolboxRatio}× raw client, ${concurrent.inFlight} in flight (median of rounds)`,
      concurrent.ratio,
      TARGETS.toolboxRatio,
      '×',
      false,
      concurrent.ratioRounds,
    );
  const n200 = loops.find((loop) => loop.turns === 200);
  if (n200)
    add(
      `loop with the CLI's policy ≤ ${TARGETS.loopRatioN200}× a minimal loop's wall time per turn, N=200 (median of rounds)`,
      n200.ratio,
      TARGETS.loopRatioN200,
      '×',
      false,
      n200.ratioRounds,
    );
  const n800 = loops.find((loop) => loop.turns === 800);
  if (n800)
    add(
      `loop flat as history grows: last ${n800.window} / first ${n800.window} turns of N=800 ≤ ${TARGETS.loopGrowthN800}× (median of runs)`,
      n800.growth.kitchen,
      TARGETS.loopGrowthN800,
      '×',
      false,
      n800.growthRounds,
    );
  const longest = loops.at(-1);
  if (longest)
    add(
      `runAgentLoop sends ${TARGETS.cancellationsPerRun} notifications/cancelled after a finished run`,
      longest.cancellationsPerRun.kitchen,
      TARGETS.cancellationsPerRun,
      'messages',
    );
  if (fanOut)
    add(
      `${fanOut.callsPerTurn} calls in one turn ≤ ${TARGETS.fanOutRatio}× a minimal loop (median turn)`,
      fanOut.ratio,
      TARGETS.fanOutRatio,
      '×',
      false,
      fanOut.ratioRounds,
    );
  if (spawn) {
    const widest = spawn.runs.at(-1);
    if (widest)
      add(
        `spawn_agent with ${widest.workers} workers reaches ≥ ${TARGETS.spawnEfficiency} of the ideal speed-up (${widest.ideal.toFixed(2)}×)`,
        widest.speedup / widest.ideal,
        TARGETS.spawnEfficiency,
        '×',
        true,
      );
  }
  if (queue) {
    add(
      `event queue ≥ ${TARGETS.queueMillionsPerSecond} M events/s, 1 producer`,
      queue.oneProducer,
      TARGETS.queueMillionsPerSecond,
      'M/s',
      true,
    );
    add(
      `event queue ≥ ${TARGETS.queueMillionsPerSecond} M events/s, 16 producers`,
      queue.sixteenProducers,
      TARGETS.queueMillionsPerSecond,
      'M/s',
      true,
    );
    add(
      `event queue ≥ ${TARGETS.queueMillionsPerSecond} M events/s, a ${queue.burstSize / 1000}k burst`,
      queue.burst,
      TARGETS.queueMillionsPerSecond,
      'M/s',
      true,
    );
  }
  if (memory)
    add(
      `runAgentLoop heap growth ≤ ${TARGETS.heapGrowthMb} MB over ${memory.turns} turns`,
      memory.kitchen.heapUsedMb,
      TARGETS.heapGrowthMb,
      'MB',
    );
  if (offline)
    add(
      `offline model decides the last turn of the ${offline.jars}-jar audit in ≤ ${TARGETS.offlineDecisionMs} ms (median)`,
      offline.lastTurn.medianMs,
      TARGETS.offlineDecisionMs,
      'ms',
    );
  if (demo) {
    add(
      `kitchen demo: first lane on screen ≤ ${TARGETS.firstLaneMs} ms from the CLI's spawn (median of ${demo.runs})`,
      demo.compiled.phases.firstLaneMs,
      TARGETS.firstLaneMs,
      'ms',
    );
    add(
      `kitchen demo: CLI peak RSS ≤ ${TARGETS.cliPeakRssMib} MiB on ${demo.jars} jars`,
      demo.compiled.cliPeakRssMib,
      TARGETS.cliPeakRssMib,
      'MiB',
    );
    for (const [server, mib] of Object.entries(demo.compiled.serverPeakRssMib))
      add(`kitchen demo: ${server} peak RSS ≤ ${TARGETS.serverPeakRssMib} MiB`, mib, TARGETS.serverPeakRssMib, 'MiB');
  }
  if (check) {
    const met = check.roundsMs.filter((ms) => ms <= TARGETS.checkMs).length;
    targets.push({
      description: `kitchen check of a ${check.tools}-tool server, both revisions, no --call ≤ ${TARGETS.checkMs} ms (median of rounds after the first)`,
      value: check.medianMs,
      limit: TARGETS.checkMs,
      unit: 'ms',
      ok: check.medianMs <= TARGETS.checkMs,
      spread: {
        min: Math.min(...check.roundsMs),
        max: Math.max(...check.roundsMs),
        rounds: check.roundsMs.length,
        met,
      },
    });
  }
  return targets;
}

function spreadOf(rounds: RoundRatios, limit: number, atLeast: boolean): NonNullable<Target['spread']> {
  const met = rounds.rounds.filter((value) => (atLeast ? value >= limit : value <= limit)).length;
  return { min: rounds.min, max: rounds.max, rounds: rounds.rounds.length, met };
}
