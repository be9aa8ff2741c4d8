// Scenarios 1 and 2: the same echo call made through the raw SDK client (baseline) and through
// Toolbox.call, one at a time or many in flight. Host side: both are clients of the echo server.

import { MAIN_AGENT, type ToolCallContext } from '@kitchen/host';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { BenchSides } from './bench-sides.js';
import { ECHO_TOOL } from './echo-server.js';
import { mergeTimings, ratio, type Summary, summarize, type Timing, timeCalls } from './measure.js';

export interface ToolCallComparison {
  count: number;
  inFlight: number;
  baseline: Summary;
  kitchen: Summary;
  /** Kitchen median over baseline median. */
  ratio: number;
  /** CPU per call (user + system of this process, the echo server's share included on both sides), ms. */
  cpuMsPerCall: { baseline: number; kitchen: number };
  /** Kitchen CPU per call over baseline CPU per call. */
  cpuRatio: number;
}

/** Rounds alternate raw and Toolbox (swapping who goes first), so drift on a noisy machine hits both. */
const ROUNDS = 5;

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

  const warmUp = Math.max(inFlight, Math.round(count / 10));
  await timeCalls(warmUp, inFlight, callRaw);
  await timeCalls(warmUp, inFlight, callKitchen);

  const baseline: Timing[] = [];
  const kitchen: Timing[] = [];
  const cpuMs = { baseline: 0, kitchen: 0 };
  const withCpu = async (side: 'baseline' | 'kitchen', work: () => Promise<Timing>): Promise<Timing> => {
    const before = process.cpuUsage();
    const timing = await work();
    const used = process.cpuUsage(before);
    cpuMs[side] += (used.user + used.system) / 1000;
    return timing;
  };
  const perRound = Math.ceil(count / ROUNDS);
  for (let round = 0; round < ROUNDS; round += 1) {
    const size = Math.min(perRound, count - round * perRound);
    const raw = () => withCpu('baseline', () => timeCalls(size, inFlight, callRaw));
    const toolbox = () => withCpu('kitchen', () => timeCalls(size, inFlight, callKitchen));
    if (round % 2 === 0) {
      baseline.push(await raw());
      kitchen.push(await toolbox());
    } else {
      kitchen.push(await toolbox());
      baseline.push(await raw());
    }
  }
  const baselineSummary = summarize(mergeTimings(baseline));
  const kitchenSummary = summarize(mergeTimings(kitchen));
  return {
    count,
    inFlight,
    baseline: baselineSummary,
    kitchen: kitchenSummary,
    ratio: ratio(kitchenSummary.medianMs, baselineSummary.medianMs),
    cpuMsPerCall: { baseline: cpuMs.baseline / count, kitchen: cpuMs.kitchen / count },
    cpuRatio: ratio(cpuMs.kitchen, cpuMs.baseline),
  };
}
