// Turns a bench run into the table people read: one row per side of each comparison, the ratio on
// the kitchen's row, then the targets. Pure formatting; the numbers come from the scenarios.

import type { BenchResults } from './bench-results.js';
import type { RoundRatios, Summary } from './measure.js';
import type { Target } from './targets.js';

type Row = [scenario: string, side: string, median: string, p95: string, perSecond: string, ratio: string];

const HEADER: Row = ['scenario', 'side', 'median ms', 'p95 ms', 'per s', 'kitchen/baseline'];
const RIGHT_ALIGNED = new Set([2, 3, 4, 5]);

export function formatReport(results: BenchResults): string {
  const { environment: machine } = results;
  const lines = [
    `MCP Kitchen bench: Node ${machine.node}, ${machine.platform}, ${machine.cpus} × ${machine.cpuModel}`,
    '',
  ];
  lines.push(...formatTable(timingRows(results)));
  lines.push(...notes(results));
  lines.push('', 'Targets (reported, not asserted):');
  for (const target of results.targets)
    lines.push(`  ${target.ok ? 'ok  ' : 'over'}  ${target.description}: ${formatValue(target)}`);
  for (const failure of results.failures) lines.push(`  FAILED  ${failure.scenario}: ${failure.error}`);
  lines.push('', `Total ${results.totalSeconds.toFixed(1)} s.`);
  return lines.join('\n');
}

function timingRows(results: BenchResults): Row[] {
  const rows: Row[] = [];
  const pair = (
    scenario: string,
    baselineSide: string,
    baseline: Summary,
    kitchenSide: string,
    kitchen: Summary,
    ratio: number,
  ) => {
    rows.push([scenario, baselineSide, ...figures(baseline), '']);
    rows.push(['', kitchenSide, ...figures(kitchen), `${ratio.toFixed(2)}×`]);
  };
  const { sequential, concurrent, loops, fanOut, offline } = results;
  if (sequential)
    pair(
      `1 sequential calls (N=${sequential.count})`,
      'raw SDK client',
      sequential.baseline,
      'Toolbox.call',
      sequential.kitchen,
      sequential.ratio,
    );
  if (concurrent)
    pair(
      `2 ${concurrent.inFlight} in flight (N=${concurrent.count})`,
      'raw SDK client',
      concurrent.baseline,
      'Toolbox.call',
      concurrent.kitchen,
      concurrent.ratio,
    );
  for (const loop of loops)
    pair(
      `3 loop turn (N=${loop.turns} ×${loop.repeats})`,
      'minimal loop',
      loop.baseline,
      'kitchen, CLI policy',
      loop.kitchen,
      loop.ratio,
    );
  if (fanOut)
    pair(
      `4 ${fanOut.callsPerTurn} calls a turn (N=${fanOut.turns})`,
      'minimal loop',
      fanOut.baseline,
      'kitchen, CLI policy',
      fanOut.kitchen,
      fanOut.ratio,
    );
  if (offline)
    rows.push([
      `5 offline decision (${offline.jars} jars)`,
      `last of ${offline.turns} turns`,
      ...figures(offline.lastTurn),
      '',
    ]);
  return rows;
}

