// Runs one eval case once through the kitchen host, over the real example servers in memory:
// the same task, servers, model and limits, with spawn_agent withheld or offered. Host side of the
// boundary for the run; the servers are reached only over MCP (in-memory transports).

import { allowAllGate, type LoopEvent, type Model, TreeBudget } from '@kitchen/host';
import { connectInMemory, type InMemoryServer } from '@kitchen/host/testing';
import { KitchenHost } from '@kitchen/runtime/kitchen-host';
import { buildServer as buildCookieJars } from '@kitchen/server-cookie-jars';
import { buildServer as buildDice } from '@kitchen/server-dice';
import { buildServer as buildPastryChef } from '@kitchen/server-pastry-chef';
import type { EvalCase } from './eval-case.js';
import { type Score, scoreReport } from './scorers.js';

export interface Variant {
  /** The one flag a comparison changes: spawn_agent offered or withheld. */
  delegate: boolean;
  /** The worker brief's ending; default the host's two sentences. */
  briefEnding?: string;
}

export interface CaseResult extends Score {
  case: string;
  delegate: boolean;
  stopReason: string;
  iterations: number;
  toolCalls: number;
  tokens: number;
  costCents: number;
  wallMs: number;
  workers: number;
  /** Characters of worker reports handed back to the main agent (the brief comparison). */
  reportChars: number;
}

// Each server's own SDK (v1 or v2) accepts the host's in-memory transport: InMemoryServer.
function servers(evalCase: EvalCase): Record<string, InMemoryServer> {
  const built: Record<string, InMemoryServer> = {};
  const jars = evalCase.servers['cookie-jars'];
  if (jars !== undefined) built['cookie-jars'] = buildCookieJars(jars);
  const dice = evalCase.servers.dice;
  if (dice !== undefined) {
    const seed = dice.seed ?? 7;
    built['dice'] = buildDice({ pickSeed: () => seed });
  }
  if (evalCase.servers['pastry-chef'] !== undefined)
    built['pastry-chef'] = buildPastryChef({ bakeMillisecondsPerMinute: 0 });
  return built;
}

/** `model` is made fresh per run so nothing carries over between the two sides. */
export async function runCase(evalCase: EvalCase, variant: Variant, model: () => Model): Promise<CaseResult> {
  const host = await KitchenHost.connect({
    clientName: 'kitchen-compare',
    openToolbox: (options) => connectInMemory(servers(evalCase), options),
    ...(variant.delegate ? { spawnLimits: { maxDepth: 1, maxLiveWorkers: 16 } } : {}),
    ...(variant.briefEnding === undefined ? {} : { workerOptions: { briefEnding: variant.briefEnding } }),
  });
  const events: LoopEvent[] = [];
  const budget = new TreeBudget({ maxTokens: 2_000_000 });
  const started = performance.now();
  try {
    for await (const event of host.run({
      task: evalCase.task,
      model: model(),
      policy: {
        gate: allowAllGate,
        budget,
        seatbelts: { maxToolCalls: evalCase.maxToolCalls ?? 600 },
        sampling: { perServer: {}, defaultAction: 'allow', approvalTimeoutMs: 60_000 },
      },
    }))
      events.push(event);
  } finally {
    await host.close();
  }
  const wallMs = performance.now() - started;
  const done = events.find((event) => event.type === 'done');
  if (done?.type !== 'done') throw new Error(`case ${evalCase.name}: the run ended without a done event`);
  const spawnResults = events.filter(
    (event) => event.type === 'tool-result' && event.agent === 'main' && event.tool === 'spawn_agent',
  );
  return {
    case: evalCase.name,
    delegate: variant.delegate,
    ...scoreReport(evalCase, done.finalText),
    stopReason: done.stopReason,
    iterations: done.iterations,
    toolCalls: done.toolCalls,
    tokens: done.tokens,
    costCents: done.costCents,
    wallMs,
    workers: events.filter((event) => event.type === 'agent-start' && event.agent !== 'main').length,
    reportChars: spawnResults.reduce(
      (sum, event) => sum + (event.type === 'tool-result' ? event.content.length : 0),
      0,
    ),
  };
}
