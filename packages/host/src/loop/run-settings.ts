// A run's settings: what one agent loop runs with, what its live run hands a local tool, and what
// spawn_agent passes a worker. Host side; written once so the three cannot drift apart.

import type { Gate } from '../gate.js';
import type { Model } from '../model.js';
import type { WorkerToolPolicy } from '../spawn-agent.js';
import type { Toolbox } from '../toolbox.js';
import type { TreeBudget } from '../tree-budget.js';

export interface RunSettings {
  model: Model;
  toolbox: Toolbox;
  gate?: Gate | undefined;
  /** Shared by reference by every agent of a run; without one, usage is counted but not capped. */
  budget?: TreeBudget | undefined;
  /** Model calls per agent (a per-agent seatbelt); default MAX_ITERATIONS. */
  maxIterations?: number | undefined;
  maxTokensPerCall?: number | undefined;
  /** Sampling temperature for every model call of this agent; the model's default otherwise. */
  temperature?: number | undefined;
  /** The only tools this agent is offered and may call (the gate still applies); default: all of the toolbox's. */
  allowedTools?: Iterable<string> | undefined;
  /** The model spawn_agent gives workers when it has none of its own (a host's per-run setting). */
  workerModel?: Model | undefined;
  /** The tool policy spawn_agent gives workers when it has none of its own (a host's per-run setting). */
  workerTools?: WorkerToolPolicy | undefined;
}
