// Local tools: the few tools that run inside the host because they need what a copy cannot carry
// over the wire (the live toolbox, the gate, the shared budget, the event stream). Host side.
// The LocalTool contract and the registry the Toolbox keeps them in.

import { ConfigurationError, describeError } from './errors.js';
import type { ToolSpec } from './model.js';
import type { ToolAnnotations, ToolCallContext, ToolOutcome } from './tool-types.js';

/** A tool that runs inside the host because it needs the live toolbox, gate, budget or stream. */
export interface LocalTool {
  name: string;
  description: string;
  inputSchema: ToolSpec['input_schema'];
  annotations?: ToolAnnotations;
  /** Hands work to other agents: offered only to an agent that may delegate, refused to one that may not. */
  delegates?: boolean;
  /** Stops on the call's signal by itself and may still answer after it: never written off after an abort's grace. */
  windsDownOnAbort?: boolean;
  /** Answers with another agent's report: a report of what was established quotes it whole, not cut to a line. */
  reportsWhole?: boolean;
  /** Runs only with the live run in its context (`context.run`); called without one, it is refused. */
  needsLiveRun?: boolean;
  run(input: Record<string, unknown>, context: ToolCallContext): Promise<ToolOutcome>;
}

/** The host's own tools, by name. A local tool is the host proposing to itself, so the count stays visible. */
export class LocalTools {
  readonly #tools = new Map<string, LocalTool>();

  add(tool: LocalTool): void {
    if (this.#tools.has(tool.name))
      throw new ConfigurationError(`A local tool named "${tool.name}" is already registered.`);
    this.#tools.set(tool.name, tool);
  }

  get size(): number {
    return this.#tools.size;
  }

  get(name: string): LocalTool | undefined {
    return this.#tools.get(name);
  }

  all(): LocalTool[] {
    return [...this.#tools.values()];
  }

  /** Never throws: a tool that is gone or throws becomes an outcome the model can read. */
  async call(name: string, input: Record<string, unknown>, context: ToolCallContext): Promise<ToolOutcome> {
    const tool = this.#tools.get(name);
    if (!tool) return { isError: true, content: `Local tool "${name}" is no longer registered.` };
    if (tool.needsLiveRun === true && context.run === undefined)
      return { isError: true, content: `${name} runs only inside runAgentLoop, which hands it the live run.` };
    try {
      return await tool.run(input, context);
    } catch (error) {
      return { isError: true, content: `Local tool "${name}" failed: ${describeError(error)}.` };
    }
  }
}
