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
  const perRound = Math.ceil(count / ROUNDS);
  for (let round = 0; round < ROUNDS; round += 1) {
    const size = Math.min(perRound, count - round * perRound);
    if (round % 2 === 0) {
      baseline.push(await timeCalls(size, inFlight, callRaw));
      kitchen.push(await timeCalls(size, inFlight, callKitchen));
    } else {
      kitchen.push(await timeCalls(size, inFlight, callKitchen));
      baseline.push(await timeCalls(size, inFlight, callRaw));
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
  };
}
