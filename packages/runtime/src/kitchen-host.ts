// The kitchen's one wiring of the host: a toolbox connected to the servers with the kitchen's
// server handlers (sampling, elicitation), the local tools (spawn_agent; list_resources and
// read_resource when a server has resources), and the loop options of a run. Runtime side: the CLI run, the web UI and the bench all build their host here.

import {
  AgentTree,
  type AuthorizationOptions,
  createElicitationHandler,
  createResourceTools,
  createSamplingHandler,
  createSpawnAgentTool,
  type ElicitationHandler,
  type Gate,
  type LogLevel,
  type LoopEvent,
  type LoopEventDraft,
  type Model,
  type Person,
  type Root,
  runAgentLoop,
  SAMPLING_REJECTED,
  type SamplingHandler,
  type ServerConnection,
  type SpawnAgentOptions,
  type SpawnLimits,
  stamp,
  Toolbox,
  type ToolboxOptions,
  type TreeBudget,
  type TreeSeatbelts,
  type WireRecorder,
  type WorkerToolPolicy,
  withDefined,
} from '@kitchen/host';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { KitchenPolicy } from './config/kitchen-policy.js';
import { KITCHEN_SYSTEM_PROMPT } from './kitchen-task.js';
import { newRunId, TraceWriter } from './runs/trace-writer.js';
import { tapEvents } from './tapped-events.js';

export type KitchenHostOptions = {
  /** The name the host gives itself in each server's initialize. */
  clientName: string;
  /** No answer and no progress for this long ends a remote call (the toolbox's default otherwise). */
  callTimeoutMs?: number;
  /** How long a server the toolbox spawns (stdio) may take to start (--start-timeout). */
  startTimeoutMs?: number;
  /** spawn_agent's limits; undefined (--no-delegate): no local tool, the main agent does it all. */
  spawnLimits?: SpawnLimits;
  /**
   * How workers are shaped (config "workers", --worker-* flags): model arguments, report schema,
   * brief ending, and the tool policy every run gets unless it names its own.
   */
  workerOptions?: Omit<SpawnAgentOptions, 'maxDepth' | 'maxLiveWorkers' | 'model'>;
  /** Sent as logging/setLevel to every server that logs (--log-level). */
  logLevel?: LogLevel;
  /** Folders offered to servers as roots (--root); the toolbox's default is the working directory. */
  roots?: Root[];
  /** Shows a person the sign-in page of a server that asks for OAuth; without it a 401 is a refusal. */
  authorization?: AuthorizationOptions;
  /**
   * Where a server's log lines go while no run is in progress (during the run they go to the
   * run's own `emit`): a stdio server's first words arrive while the toolbox connects.
   */
  emitBetweenRuns?: (event: LoopEvent) => void;
  /** Told when a server's tool list was listed again (its list_changed, or a reconnection). */
  onToolsChanged?: (server: string) => void;
  /** Records every HTTP exchange with the servers (the web page's protocol view); absent: nothing is wrapped. */
  wire?: WireRecorder;
} & (
  | {
      /** The running servers, reached over Streamable HTTP. */
      connections: ServerConnection[];
    }
  | {
      /** Opens the toolbox another way (in memory, for the bench and tests) with the options given. */
      openToolbox: (options: ToolboxOptions) => Promise<Toolbox>;
    }
);

/** What a run shares with its workers and with its servers' requests; createKitchenPolicy makes the full one. */
export interface KitchenRunPolicy {
  gate?: Gate;
  /** The tree budget; without one, usage is counted but not capped, and sampling is refused. */
  budget?: TreeBudget;
  seatbelts?: TreeSeatbelts;
  /** The sampling rules, caps and person; without them, servers' sampling requests are refused. */
  sampling?: KitchenPolicy['sampling'];
  /** Who fills in servers' forms; declined (by nobody) without one. */
  person?: Person;
  /** How long a form waits for an answer. */
  approvalTimeoutMs?: number;
}

