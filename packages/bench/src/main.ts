// `pnpm bench`: times the kitchen's host core against the raw MCP SDK in one process and prints
// ratios (a table, or JSON with --json). Both sides of the boundary live here: an echo server and
// the clients that call it, over real HTTP on 127.0.0.1.
//
//   tsx src/main.ts [--json]

import { cpus } from 'node:os';
import type { BenchResults } from './bench-results.js';
import { openBenchSides } from './bench-sides.js';
import { formatReport } from './format-report.js';
import { compareMemory } from './loop-memory.js';
import { compareLoops } from './loop-overhead.js';
import { measureOfflineDecision } from './offline-decision.js';
import { evaluateTargets } from './targets.js';
import { compareToolCalls } from './tool-calls.js';

const USAGE = 'Usage: pnpm bench [--json]\n  --json  print the results as JSON on stdout instead of the table';
const SEQUENTIAL_CALLS = 500;
const CONCURRENT_CALLS = 800;
const IN_FLIGHT = 16;
const LOOP_TURNS = 200;
const SCENARIOS = 5;

const flags = process.argv.slice(2);
const unknown = flags.filter((flag) => flag !== '--json');
if (flags.includes('--help') || unknown.length > 0) {
  if (!flags.includes('--help'))
    process.stderr.write(`bench: unknown argument ${unknown.map((flag) => `"${flag}"`).join(', ')}.\n`);
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
  results.sequential = await scenario(1, `sequential tool calls (N=${SEQUENTIAL_CALLS})`, () =>
    compareToolCalls(sides, SEQUENTIAL_CALLS, 1),
  );
  results.concurrent = await scenario(2, `${IN_FLIGHT} tool calls in flight (N=${CONCURRENT_CALLS})`, () =>
    compareToolCalls(sides, CONCURRENT_CALLS, IN_FLIGHT),
  );
  results.loop = await scenario(3, `loop overhead per turn (N=${LOOP_TURNS})`, () => compareLoops(sides, LOOP_TURNS));
  results.memory = await scenario(4, `memory after ${LOOP_TURNS} turns`, () => compareMemory(sides, LOOP_TURNS));
  results.offline = await scenario(5, 'offline model decision time', () => measureOfflineDecision());
} finally {
  await sides.close();
}

results.targets = evaluateTargets(results);
results.totalSeconds = (performance.now() - started) / 1000;
process.stderr.write(`bench done in ${results.totalSeconds.toFixed(1)} s\n`);
process.stdout.write(flags.includes('--json') ? `${JSON.stringify(results, null, 2)}\n` : `${formatReport(results)}\n`);
process.exitCode = results.failures.length > 0 ? 1 : 0;
