// The host behind the web UI: the kitchen host connected to the running servers, one run at a
// time, and the questions (approvals, sampling, elicitation) waiting for the person at the page.
// App side: the same kitchen-host wiring as the terminal, with the page as the person.

import {
  ConfigurationError,
  DEFAULT_CALL_TIMEOUT_MS,
  describeError,
  describeServerLocation,
  type LoopEvent,
  MAIN_AGENT,
  type Model,
  type Person,
  type PriceTable,
  type ServerConnection,
  stamp,
  type ToolAnnotations,
  type Toolbox,
  withDefined,
} from '@kitchen/host';
import { chooseModel, createModel, type ModelChoice, pricesFor } from '@kitchen/runtime/config/create-model';
import type { KitchenConfig } from '@kitchen/runtime/config/kitchen-config';
import { createKitchenPolicy, type KitchenPolicy } from '@kitchen/runtime/config/kitchen-policy';
import { rootsFromFlags } from '@kitchen/runtime/config/roots-from-flags';
import { mergeWorkerFlags, type WorkerChoices } from '@kitchen/runtime/config/worker-choices';
import { workerModelOf, workerOptions } from '@kitchen/runtime/config/worker-settings';
import { KitchenHost } from '@kitchen/runtime/kitchen-host';
import type { KitchenSettings } from '@kitchen/runtime/kitchen-settings';
import { demoTask, demoToolCallLimit, PASTRY_DEMO_TASK } from '@kitchen/runtime/kitchen-task';
import { runsFolder } from '@kitchen/runtime/runs/runs-folder';
import { traceSettings } from '@kitchen/runtime/runs/trace-settings';
import { newRunId } from '@kitchen/runtime/runs/trace-writer';
import { otlpTracesEndpoint, type RunTelemetry, startRunTelemetry } from '@kitchen/runtime/telemetry/run-telemetry';
import { createAuthorizationPrompt } from '@kitchen/runtime/text/authorization-prompt';
import { describeModel } from '@kitchen/runtime/text/describe-model';
import { describeToolbox } from '@kitchen/runtime/text/describe-toolbox';
import { modelOptions } from './model-options.js';
import { pacedModel } from './paced-model.js';
import { STOPPED_FROM_THE_PAGE } from './page/lane-words.js';
import { createPendingElicitations, type PendingElicitations } from './pending-elicitations.js';
import { RunWireLog } from './protocol/run-wire-log.js';
import { ServerNewsFeed } from './server-news-feed.js';
import { createWebApprovals, type WebApprovals } from './web-approvals.js';
import { WebEvals } from './web-evals.js';
import { WebRun } from './web-run.js';

/** Finished runs kept for late readers of their event stream. */
const KEPT_RUNS = 20;

export interface WebKitchenOptions {
  flags: KitchenSettings;
  /** The config the servers were started from: its approval and sampling rules apply too. */
  config: KitchenConfig;
  /** The running servers, as Toolbox.connect wants them. */
  connections: ServerConnection[];
  environment: NodeJS.ProcessEnv;
  /** Where a warning goes (an OpenTelemetry endpoint that does not take the spans); stderr by default. */
  warn?: (line: string) => void;
  /** Where the news about the servers goes (stops, restarts, tool lists, stderr); a fresh feed by default. */
  news?: ServerNewsFeed;
  /** The last lines a server the kitchen started wrote to stderr (the protocol view shows them). */
  stderrOf?: (server: string) => readonly string[];
}

export type StartRunResult = { ok: true; run: WebRun } | { ok: false; status: 400 | 409; message: string };

/** What the run form may choose for this run's workers; the rest comes from the config and flags. */
export interface RunWorkerChoice {
  model?: string;
  /** The only tools workers get, of the main agent's. */
  tools?: string[];
}

interface CurrentRun {
  run: WebRun;
  finished: Promise<void>;
}

export class WebKitchen {
  readonly approvals: WebApprovals = createWebApprovals();
  readonly elicitations: PendingElicitations = createPendingElicitations();
  /** The evals started from the page or by `kitchen eval --web`. */
  readonly evals: WebEvals = new WebEvals(this);
  readonly #runs = new Map<string, WebRun>();
  #current: CurrentRun | undefined;

  private constructor(
    readonly host: KitchenHost,
    /** What the page hears about the servers (GET /api/servers/news). */
    readonly news: ServerNewsFeed,
    readonly options: WebKitchenOptions,
    /** The label of the model a run gets when it names none. */
    readonly defaultModel: string,
    /** Each run's tree-token cap (every run gets a fresh budget of this size). */
    readonly maxTreeTokens: number,
    /** Exports each run as OpenTelemetry spans when an endpoint is configured. */
    readonly telemetry: RunTelemetry | undefined,
    /** The workers of a run that chooses nothing (config "workers" under the --worker-* flags). */
    readonly workers: WorkerChoices,
    /** Every HTTP exchange with the servers, cut into runs (the page's protocol view). */
    readonly wire: RunWireLog,
  ) {}