function notes(results: BenchResults): string[] {
  const lines: string[] = [];
  const { sequential, concurrent, loops, fanOut, spawn, queue, memory, offline, demo, check, page } = results;
  if (sequential || concurrent) {
    lines.push('', 'Client CPU per call (this process, echo server included on both sides):');
    for (const calls of [sequential, concurrent])
      if (calls)
        lines.push(
          `      ${calls.inFlight} in flight: raw ${calls.cpuMsPerCall.baseline.toFixed(3)} ms, Toolbox ${calls.cpuMsPerCall.kitchen.toFixed(3)} ms, ${calls.cpuRatio.toFixed(2)}× ${range(calls.cpuRounds)}; wall ${calls.ratio.toFixed(2)}× ${range(calls.ratioRounds)}.`,
        );
  }
  if (loops.length > 0) {
    lines.push(
      '',
      'Loop with the CLI policy (gate rules, --yes approver, tree budget, spawn_agent offered, events serialised):',
    );
    for (const loop of [...loops, ...(fanOut ? [fanOut] : [])]) {
      lines.push(
        `      N=${loop.turns}${loop.callsPerTurn > 1 ? ` ×${loop.callsPerTurn} calls` : ''}, ${loop.repeats} rounds: ${loop.ratio.toFixed(2)}× wall ${range(loop.ratioRounds)}, ${loop.cpuRatio.toFixed(2)}× CPU ${range(loop.cpuRounds)}, adds ${signed(loop.addedMsPerTurn)} ms a turn (first ${loop.window} ${signed(loop.addedFirstMs)}, last ${loop.window} ${signed(loop.addedLastMs)}); last ${loop.window} / first ${loop.window}: kitchen ${loop.growth.kitchen.toFixed(2)}× ${range(loop.growthRounds)}, minimal ${loop.growth.baseline.toFixed(2)}×; cancellations after the run ${loop.cancellationsPerRun.kitchen}; ${loop.treeTokensPerRun} tree tokens, ${Math.round(loop.eventBytesPerRun / 1024)} KiB of events a run.`,
      );
    }
  }
  if (spawn) {
    lines.push('', `spawn_agent, ${spawn.parts} echo turns split among workers, ${spawn.latencyMs} ms a model call:`);
    for (const run of spawn.runs)
      lines.push(
        `      ${run.workers} worker${run.workers === 1 ? ' ' : 's'}: ${run.medianMs.toFixed(0)} ms, speed-up ${run.speedup.toFixed(2)}× (ideal ${run.ideal.toFixed(2)}×)`,
      );
  }
  if (results.peers) {
    const kitchen200 = loops.find((loop) => loop.turns === 200);
    const kitchen800 = loops.find((loop) => loop.turns === 800);
    lines.push('', 'Side by side (each against the same minimal loop and raw client, this run):');
    lines.push(
      '      loop                     N=200 wall  N=200 CPU  N=800 last/first  client CPU/call  Toolbox/client CPU (rounds)',
    );
    const row = (name: string, wall?: number, cpu?: number, growth?: number, client?: number, toolbox?: RoundRatios) =>
      `      ${name.padEnd(24)} ${fixed(wall).padStart(10)} ${fixed(cpu).padStart(10)} ${fixed(growth).padStart(17)} ${fixed(client).padStart(16)}  ${toolbox === undefined ? '' : `${fixed(toolbox.median)} ${range(toolbox)}`}`.trimEnd();
    if (kitchen200)
      lines.push(
        row(
          'kitchen, CLI policy',
          kitchen200.ratio,
          kitchen200.cpuRatio,
          kitchen800?.growth.kitchen,
          results.sequential?.cpuRatio,
        ),
      );
    for (const peer of results.peers)
      lines.push(
        row(peer.name, peer.loopRatio, peer.loopCpuRatio, peer.growth, peer.clientCpuRatio, peer.toolboxOverPeerCpu),
      );
  }
  if (queue) {
    lines.push(
      '',
      `Event queue: ${queue.oneProducer.toFixed(2)} M events/s with 1 producer, ${queue.sixteenProducers.toFixed(2)} M/s with 16 (${queue.events / 1000}k events, small backlog), ${queue.burst.toFixed(2)} M/s draining a ${queue.burstSize / 1000}k burst.`,
    );
  }
  if (memory) {
    const growth = (side: string, heap: number, rss: number) =>
      `${side} heap ${signed(heap)} MB, rss ${signed(rss)} MB`;
    // Heap here is data only: compiled code comes and goes with the JIT and is not history.
    lines.push(
      '',
      `Memory at turn ${memory.turns + 1} against turn 1, read inside the run after full GCs, heap without compiled code (median of ${memory.repeats} runs):`,
    );
    lines.push(
      `      ${growth('minimal loop', memory.baseline.heapUsedMb, memory.baseline.rssMb)}; ${growth('runAgentLoop', memory.kitchen.heapUsedMb, memory.kitchen.rssMb)}; heap ${memory.heapRatio.toFixed(2)}×.`,
    );
  }
  if (demo) {
    const at = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    lines.push(
      '',
      `kitchen demo, ${demo.jars} jars, median of ${demo.runs} runs each way (alternating), from the CLI's spawn (pnpm and the cached turbo build come before it):`,
    );
    for (const [way, figures] of [
      ['compiled (pnpm demo)', demo.compiled],
      ['from source, tsx   ', demo.source],
    ] as const) {
      const { phases } = figures;
      lines.push(
        `      ${way}: servers starting ${at(phases.serversStartMs)}, first ready ${at(phases.firstServerReadyMs)}, all ready ${at(phases.serversReadyMs)}, first lane ${at(phases.firstLaneMs)}, done ${at(phases.doneMs)}, exit ${at(phases.exitMs)}; peak RSS CLI ${figures.cliPeakRssMib.toFixed(0)} MiB, ${Object.entries(
          figures.serverPeakRssMib,
        )
          .map(([server, mib]) => `${server} ${mib.toFixed(0)}`)
          .join(', ')} MiB.`,
      );
    }
    lines.push(
      `      compiled / source: first lane ${(demo.compiled.phases.firstLaneMs / demo.source.phases.firstLaneMs).toFixed(2)}×, CLI peak RSS ${(demo.compiled.cliPeakRssMib / demo.source.cliPeakRssMib).toFixed(2)}×.`,
    );
  }
  if (check) {
    lines.push(
      '',
      `kitchen check, ${check.tools} tools, both revisions, no --call (in this process, over HTTP on 127.0.0.1; ${check.findings} findings a check): first ${check.firstMs.toFixed(0)} ms, then median ${check.medianMs.toFixed(0)} ms (${check.roundsMs.map((ms) => ms.toFixed(0)).join(', ')} ms).`,
    );
  }
  if (page) {
    lines.push(
      '',
      `Web page in Chromium, ${page.jars} jars, ${page.workers} workers, ${page.lanes} lanes drawn, the run ${(page.runMs / 1000).toFixed(1)} s from Run to the report:`,
      `      longest main-thread task ${page.longestTaskMs.toFixed(1)} ms wall clock, ${page.longestTaskCpuMs.toFixed(1)} ms of CPU (load ${page.loadAverage.toFixed(1)} on ${page.cores} cores); ${page.longTasks} long tasks (≥ 50 ms) seen by the page during the run, the longest ${page.longestObservedMs.toFixed(0)} ms (loading the page: ${page.loadLongestObservedMs.toFixed(0)} ms); JS heap ${page.peakHeapMb.toFixed(1)} MB at its largest, ${page.heapAfterGcMb.toFixed(1)} MB after a GC.`,
    );
  }
  if (offline) {
    lines.push(
      '',
      `Offline model: ${offline.toolResultsInHistory} tool results in the last request; its first request decides in ${offline.firstTurnMedianMs.toFixed(3)} ms (median).`,
    );
  }
  return lines;
}

