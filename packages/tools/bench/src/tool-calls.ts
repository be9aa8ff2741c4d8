// Scenarios 1 and 2: the same echo call made through the raw SDK client (baseline) and through
// Toolbox.call, one at a time or many in flight. Host side: both are clients of the echo server.

import { MAIN_AGENT, type ToolCallContext } from '@kitchen/host';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { BenchSides } from './bench-sides.js';
import { ECHO_TOOL } from './echo-server.js';
import {
  collectGarbage,
  mergeTimings,
  type RoundRatios,
  ratio,
  roundRatios,
  type Summary,
  summarize,
  type Timing,
  timeCalls,
} from './measure.js';

export interface ToolCallComparison {
  count: number;
  inFlight: number;
  baseline: Summary;
  kitchen: Summary;
  /** Kitchen median over baseline median, each round's: the median of rounds is the figure. */
  ratio: number;
  ratioRounds: RoundRatios;
  /** CPU per call (user + system of this process, the echo server's share included on both sides), ms. */
  cpuMsPerCall: { baseline: number; kitchen: number };
  /** Kitchen CPU per call over baseline CPU per call, the median of the rounds'. */
  cpuRatio: number;
  cpuRounds: RoundRatios;
}

/**
 * Rounds alternate raw and Toolbox (swapping who goes first) after a full GC, so drift on a noisy
 * machine hits both and neither side pays for the other's garbage; each round gives a ratio.
 */
const ROUNDS = 10;

export async function compareToolCalls(
  sides: BenchSides,
  count: number,
  inFlight: number,
): Promise<ToolCallComparison> {
  const callRaw = async (index: number): Promise<void> => {
    const result = (await sides.raw.callTool({
      name: ECHO_TOOL,
      arguments: { text: `call ${index}` },
    })) as CallToolResult;
    if (result.isError) throw new Error(`The raw client's echo call failed: ${JSON.stringify(result.content)}`);
  };
  // One context for the whole batch, as a turn's calls share their run's signal in the loop.
  const context: ToolCallContext = {
    callId: 'bench',
    agent: MAIN_AGENT,
    signal: new AbortController().signal,
    emit: () => undefined,
  };
  const callKitchen = async (index: number): Promise<void> => {
    const outcome = await sides.toolbox.call(ECHO_TOOL, { text: `call ${index}` }, context);
    if (outcome.isError) throw new Error(`Toolbox.call of echo failed: ${outcome.content}`);
  };

  // Long enough for both paths to reach optimised code before anything is counted.
  const warmUp = Math.max(4 * inFlight, Math.round(count / 4));
  await timeCalls(warmUp, inFlight, callRaw);
  await timeCalls(warmUp, inFlight, callKitchen);

  const rounds = await alternateRounds(ROUNDS, Math.ceil(count / ROUNDS), inFlight, callRaw, callKitchen);
  const baselineSummary = summarize(mergeTimings(rounds.map((round) => round.baseline.timing)));
  const kitchenSummary = summarize(mergeTimings(rounds.map((round) => round.kitchen.timing)));
  const cpuTotal = (side: 'baseline' | 'kitchen') => rounds.reduce((sum, round) => sum + round[side].cpuMs, 0);
  const calls = rounds.reduce((sum, round) => sum + round.kitchen.timing.samples.length, 0);
  const ratioRounds = roundRatios(
    rounds.map((round) => ratio(summarize(round.kitchen.timing).medianMs, summarize(round.baseline.timing).medianMs)),
  );
  const cpuRounds = roundRatios(rounds.map((round) => ratio(round.kitchen.cpuMs, round.baseline.cpuMs)));
  return {
    count: calls,
    inFlight,
    baseline: baselineSummary,
    kitchen: kitchenSummary,
    ratio: ratioRounds.median,
    ratioRounds,
    cpuMsPerCall: { baseline: cpuTotal('baseline') / calls, kitchen: cpuTotal('kitchen') / calls },
    cpuRatio: cpuRounds.median,
    cpuRounds,
  };
}

/** One side's batch in a round: its timings and the CPU this process spent meanwhile, ms. */
export interface SideBatch {
  timing: Timing;
  cpuMs: number;
}

/**
 * `rounds` rounds of `size` calls a side, the two sides back to back, each after a full GC, the one
 * that goes first alternating.
 */
export async function alternateRounds(
  rounds: number,
  size: number,
  inFlight: number,
  baseline: (index: number) => Promise<unknown>,
  kitchen: (index: number) => Promise<unknown>,
): Promise<Array<{ baseline: SideBatch; kitchen: SideBatch }>> {
  const results: Array<{ baseline: SideBatch; kitchen: SideBatch }> = [];
  for (let round = 0; round < rounds; round += 1) {
    const first = round % 2 === 0 ? baseline : kitchen;
    const second = round % 2 === 0 ? kitchen : baseline;
    const one = await timedBatch(size, inFlight, first);
    const other = await timedBatch(size, inFlight, second);
    results.push(round % 2 === 0 ? { baseline: one, kitchen: other } : { baseline: other, kitchen: one });
  }
  return results;
}

/** A batch of calls after a full GC, timed, with the CPU the process spent on it. */
export async function timedBatch(
  count: number,
  inFlight: number,
  call: (index: number) => Promise<unknown>,
): Promise<SideBatch> {
  await collectGarbage(1);
  const before = process.cpuUsage();
  const timing = await timeCalls(count, inFlight, call);
  const used = process.cpuUsage(before);
  return { timing, cpuMs: (used.user + used.system) / 1000 };
}