  /**
   * Throws (ConfigurationError, GateRuleError: both name the flag or file) for flags and rules a
   * run could not use; cheap, so it can run before any server is started.
   */
  static check(options: Omit<WebKitchenOptions, 'connections'>): {
    model: Model;
    policy: KitchenPolicy;
    workers: WorkerChoices;
  } {
    otlpTracesEndpoint(options.environment, options.flags.otlp);
    const workers = mergeWorkerFlags(options.flags, options.config.workers);
    if (!workers.ok) throw new ConfigurationError(workers.message);
    workerModelOf(workers.workers.model, options.environment, options.flags.latencyMs);
    return {
      model: createModel(options.flags.model, options.environment, modelOptions(options.flags, options.config)),
      policy: createKitchenPolicy(options.flags, { config: options.config, environment: options.environment }),
      workers: workers.workers,
    };
  }

  static async connect(options: WebKitchenOptions): Promise<WebKitchen> {
    const { model, policy, workers } = WebKitchen.check(options);
    const shaped = workerOptions(workers);
    const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
    const news = options.news ?? new ServerNewsFeed();
    let connected: KitchenHost | undefined;
    const listed = (server: string) =>
      connected !== undefined &&
      news.listed(
        server,
        connected.toolbox.list().filter((tool) => tool.server === server),
      );
    const wire = new RunWireLog();
    const host = await KitchenHost.connect({
      connections: options.connections,
      clientName: 'mcp-kitchen-web',
      wire: wire.recorder,
      // A call whose server waits on the person at the page (a sampling approval, a form) must
      // outlast their time to answer, or it would time out while they are still reading.
      callTimeoutMs: DEFAULT_CALL_TIMEOUT_MS + policy.approvalTimeoutMs,
      ...withDefined({ spawnLimits: policy.spawnLimits, workerOptions: shaped, logLevel: options.flags.logLevel }),
      ...(rootsFromFlags(options.flags.roots) === undefined ? {} : { roots: rootsFromFlags(options.flags.roots) }),
      // The servers connect before the page is up: the sign-in page is shown where `kitchen web` runs.
      authorization: createAuthorizationPrompt({ say: warn, openBrowser: options.flags.openBrowser === true }),
      // A restarted server's tools, or a list the server said changed: the page hears what changed.
      onToolsChanged: listed,
      // A stdio server's stderr between runs (during a run it is in the run's lanes).
      emitBetweenRuns: (event) => {
        if (event.type === 'server-log' && event.level === 'stderr')
          news.push({ type: 'server-stderr', at: event.at, server: event.server, line: event.text });
      },
    });
    connected = host;
    for (const server of host.toolbox.serverNames) listed(server);
    const telemetry = await startRunTelemetry(options.environment, options.flags.otlp, warn);
    return new WebKitchen(host, news, options, describeModel(model), policy.budget.maxTokens, telemetry, workers, wire);
  }

