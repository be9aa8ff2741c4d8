// The host behind the web UI: one toolbox connected to the running servers, one run at a time,
// and the questions (approvals, sampling, elicitation) waiting for the person at the page. App
// side: it composes the same host pieces as run-kitchen.ts, with the page as the approver.

import {
  createElicitationHandler,
  createModel,
  createPendingApprovals,
  createSamplingHandler,
  createSpawnAgentTool,
  DEFAULT_CALL_TIMEOUT_MS,
  declineAllAsker,
  describeError,
  type ElicitationHandler,
  type LoopEventDraft,
  MAIN_AGENT,
  type Model,
  type PendingApprovals,
  type RunAgentLoopOptions,
  runAgentLoop,
  SAMPLING_REJECTED,
  type SamplingHandler,
  type ServerConnection,
  stamp,
  type ToolAnnotations,
  Toolbox,
} from '@kitchen/host';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { KitchenFlags, ModelChoice } from '../cli/parse-cli-arguments.js';
import type { KitchenConfig } from '../config/kitchen-config.js';
import { createKitchenPolicy, type KitchenPolicy } from '../config/kitchen-policy.js';
import { demoTask, demoToolCallLimit, KITCHEN_SYSTEM_PROMPT } from '../kitchen-task.js';
import { describeToolbox } from '../terminal/describe-toolbox.js';
import { describeModel } from '../terminal/render-summary.js';
import { createPendingElicitations, type PendingElicitations } from './pending-elicitations.js';
import { WebRun } from './web-run.js';

/** Finished runs kept for late readers of their event stream. */
const KEPT_RUNS = 20;

export interface WebKitchenOptions {
  flags: KitchenFlags;
  /** The config the servers were started from: its approval and sampling rules apply too. */
  config: KitchenConfig;
  /** The running servers, as Toolbox.connect wants them. */
  connections: ServerConnection[];
  environment: NodeJS.ProcessEnv;
}

export type StartRunResult = { ok: true; run: WebRun } | { ok: false; status: 400 | 409; message: string };

interface CurrentRun {
  run: WebRun;
  sampling: SamplingHandler;
  elicitation: ElicitationHandler;
  finished: Promise<void>;
}

export class WebKitchen {
  readonly approvals: PendingApprovals = createPendingApprovals();
  readonly elicitations: PendingElicitations = createPendingElicitations();
  readonly #runs = new Map<string, WebRun>();
  #current: CurrentRun | undefined;
  #runCounter = 0;

  private constructor(
    readonly toolbox: Toolbox,
    readonly options: WebKitchenOptions,
    /** The label of the model a run gets when it names none. */
    readonly defaultModel: string,
    /** Each run's tree-token cap (every run gets a fresh budget of this size). */
    readonly maxTreeTokens: number,
  ) {}

  /**
   * Throws (ConfigurationError, GateRuleError: both name the flag or file) for flags and rules a
   * run could not use; cheap, so it can run before any server is started.
   */
  static check(options: Omit<WebKitchenOptions, 'connections'>): { model: Model; policy: KitchenPolicy } {
    return {
      model: createModel(options.flags.model, options.environment, modelOptions(options.flags)),
      policy: createKitchenPolicy(options.flags, { config: options.config, environment: options.environment }),
    };
  }

