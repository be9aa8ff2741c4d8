// The live run a local tool can reach from its ToolCallContext: the model, toolbox, gate, budget
// and agent tree of the loop that called it, all by reference. Host side; none of it ever crosses
// the wire, which is why spawn_agent is a local tool and not a server's.

import type { Gate } from '../gate.js';
import type { AgentTree } from '../limits/agent-tree.js';
import type { Model } from '../model.js';
import type { WorkerToolPolicy } from '../spawn-agent.js';
import type { ToolCallContext } from '../tool-types.js';
import type { Toolbox } from '../toolbox.js';
import type { TreeBudget } from '../tree-budget.js';

export interface LiveRun {
  model: Model;
  toolbox: Toolbox;
  gate: Gate | undefined;
  budget: TreeBudget | undefined;
  tree: AgentTree;
  /** The per-agent bounds the calling loop runs with; workers inherit them. */
  maxIterations: number;
  maxTokensPerCall: number;
  /** The tools this agent may see and call; undefined: every tool of the toolbox. */
  allowedTools: ReadonlySet<string> | undefined;
  /** The model workers use unless spawn_agent was given its own; undefined: the caller's model. */
  workerModel: Model | undefined;
  /** The tool policy workers get unless spawn_agent was given its own; undefined: inherit. */
  workerTools: WorkerToolPolicy | undefined;
}

/** The context runAgentLoop gives every tool call: a ToolCallContext that also carries its run. */
export interface LiveToolCallContext extends ToolCallContext {
  readonly run: LiveRun;
}

/** The run behind a call, or undefined when the call did not come from runAgentLoop (a test's recording context). */
export function liveRunOf(context: ToolCallContext): LiveRun | undefined {
  return 'run' in context ? (context as LiveToolCallContext).run : undefined;
}
