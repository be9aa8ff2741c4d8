// The kitchen side of the loop scenarios: a run of the kitchen host (runAgentLoop over its
// Toolbox) with the CLI's own policy, every event consumed as `kitchen run --json` and the web
// UI consume it (serialised). Host side.

import type { Model } from '@kitchen/host';
import type { KitchenHost } from '@kitchen/runtime/kitchen-host';
import { cliPolicy } from './cli-policy.js';

/** What a run did, seen through its events. */
export interface KitchenRun {
  /** performance.now() as each iteration-start event of the main lane arrived. */
  turnStarts: number[];
  /** Bytes of the events serialised, as the --json output would write them. */
  eventBytes: number;
  treeTokens: number;
}

/**
 * Runs `turns` tool turns and the closing text turn; limits are raised so the run ends because the
 * model is done, and anything else fails the measurement. `policy: false` runs with no gate and no
 * tree budget (the memory scenario compares against a loop that has neither).
 */
export async function runKitchenLoop(
  host: KitchenHost,
  model: Model,
  task: string,
  turns: number,
  options: { policy?: boolean } = {},
): Promise<KitchenRun> {
  const turnStarts: number[] = [];
  const limit = Math.max(turns + 1, 20) * 17;
  const policy = options.policy === false ? { seatbelts: { maxToolCalls: limit } } : cliPolicy(limit);
  const loop = host.run({ task, model, maxIterations: limit, policy });
  let eventBytes = 0;
  let treeTokens = 0;
  for await (const event of loop) {
    eventBytes += JSON.stringify(event).length + 1;
    if (event.type === 'iteration-start' && event.agent === 'main') turnStarts.push(performance.now());
    if (event.type === 'tool-result' && event.isError)
      throw new Error(`runAgentLoop's ${event.tool} call failed: ${event.content}`);
    if (event.type === 'done') {
      if (event.stopReason !== 'end_turn')
        throw new Error(
          `runAgentLoop stopped with "${event.stopReason}" instead of end_turn: ${event.detail ?? event.finalText}`,
        );
      treeTokens = event.tokens;
    }
  }
  return { turnStarts, eventBytes, treeTokens };
}