export interface KitchenRunOptions {
  task: string;
  model: Model;
  policy?: KitchenRunPolicy;
  /** Model calls per agent (--max-iterations). */
  maxIterations?: number;
  /** Where events go that a server raises outside any tool call (they are shown in the main lane). */
  emit?: (event: LoopEvent) => void;
  signal?: AbortSignal;
  /** The standing instructions; the kitchen's by default. */
  system?: string;
  /** The workers' model (--worker-model), priced as itself on the same tree budget; default: the run's model. */
  workerModel?: Model;
  /** The workers' tool policy for this run; default: the host's (workerOptions.tools), else inherit. */
  workerTools?: WorkerToolPolicy;
  /** Writes the run's JSONL trace into this folder (the CLI and the web UI always do; the bench does not). */
  record?: RunRecording;
  /**
   * Told when the run starts; what it returns gets every event of the run, as the trace does
   * (OpenTelemetry spans are made this way, outside the host core).
   */
  observe?: (run: RunStart) => (event: LoopEvent) => void;
}

/** What an observer of a run is told as it starts; the id is the trace's when the run is recorded. */
export interface RunStart {
  id: string;
  startedAt: number;
  task: string;
  model: { id: string; label: string };
  /** True when spawn_agent is offered. */
  delegate: boolean;
}

export interface RunRecording {
  folder: string;
  /** The trace's run id (its file name); a fresh one by default. The web UI names its runs with it. */
  id?: string;
  /** Kept in the trace's first line (seed, jars, servers, worker options). */
  settings?: Record<string, unknown>;
  /** Told the trace file's path as soon as it is open. */
  onOpen?: (path: string) => void;
}

interface RunHandlers {
  sampling: SamplingHandler;
  elicitation: ElicitationHandler;
}

/** One connected host; one run at a time, whose handlers answer the servers while it runs. */
export class KitchenHost {
  #current: RunHandlers | undefined;
  #emit: ((event: LoopEvent) => void) | undefined;
  /** The current run's agent tree, through which one agent can be stopped. */
  #tree: AgentTree | undefined;

  private constructor(
    readonly toolbox: Toolbox,
    /** True when spawn_agent is offered. */
    readonly delegates: boolean,
    /** The workers' tool policy of runs that name none. */
    readonly workerTools: WorkerToolPolicy | undefined,
  ) {}

