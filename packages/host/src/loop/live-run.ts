// The live run a local tool reaches through its ToolCallContext's `run`: the settings of the loop
// that called it, resolved, and the run's agent tree, all by reference. Host side; none of it ever
// crosses the wire, which is why spawn_agent is a local tool and not a server's.

import type { AgentTree } from '../limits/agent-tree.js';
import type { RunSettings } from './run-settings.js';

export interface LiveRun extends RunSettings {
  /** The run's shared counters, seatbelts and deadline. */
  readonly tree: AgentTree;
  /** The per-agent bounds the calling loop runs with; workers inherit them. */
  readonly maxIterations: number;
  readonly maxTokensPerCall: number;
  /** The tools this agent may see and call; undefined: every tool of the toolbox. */
  readonly allowedTools?: ReadonlySet<string> | undefined;
}

/** The settings with the loop's defaults filled in, as the loop runs them and its local tools see them. */
export function liveRun(
  settings: RunSettings,
  tree: AgentTree,
  defaults: { maxIterations: number; maxTokensPerCall: number },
): LiveRun {
  const { model, toolbox, gate, budget, temperature, allowedTools, workerModel, workerTools } = settings;
  return {
    model,
    toolbox,
    gate,
    budget,
    temperature,
    workerModel,
    workerTools,
    tree,
    maxIterations: settings.maxIterations ?? defaults.maxIterations,
    maxTokensPerCall: settings.maxTokensPerCall ?? defaults.maxTokensPerCall,
    allowedTools: allowedTools === undefined ? undefined : new Set(allowedTools),
  };
}