  static async connect(options: WebKitchenOptions): Promise<WebKitchen> {
    const { model, policy } = WebKitchen.check(options);
    let kitchen: WebKitchen | undefined;
    const currentRun = (): CurrentRun | undefined => (kitchen === undefined ? undefined : kitchen.#current);
    // Servers ask while a tool call of the current run is in flight; the run's own handlers answer.
    const toolbox = await Toolbox.connect(options.connections, {
      clientName: 'mcp-kitchen-web',
      // A call whose server waits on the person at the page (a sampling approval, a form) must
      // outlast their time to answer, or it would time out while they are still reading.
      callTimeoutMs: DEFAULT_CALL_TIMEOUT_MS + policy.approvalTimeoutMs,
      handlers: {
        sampling: (server, params, context, signal) => {
          const current = currentRun();
          if (current === undefined)
            throw new McpError(
              SAMPLING_REJECTED,
              'No kitchen run is in progress, so there is nobody to pay for a model call.',
            );
          return current.sampling(server, params, context, signal);
        },
        elicitation: (server, params, context, signal) => {
          const current = currentRun();
          if (current === undefined)
            throw new McpError(ErrorCode.InvalidRequest, 'No kitchen run is in progress, so there is nobody to ask.');
          return current.elicitation(server, params, context, signal);
        },
      },
    });
    // The one local tool (unless --no-delegate), as in the terminal: workers run the same loop,
    // toolbox, gate and budget.
    if (policy.spawnLimits !== undefined) {
      toolbox.addLocalTool(
        createSpawnAgentTool({
          maxDepth: policy.spawnLimits.maxDepth,
          maxLiveWorkers: policy.spawnLimits.maxLiveWorkers,
        }),
      );
    }
    kitchen = new WebKitchen(toolbox, options, describeModel(model), policy.budget.maxTokens);
    return kitchen;
  }

  get currentRun(): WebRun | undefined {
    return this.#current?.run;
  }

  findRun(runId: string): WebRun | undefined {
    return this.#runs.get(runId);
  }

  /** What the page needs to draw itself before any run. */
  describe() {
    const { flags } = this.options;
    return {
      demoTask: demoTask(flags.jars),
      model: this.defaultModel,
      seed: flags.seed,
      jars: flags.jars,
      maxTreeTokens: this.maxTreeTokens,
      servers: this.options.connections.map((connection) => ({ name: connection.name, url: connection.url })),
      toolbox: describeToolbox(
        this.toolbox,
        this.options.connections.map((connection) => connection.name),
      ),
      currentRun: this.currentRun?.describe(),
    };
  }

  tools(): {
    tools: Array<{ name: string; server: string; description: string; annotations: ToolAnnotations }>;
    localToolCount: number;
  } {
    return {
      tools: this.toolbox.list().map((tool) => ({
        name: tool.name,
        server: tool.server,
        description: tool.description,
        annotations: tool.annotations,
      })),
      localToolCount: this.toolbox.localToolCount,
    };
  }

  startRun(task: string, choice?: ModelChoice): StartRunResult {
    if (this.#current !== undefined) {
      const { id } = this.#current.run;
      return {
        ok: false,
        status: 409,
        message: `Run ${id} is still going; wait for it to finish or stop it with POST /api/runs/${id}/abort.`,
      };
    }
    const { flags, environment } = this.options;
    let model: Model;
    let policy: KitchenPolicy;
    try {
      model = createModel(choice ?? flags.model, environment, modelOptions(flags));
      policy = this.#policy();
    } catch (error) {
      return { ok: false, status: 400, message: describeError(error) };
    }
    const run = new WebRun(`run-${++this.#runCounter}`, task, describeModel(model));
    const emit = (draft: LoopEventDraft) => run.push(stamp(draft));
    const current: CurrentRun = {
      run,
      // A fresh policy per run: its own budget; the gate and the sampling rules ask the page.
      sampling: createSamplingHandler({ model, budget: policy.budget, emit, ...policy.sampling }),
      elicitation: createElicitationHandler({
        asker: flags.approval === 'no' ? declineAllAsker : this.elicitations.asker,
        timeoutMs: policy.approvalTimeoutMs,
        emit,
      }),
      finished: Promise.resolve(),
    };
    this.#current = current;
    this.#keep(run);
    current.finished = this.#drive(run, {
      messages: [{ role: 'user', content: task }],
      system: KITCHEN_SYSTEM_PROMPT,
      model,
      toolbox: this.toolbox,
      gate: policy.gate,
      budget: policy.budget,
      delegate: policy.spawnLimits !== undefined,
      // The page opens with the demo task, so the demo's raised tool-call limit applies here too.
      seatbelts: { ...policy.seatbelts, maxToolCalls: policy.seatbelts.maxToolCalls ?? demoToolCallLimit(flags.jars) },
      signal: run.controller.signal,
      ...(flags.maxIterations === undefined ? {} : { maxIterations: flags.maxIterations }),
    });
    return { ok: true, run };
  }

  /** Stops the current run (if any), waits for its last event, and disconnects from the servers. */
  async close(): Promise<void> {
    const current = this.#current;
    if (current !== undefined) {
      current.run.controller.abort(new Error('the kitchen web UI is shutting down'));
      await current.finished;
    }
    await this.toolbox.close().catch(() => {});
  }

  /** --yes / --no still decide for everyone; otherwise the person at the page is asked. */
  #policy(): KitchenPolicy {
    const { flags, config, environment } = this.options;
    return createKitchenPolicy(flags, { config, environment, person: this.approvals.approver });
  }

  async #drive(run: WebRun, loopOptions: RunAgentLoopOptions): Promise<void> {
    let problem: unknown;
    try {
      for await (const event of runAgentLoop(loopOptions)) run.push(event);
    } catch (error) {
      problem = error;
    }
    // The loop always ends with done; this covers what cannot (bad limits throw before any event).
    if (run.events.at(-1)?.type !== 'done') {
      const detail = problem === undefined ? 'the agent loop ended without a done event' : describeError(problem);
      run.push(
        stamp({
          type: 'done',
          agent: MAIN_AGENT.id,
          finalText: '',
          stopReason: 'error',
          iterations: 0,
          toolCalls: 0,
          tokens: 0,
          costCents: 0,
          detail,
        }),
      );
    }
    run.finish();
    if (this.#current?.run === run) this.#current = undefined;
  }

  #keep(run: WebRun): void {
    this.#runs.set(run.id, run);
    for (const id of this.#runs.keys()) {
      if (this.#runs.size <= KEPT_RUNS) break;
      if (this.#runs.get(id)?.finished) this.#runs.delete(id);
    }
  }
}

function modelOptions(flags: KitchenFlags): { latencyMs: number; modelName?: string } {
  return { latencyMs: flags.latencyMs, ...(flags.modelName === undefined ? {} : { modelName: flags.modelName }) };
}