  static async connect(options: KitchenHostOptions): Promise<KitchenHost> {
    let host: KitchenHost | undefined;
    const current = (): RunHandlers | undefined => (host === undefined ? undefined : host.#current);
    const open =
      'openToolbox' in options
        ? options.openToolbox
        : (toolboxOptions: ToolboxOptions) => Toolbox.connect(options.connections, toolboxOptions);
    // Servers ask while a tool call of the current run is in flight; that run's handlers answer.
    const toolbox = await open({
      clientName: options.clientName,
      // Server log lines (notifications/message, a stdio server's stderr) are events like any other.
      emit: (draft) => {
        const emit = (host === undefined ? undefined : host.#emit) ?? options.emitBetweenRuns;
        emit?.(stamp(draft));
      },
      ...withDefined({
        logLevel: options.logLevel,
        roots: options.roots,
        authorization: options.authorization,
        callTimeoutMs: options.callTimeoutMs,
        startTimeoutMs: options.startTimeoutMs,
        onToolsChanged: options.onToolsChanged,
        wire: options.wire,
      }),
      handlers: {
        // `via` goes through: an input_required question is labelled so, not as a push.
        sampling: (server, params, context, signal, via) => {
          const handlers = current();
          if (handlers === undefined)
            throw new McpError(
              SAMPLING_REJECTED,
              'No kitchen run is in progress, so there is nobody to pay for a model call.',
            );
          return handlers.sampling(server, params, context, signal, via);
        },
        elicitation: (server, params, context, signal, via) => {
          const handlers = current();
          if (handlers === undefined)
            throw new McpError(ErrorCode.InvalidRequest, 'No kitchen run is in progress, so there is nobody to ask.');
          return handlers.elicitation(server, params, context, signal, via);
        },
      },
    });
    // spawn_agent: workers run the same loop with the same toolbox, gate and budget.
    // The tool policy goes with each run (a run of the web page may choose its own), not into the tool.
    const { tools: workerTools, ...workerOptions } = options.workerOptions ?? {};
    if (options.spawnLimits !== undefined) {
      toolbox.addLocalTool(
        createSpawnAgentTool({
          ...workerOptions,
          maxDepth: options.spawnLimits.maxDepth,
          maxLiveWorkers: options.spawnLimits.maxLiveWorkers,
          ...(options.spawnLimits.maxReportChars === undefined
            ? {}
            : { maxReportChars: options.spawnLimits.maxReportChars }),
        }),
      );
    }
    // list_resources and read_resource, when some server has resources: read-only, gated like any tool.
    for (const tool of createResourceTools(toolbox)) toolbox.addLocalTool(tool);
    host = new KitchenHost(toolbox, options.spawnLimits !== undefined, workerTools);
    return host;
  }

  /** True while a run's events are still being read. */
  get running(): boolean {
    return this.#current !== undefined;
  }

  /**
   * Starts a run and returns its events; read them to the end (the run's `done`), or return early
   * to stop it. Throws when another run is still going: the servers' questions need one owner.
   */
  run(options: KitchenRunOptions): AsyncGenerator<LoopEvent, void> {
    if (this.#current !== undefined) throw new Error('a kitchen run is already in progress on this host');
    const { policy = {} } = options;
    const startedAt = Date.now();
    const start: RunStart = {
      id: options.record?.id ?? newRunId(new Date(startedAt)),
      startedAt,
      task: options.task,
      model: { id: options.model.id, label: options.model.label },
      delegate: this.delegates,
    };
    const trace = options.record === undefined ? undefined : openTrace(options.record, start);
    const watch = options.observe?.(start);
    const model = trace === undefined ? options.model : trace.recordModel(options.model);
    const workerModel =
      options.workerModel === undefined || trace === undefined
        ? options.workerModel
        : trace.recordModel(options.workerModel);
    const emitOutside = (event: LoopEvent) => {
      trace?.event(event);
      watch?.(event);
      options.emit?.(event);
    };
    const emit = (draft: LoopEventDraft) => emitOutside(stamp(draft));
    const handlers: RunHandlers = {
      sampling:
        policy.budget === undefined || policy.sampling === undefined
          ? refuseSampling
          : createSamplingHandler({ model, budget: policy.budget, emit, ...policy.sampling }),
      elicitation: createElicitationHandler({
        ...withDefined({ person: policy.person, timeoutMs: policy.approvalTimeoutMs }),
        emit,
      }),
    };
    this.#current = handlers;
    this.#emit = options.emit === undefined && trace === undefined && watch === undefined ? undefined : emitOutside;
    const loopOptions = { ...options, model, ...withDefined({ workerModel }) };
    const tap =
      trace === undefined && watch === undefined
        ? undefined
        : (event: LoopEvent) => {
            trace?.event(event);
            watch?.(event);
          };
    return tapEvents(
      () => this.#loop(loopOptions),
      tap,
      () => {
        trace?.close();
        if (this.#current === handlers) {
          this.#current = undefined;
          this.#emit = undefined;
          this.#tree = undefined;
        }
      },
    );
  }

  /**
   * Stops one running agent of the current run (a worker's lane): it reports what it established
   * to the agent that hired it, and the run goes on. False when no such agent is running.
   */
  stopAgent(agentId: string, reason?: string): boolean {
    return this.#tree?.stopAgent(agentId, reason) ?? false;
  }

  async close(): Promise<void> {
    await this.toolbox.close().catch(() => {});
  }

  #loop(options: KitchenRunOptions): AsyncGenerator<LoopEvent, void> {
    const { policy = {} } = options;
    // Made here (it checks the seatbelts, as runAgentLoop would) so stopAgent can reach it.
    const tree = new AgentTree(policy.seatbelts);
    this.#tree = tree;
    return runAgentLoop({
      messages: [{ role: 'user', content: options.task }],
      system: options.system ?? KITCHEN_SYSTEM_PROMPT,
      model: options.model,
      toolbox: this.toolbox,
      delegate: this.delegates,
      ...withDefined({ gate: policy.gate, budget: policy.budget }),
      tree,
      ...withDefined({
        signal: options.signal,
        maxIterations: options.maxIterations,
        workerModel: options.workerModel,
      }),
      ...((options.workerTools ?? this.workerTools) === undefined
        ? {}
        : { workerTools: options.workerTools ?? this.workerTools }),
    });
  }
}

function openTrace(record: RunRecording, start: RunStart): TraceWriter {
  const trace = new TraceWriter(record.folder, { ...start, settings: record.settings ?? {} });
  record.onOpen?.(trace.path);
  return trace;
}

const refuseSampling: SamplingHandler = async () => {
  throw new McpError(SAMPLING_REJECTED, 'This kitchen run has no budget to pay for a model call.');
};