  get toolbox(): Toolbox {
    return this.host.toolbox;
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
      demos: this.demos(),
      paceMs: flags.latencyMs,
      model: this.defaultModel,
      workers: this.workers,
      seed: flags.seed,
      jars: flags.jars,
      maxTreeTokens: this.maxTreeTokens,
      servers: this.options.connections.map((connection) => ({
        name: connection.name,
        url: describeServerLocation(connection),
      })),
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

  /** The demos the page offers, each only when its server is connected. */
  demos(): Array<{ id: string; label: string; task: string }> {
    const servers = new Set(this.toolbox.serverNames);
    return [
      ...(servers.has('cookie-jars')
        ? [{ id: 'jars', label: 'Cookie jars: workers in lanes', task: demoTask(this.options.flags.jars) }]
        : []),
      ...(servers.has('pastry-chef')
        ? [{ id: 'pastry', label: 'Pastry chef: sampling, a form, progress', task: PASTRY_DEMO_TASK }]
        : []),
      ...(servers.has('dice') ? [{ id: 'dice', label: 'Dice: a quick roll', task: 'Roll 3 dice' }] : []),
    ];
  }

  /** `paceMs`: a wait before each model call, so a presenter can let people watch the lanes fill. */
  startRun(task: string, choice?: ModelChoice, paceMs = 0, workerChoice: RunWorkerChoice = {}): StartRunResult {
    if (this.#current !== undefined) {
      const { id } = this.#current.run;
      return {
        ok: false,
        status: 409,
        message: `Run ${id} is still going: open ?run=${id} to follow or stop it, or wait for it to finish.`,
      };
    }
    const { flags, environment } = this.options;
    let model: Model;
    let policy: KitchenPolicy;
    let workerModel: Model | undefined;
    const workers: WorkerChoices = {
      ...this.workers,
      ...withDefined({ model: workerChoice.model }),
      ...(workerChoice.tools === undefined ? {} : { tools: { kind: 'restrict', tools: workerChoice.tools } }),
    };
    const unknownTools = (workerChoice.tools ?? []).filter((name) => this.toolbox.find(name) === undefined);
    if (unknownTools.length > 0)
      return {
        ok: false,
        status: 400,
        message: `"workers.tools" names no tool ${unknownTools.map((name) => `"${name}"`).join(', ')}; the tools are ${this.toolbox
          .list()
          .map((tool) => tool.name)
          .join(', ')}.`,
      };
    try {
      const chosen = chooseModel(choice ?? flags.model, environment, modelOptions(flags, this.options.config));
      model = chosen.model;
      policy = this.#policy(pricesFor([chosen]));
      workerModel = workerModelOf(workers.model, environment, flags.latencyMs);
    } catch (error) {
      const words = describeError(error);
      return {
        ok: false,
        status: 400,
        message: workerChoice.model === undefined ? words : `"workers.model" ${workerChoice.model}: ${words}`,
      };
    }
    // The run's address is its trace's id, so a page can find it in memory or, later, on disk.
    const run = new WebRun(newRunId(), task, describeModel(model), paceMs);
    run.appGate = policy.gate;
    model = pacedModel(model, paceMs);
    this.approvals.forgetAlways();
    const current: CurrentRun = { run, finished: Promise.resolve() };
    this.#current = current;
    this.#keep(run);
    this.wire.begin(run.id);
    // A fresh policy per run (its own budget); the gate and the sampling rules ask the page.
    current.finished = this.#drive(run, () =>
      this.host.run({
        task,
        model,
        policy,
        emit: (event) => run.push(event),
        signal: run.controller.signal,
        ...withDefined({ maxIterations: flags.maxIterations }),
        ...(this.telemetry === undefined ? {} : { observe: this.telemetry.forRun }),
        ...withDefined({ workerModel, workerTools: workers.tools }),
        record: {
          id: run.id,
          folder: runsFolder(environment, flags.runsDir),
          settings: { ...traceSettings(flags, this.host.toolbox.serverNames, workers), from: 'web' },
        },
      }),
    );
    return { ok: true, run };
  }

  /** Stops one worker's lane of the current run; its report goes to the agent that hired it. */
  stopLane(run: WebRun, agent: string): boolean {
    if (this.#current?.run !== run) return false;
    return this.host.stopAgent(agent, STOPPED_FROM_THE_PAGE);
  }

  /** Stops the current run (if any), waits for its last event, and disconnects from the servers. */
  async close(): Promise<void> {
    await this.evals.close();
    const current = this.#current;
    if (current !== undefined) {
      current.run.controller.abort(new Error('the kitchen web UI is shutting down'));
      await current.finished;
    }
    await this.host.close();
    await this.telemetry?.shutdown();
  }

  /**
   * --yes / --no still decide for everyone; otherwise the person at the page is asked. The page
   * opens with the demo task, so the demo's raised tool-call limit applies here too.
   */
  /** `prices`: a local model at its configured price, else 0. */
  #policy(prices?: PriceTable): KitchenPolicy {
    const { flags, config, environment } = this.options;
    const maxToolCalls = flags.maxToolCalls ?? demoToolCallLimit(flags.jars);
    const page: Person = {
      approve: this.approvals.approve,
      fillIn: this.elicitations.fillIn,
      followLink: this.elicitations.followLink,
    };
    return createKitchenPolicy(
      { ...flags, maxToolCalls },
      { config, environment, person: page, ...withDefined({ prices }) },
    );
  }

  async #drive(run: WebRun, events: () => AsyncIterable<LoopEvent>): Promise<void> {
    let problem: unknown;
    try {
      for await (const event of events()) run.push(event);
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
    this.wire.end(run.id);
    if (this.#current?.run === run) this.#current = undefined;
  }

  /** Keeps a run started elsewhere (an eval's) where the page finds it: GET /api/runs/:id and its events. */
  keepRun(run: WebRun): void {
    this.#keep(run);
  }

  #keep(run: WebRun): void {
    this.#runs.set(run.id, run);
    for (const id of this.#runs.keys()) {
      if (this.#runs.size <= KEPT_RUNS) break;
      if (this.#runs.get(id)?.finished) this.#runs.delete(id);
    }
  }
}