function figures(summary: Summary): [string, string, string] {
  return [summary.medianMs.toFixed(3), summary.p95Ms.toFixed(3), Math.round(summary.callsPerSecond).toString()];
}

function formatTable(rows: Row[]): string[] {
  const all = [HEADER, ...rows];
  const widths = HEADER.map((_heading, column) => Math.max(...all.map((row) => row[column]?.length ?? 0)));
  const line = (row: Row) =>
    row
      .map((cell, column) =>
        RIGHT_ALIGNED.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(HEADER), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)];
}

function fixed(value: number | undefined): string {
  return value === undefined ? '—' : `${value.toFixed(2)}×`;
}

function signed(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(2)}`;
}

/** A median's spread across rounds: "(0.98–1.12×)". */
function range(rounds: RoundRatios): string {
  return `(${rounds.min.toFixed(2)}–${rounds.max.toFixed(2)}×)`;
}

function formatValue(target: Target): string {
  const { spread } = target;
  if (target.unit === '×' && spread !== undefined)
    return `${target.value.toFixed(2)}× (rounds ${spread.min.toFixed(2)}–${spread.max.toFixed(2)}×, ${spread.met} of ${spread.rounds} within the limit)`;
  if (target.unit === '×') return `${target.value.toFixed(2)}×`;
  if (target.unit === 'ms' && spread !== undefined)
    return `${target.value.toFixed(0)} ms (rounds ${spread.min.toFixed(0)}–${spread.max.toFixed(0)} ms, ${spread.met} of ${spread.rounds} within the limit)`;
  if (target.unit === 'M/s') return `${target.value.toFixed(2)} M events/s`;
  return target.unit === 'messages' ? `${target.value} ${target.unit}` : `${target.value.toFixed(2)} ${target.unit}`;
}
