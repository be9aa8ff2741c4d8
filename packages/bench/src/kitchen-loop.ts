// The kitchen side of the loop scenarios: runAgentLoop over the Toolbox, watched only through its
// events. Host side.

import { type Model, runAgentLoop, type Toolbox } from '@kitchen/host';

/**
 * Runs `turns` tool turns and the closing text turn; returns when each iteration started
 * (performance.now() as its iteration-start event arrived). Limits are raised so the run ends
 * because the model is done, and anything else fails the measurement.
 */
export async function runKitchenLoop(toolbox: Toolbox, model: Model, task: string, turns: number): Promise<number[]> {
  const turnStarts: number[] = [];
  const loop = runAgentLoop({
    messages: [{ role: 'user', content: task }],
    model,
    toolbox,
    maxIterations: turns + 1,
    seatbelts: { maxToolCalls: turns + 1 },
  });
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
