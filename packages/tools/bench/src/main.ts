// `pnpm bench`: times the kitchen's host core against the raw MCP SDK in one process and prints
// ratios (a table, or JSON with --json). Both sides of the boundary live here: an echo server and
// the clients that call it, over real HTTP on 127.0.0.1.
//
//   tsx src/main.ts [--json] [--peers] [--only=calls,loops,…]

import { cpus } from 'node:os';
import type { BenchResults } from './bench-results.js';
import { openBenchSides } from './bench-sides.js';
import { CHECK_TOOLS, measureCheckSpeed } from './check-speed.js';
import { measureDemoStartup } from './demo-startup.js';
import { formatReport } from './format-report.js';
import { compareMemory } from './loop-memory.js';
import { compareLoops } from './loop-overhead.js';
import { measureOfflineDecision } from './offline-decision.js';
import { measurePage } from './page-figures.js';
import { comparePeers } from './peer-comparison.js';
import { measureQueueThroughput } from './queue-throughput.js';
import { measureSpawnSpeedup } from './spawn-speedup.js';
import { evaluateTargets } from './targets.js';
import { compareToolCalls } from './tool-calls.js';

const USAGE =
  'Usage: pnpm bench [--json] [--peers] [--only=GROUP,…]\n  --json   print the results as JSON on stdout instead of the table\n  --peers  also run the Vercel AI SDK and OpenAI Agents JS loops and MCP clients, side by side\n  --only   run only these groups: calls (1, 2), loops (3-5), fan-out (6), spawn (7), queue (8), memory (9),\n           offline (10), demo (11), check (12), page (13: the web page in Chromium), peers (14; implies --peers)';
const SEQUENTIAL_CALLS = 500;
const CONCURRENT_CALLS = 800;
const IN_FLIGHT = 16;
/** Loop lengths and how many runs of each per side. */
const LOOP_RUNS = [
  { turns: 50, repeats: 5 },
  { turns: 200, repeats: 7 },
  { turns: 800, repeats: 5 },
] as const;
const MEMORY_TURNS = 200;
const FAN_OUT = { turns: 25, callsPerTurn: 16 } as const;
const flags = process.argv.slice(2);
const GROUPS = [
  'calls',
  'loops',
  'fan-out',
  'spawn',
  'queue',
  'memory',
  'offline',
  'demo',
  'check',
  'page',
  'peers',
] as const;
const onlyFlag = flags.find((flag) => flag.startsWith('--only='));
const only = onlyFlag === undefined ? undefined : new Set(onlyFlag.slice('--only='.length).split(','));
const badGroups = [...(only ?? [])].filter((group) => !(GROUPS as readonly string[]).includes(group));
/** Whether a group of scenarios runs: all of them unless --only names some. */
const runs = (group: (typeof GROUPS)[number]) => only === undefined || only.has(group);
const withPeers = flags.includes('--peers') || only?.has('peers') === true;
const SCENARIOS = withPeers ? 14 : 13;
const PAGE_RUN = { jars: 500, workers: 16 } as const;
const DEMO_RUNS = 3;

const unknown = flags.filter(
  (flag) => flag !== '--json' && flag !== '--peers' && flag !== '--help' && flag !== onlyFlag,
);
if (flags.includes('--help') || unknown.length > 0 || badGroups.length > 0) {
  if (unknown.length > 0)
    process.stderr.write(`bench: unknown argument ${unknown.map((flag) => `"${flag}"`).join(', ')}.\n`);
  if (badGroups.length > 0)
    process.stderr.write(`bench: unknown group ${badGroups.map((group) => `"${group}"`).join(', ')} in --only.\n`);
  process.stderr.write(`${USAGE}\n`);
  process.exit(flags.includes('--help') ? 0 : 2);
}

const started = performance.now();
const results: BenchResults = {
  environment: {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown CPU',
    startedAt: new Date().toISOString(),
  },
  loops: [],
  targets: [],
  failures: [],
  totalSeconds: 0,
};

/** Runs one scenario; a failure is recorded and the others still run. */
async function scenario<Value>(step: number, name: string, measure: () => Promise<Value>): Promise<Value | undefined> {
  process.stderr.write(
    `bench [${step}/${SCENARIOS}] ${name}… (${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
  );
  try {
    return await measure();
  } catch (error) {
    results.failures.push({ scenario: name, error: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

const sides = await openBenchSides().catch((error: unknown) => {
  process.stderr.write(
    `bench: could not start the echo server and connect both clients to it: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
try {
  if (runs('calls')) {
    results.sequential = await scenario(1, `sequential tool calls (N=${SEQUENTIAL_CALLS})`, () =>
      compareToolCalls(sides, SEQUENTIAL_CALLS, 1),
    );
    results.concurrent = await scenario(2, `${IN_FLIGHT} tool calls in flight (N=${CONCURRENT_CALLS})`, () =>
      compareToolCalls(sides, CONCURRENT_CALLS, IN_FLIGHT),
    );
  }
  for (const [index, { turns, repeats }] of LOOP_RUNS.entries()) {
    if (!runs('loops')) break;
    const loop = await scenario(3 + index, `loop with the CLI policy, per turn (N=${turns} ×${repeats})`, () =>
      compareLoops(sides, turns, { repeats }),
    );
    if (loop) results.loops.push(loop);
  }
  if (runs('fan-out'))
    results.fanOut = await scenario(6, `${FAN_OUT.callsPerTurn} tool calls in one turn (N=${FAN_OUT.turns})`, () =>
      compareLoops(sides, FAN_OUT.turns, { repeats: 5, callsPerTurn: FAN_OUT.callsPerTurn }),
    );
  if (runs('spawn'))
    results.spawn = await scenario(7, 'spawn_agent speed-up under model latency', () => measureSpawnSpeedup(sides));
  if (runs('queue')) results.queue = await scenario(8, 'event queue throughput', () => measureQueueThroughput());
  if (runs('memory'))
    results.memory = await scenario(9, `memory after ${MEMORY_TURNS} turns`, () => compareMemory(sides, MEMORY_TURNS));
  if (runs('offline'))
    results.offline = await scenario(10, 'offline model decision time', () => measureOfflineDecision());
  if (runs('demo'))
    results.demo = await scenario(11, `kitchen demo start-up and memory (compiled, ×${DEMO_RUNS})`, () =>
      measureDemoStartup(DEMO_RUNS),
    );
  if (runs('check'))
    results.check = await scenario(12, `kitchen check of a ${CHECK_TOOLS}-tool server, no --call`, () =>
      measureCheckSpeed(),
    );
  if (runs('page'))
    results.page = await scenario(
      13,
      `web page in Chromium, ${PAGE_RUN.jars} jars, ${PAGE_RUN.workers} workers, offline model`,
      () => measurePage(PAGE_RUN.jars, PAGE_RUN.workers),
    );
  if (withPeers && runs('peers'))
    results.peers = await scenario(14, 'peers: Vercel AI SDK and OpenAI Agents JS', () => comparePeers(sides));
} finally {
  await sides.close();
}

results.targets = evaluateTargets(results);
results.totalSeconds = (performance.now() - started) / 1000;
process.stderr.write(`bench done in ${results.totalSeconds.toFixed(1)} s\n`);
process.stdout.write(flags.includes('--json') ? `${JSON.stringify(results, null, 2)}\n` : `${formatReport(results)}\n`);
process.exitCode = results.failures.length > 0 ? 1 : 0;
