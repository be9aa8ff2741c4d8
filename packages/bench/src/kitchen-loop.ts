// The kitchen side of the loop scenarios: a run of the kitchen host (runAgentLoop over its
// Toolbox), watched only through its events. Host side.

import type { KitchenHost } from '@kitchen/app/kitchen-host';
import type { Model } from '@kitchen/host';

/**
 * Runs `turns` tool turns and the closing text turn; returns when each iteration started
 * (performance.now() as its iteration-start event arrived). Limits are raised so the run ends
 * because the model is done, and anything else fails the measurement.
 */
export async function runKitchenLoop(host: KitchenHost, model: Model, task: string, turns: number): Promise<number[]> {
  const turnStarts: number[] = [];
  // No gate and no tree budget: the minimal loop it is compared with has neither.
  const loop = host.run({ task, model, maxIterations: turns + 1, policy: { seatbelts: { maxToolCalls: turns + 1 } } });
  for await (const event of loop) {
    if (event.type === 'iteration-start') turnStarts.push(performance.now());
    if (event.type === 'tool-result' && event.isError)
      throw new Error(`runAgentLoop's echo call failed: ${event.content}`);
    if (event.type === 'done' && event.stopReason !== 'end_turn') {
      throw new Error(
        `runAgentLoop stopped with "${event.stopReason}" instead of end_turn: ${event.detail ?? event.finalText}`,
      );
    }
  }
  return turnStarts;
}
