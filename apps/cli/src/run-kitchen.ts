// Wires one kitchen run: config → servers → toolbox → model → agent loop → terminal or JSON
// lines → summary, and stops every server whatever happens. App side: the host lives here, the
// servers run as child processes and are reached only over HTTP.

import {
  ConfigurationError,
  type DoneEvent,
  describeError,
  formatCents,
  formatTokens,
  GateRuleError,
  type LoopEvent,
  type Model,
  type Toolbox,
  type TreeBudget,
  type WorkerToolPolicy,
  withDefined,
} from '@kitchen/host';
import {
  type ChosenModel,
  type CreateModelOptions,
  chooseModel,
  pricesFor,
} from '@kitchen/runtime/config/create-model';
import { createKitchenPolicy, type KitchenPolicy } from '@kitchen/runtime/config/kitchen-policy';
import { loadRunConfig } from '@kitchen/runtime/config/load-run-config';
import type { ModelSection } from '@kitchen/runtime/config/model-section';
import { rootsFromFlags } from '@kitchen/runtime/config/roots-from-flags';
import { mergeWorkerFlags } from '@kitchen/runtime/config/worker-choices';
import { type WorkerSettings, workerSettings } from '@kitchen/runtime/config/worker-settings';
import { KitchenHost } from '@kitchen/runtime/kitchen-host';
import { EXIT, type KitchenOutput } from '@kitchen/runtime/kitchen-output';
import { outcomeOfDone, type RunOutcome } from '@kitchen/runtime/runs/run-outcome';
import { makeRunsFolder, runsFolder } from '@kitchen/runtime/runs/runs-folder';
import { traceSettings } from '@kitchen/runtime/runs/trace-settings';
import { ServerStartError } from '@kitchen/runtime/server-processes/launch-server';
import { describeServerStart, describeUnexpectedExit } from '@kitchen/runtime/server-processes/server-start-event';
import { type RunningServers, startServers } from '@kitchen/runtime/server-processes/start-servers';
import { type RunTelemetry, startRunTelemetry } from '@kitchen/runtime/telemetry/run-telemetry';
import { createAuthorizationPrompt } from '@kitchen/runtime/text/authorization-prompt';
import { describeModel } from '@kitchen/runtime/text/describe-model';
import { describeToolbox, describeUnavailable } from '@kitchen/runtime/text/describe-toolbox';
import { didYouMean } from './cli/did-you-mean.js';
import type { KitchenFlags } from './command/kitchen-flags.js';
import { ApprovedByYes } from './terminal/approved-by-yes.js';
import { createEventWriter } from './terminal/event-writer.js';
import { createHeldOutput } from './terminal/held-output.js';
import { liveBoardFor } from './terminal/live-board.js';
import { shouldUseColour } from './terminal/paint.js';
import { LINE_WIDTH } from './terminal/render-event.js';
import { renderSummary } from './terminal/render-summary.js';
import { createTerminalPerson, type TerminalPerson, toolCallTimeoutMs } from './terminal/terminal-person.js';

export interface RunKitchenOptions {
  task: string;
  /** Works out the task once the servers are connected (kitchen prompt: a server's prompt); `task` names it meanwhile. */
  resolveTask?: (toolbox: Toolbox) => Promise<string>;
  flags: KitchenFlags;
  output: KitchenOutput;
  /** Aborted on Ctrl-C: the loop stops, the servers are still stopped. */
  signal?: AbortSignal;
  /** A model to use instead of the one --model picks: for tests (a ScriptedModel). */
  model?: Model;
}

/** Runs one task end to end; resolves to the process exit code. */
export async function runKitchen(options: RunKitchenOptions): Promise<number> {
  const { flags, output, signal } = options;
  const color = !flags.json && shouldUseColour(output.stdout, output.environment);
  // On an interactive terminal the lanes are a live board with the story scrolling above it.
  const board = liveBoardFor(flags, output, color);
  // Event lines (and the app's own lines on stdout) wait while a question is open at the terminal,
  // and the board steps aside for it.
  const stdout = createHeldOutput(
    board ?? output.stdout,
    board === undefined ? {} : { onHold: () => board.pause(), onRelease: () => board.resume() },
  );
  const say = (line: string) => (flags.json ? output.stderr : stdout).write(`${line}\n`);
  const complain = (line: string) => {
    // The board is cleared first, or a line on stderr would land inside it.
    stdout.hold();
    output.stderr.write(`${line}\n`);
    stdout.release();
  };

  const loaded = loadRunConfig(flags, output.environment);
  if (!loaded.ok) {
    complain(loaded.message);
    return EXIT.usage;
  }
  const config = loaded.config;
  // Before any server starts: a folder that cannot be made is refused now, with its reason.
  try {
    makeRunsFolder(runsFolder(output.environment, flags.runsDir));
  } catch (error) {
    complain(`kitchen: ${describeError(error)}; point --runs-dir or KITCHEN_RUNS_DIR at a folder you can write`);
    return EXIT.usage;
  }
  const workerChoices = mergeWorkerFlags(flags, config.workers);
  if (!workerChoices.ok) {
    complain(workerChoices.message);
    return EXIT.usage;
  }
  let model: Model;
  let chosen: ChosenModel;
  let policy: KitchenPolicy;
  let workers: WorkerSettings;
  let budget: TreeBudget | undefined;
  let telemetry: RunTelemetry | undefined;
  const person: TerminalPerson = createTerminalPerson({
    flags,
    output,
    held: stdout,
    color,
    treeTokens: () => ({ left: budget?.remainingTokens ?? 0, max: budget?.maxTokens ?? 0 }),
  });
  try {
    chosen =
      options.model === undefined
        ? chooseModel(flags.model, output.environment, modelOptions(flags, config))
        : { model: options.model };
    model = chosen.model;
    if (chosen.local?.droppedV1)
      say(
        `ℹ️ --base-url: dropped the trailing /v1 (the Messages API's path, /v1/messages, holds it): ${chosen.local.baseUrl}`,
      );
    policy = createKitchenPolicy(flags, {
      config,
      environment: output.environment,
      ...withDefined({ person: person.person }),
      prices: pricesFor([chosen]),
    });
    budget = policy.budget;
    workers = workerSettings(workerChoices.workers, output.environment, flags.latencyMs);
    // The OpenTelemetry SDK is loaded only here, and only when an endpoint is configured.
    telemetry = await startRunTelemetry(output.environment, flags.otlp, complain);
  } catch (error) {
    complain(`kitchen: ${describeError(error)}`);
    return error instanceof ConfigurationError || error instanceof GateRuleError ? EXIT.usage : EXIT.failed;
  }

  const started = Date.now();
  let servers: RunningServers | undefined;
  let host: KitchenHost | undefined;
  let serverDied = false;
  try {
    servers = await startServers(config.servers, {
      seed: flags.seed,
      jars: flags.jars,
      ...withDefined({ timeoutMs: flags.startTimeoutMs, signal }),
      // No silent start: a line as the start begins and one per server as it becomes ready, where
      // the app's own lines go; with --json, the same events as JSON lines on stderr (stdout is
      // the run's events only).
      onStartEvent: (event) => {
        if (flags.json) complain(JSON.stringify(event));
        else {
          const line = describeServerStart(event);
          if (line !== undefined) say(line);
        }
      },
      onUnexpectedExit: (server, description, restarting) => {
        // Its calls in flight end now, in words, rather than at their timeout.
        host?.toolbox.serverStopped(server, description);
        if (!signal?.aborted && !restarting) serverDied = true;
        if (!signal?.aborted) complain(describeUnexpectedExit(server, description, restarting));
      },
      // Started again: the toolbox connects anew and lists its tools, so the model's next turn sees them.
      onRestarted: (connection) => {
        void host?.toolbox.reconnect(connection).then((failure) => {
          if (failure !== undefined) complain(`⚠️ ${failure.error.message}`);
        });
      },
    });
    if (signal?.aborted) return EXIT.interrupted;
    const writeEvent = createEventWriter({
      json: flags.json,
      color,
      width: Math.min(LINE_WIDTH, output.stdout.columns ?? LINE_WIDTH),
      stdout,
      fold: !flags.verbose,
      ...withDefined({ board }),
      // The approval prompt shows the lane, server, tool, arguments and reason: the event's line would repeat it.
      ...(person.promptsInline ? { shownElsewhere: new Set(['approval-request'] as const) } : {}),
    });
    let samplingCents = 0;
    const byModel = new Map<string, { tokens: number; costCents: number }>();
    const write = (event: LoopEvent) => {
      if (event.type === 'sampling-response') samplingCents += event.costCents;
      if (event.type === 'usage') {
        const spent = byModel.get(event.model) ?? { tokens: 0, costCents: 0 };
        byModel.set(event.model, {
          tokens: spent.tokens + event.inputTokens + event.outputTokens,
          costCents: spent.costCents + event.costCents,
        });
      }
      writeEvent(event);
    };
    host = await KitchenHost.connect({
      connections: servers.connections,
      clientName: 'mcp-kitchen',
      // A call whose server waits on a person (a sampling approval, a form) must outlast them.
      callTimeoutMs: toolCallTimeoutMs(person, policy.approvalTimeoutMs),
      ...withDefined({
        startTimeoutMs: flags.startTimeoutMs,
        spawnLimits: policy.spawnLimits,
        workerOptions: workers.workerOptions,
        logLevel: flags.logLevel,
      }),
      emitBetweenRuns: write,
      ...(rootsFromFlags(flags.roots) === undefined ? {} : { roots: rootsFromFlags(flags.roots) }),
      authorization: createAuthorizationPrompt({ say: complain, openBrowser: flags.openBrowser === true }),
    });
    for (const line of describeUnavailable(host.toolbox)) complain(line);
    // The worker tool names are known only once the servers answer: a typo is a usage error, as
    // the web API answers it, not workers that get no tools.
    const unknownWorkerTools = unknownToolNames(workerChoices.workers.tools, host.toolbox);
    if (unknownWorkerTools !== undefined) {
      complain(unknownWorkerTools);
      return EXIT.usage;
    }
    say(
      describeToolbox(
        host.toolbox,
        servers.connections.map((connection) => connection.name),
        config.disabled,
      ),
    );
    say(`🧠 model: ${describeModel(model, chosen.local)}`);
    if (workers.workerModel !== undefined) say(`🧑‍🍳 workers' model: ${describeModel(workers.workerModel)}`);
    if (telemetry !== undefined) say(`📡 OpenTelemetry spans → ${telemetry.endpoint}`);

    const task = options.resolveTask === undefined ? options.task : await options.resolveTask(host.toolbox);
    if (options.resolveTask !== undefined) say(`📝 ${options.task}: ${task.length} characters of task`);
    let done: DoneEvent | undefined;
    let tracePath: string | undefined;
    const approvedByYes = flags.approval === 'yes' ? new ApprovedByYes() : undefined;
    for await (const event of host.run({
      task,
      model,
      policy,
      ...withDefined({ workerModel: workers.workerModel }),
      // A server asking outside any tool call (no lane to put it in) is shown in the main lane.
      emit: write,
      ...withDefined({ signal, maxIterations: flags.maxIterations }),
      ...(telemetry === undefined ? {} : { observe: telemetry.forRun }),
      record: {
        folder: runsFolder(output.environment, flags.runsDir),
        settings: traceSettings(
          flags,
          servers.connections.map((connection) => connection.name),
          workerChoices.workers,
        ),
        onOpen: (path) => {
          tracePath = path;
        },
      },
    })) {
      if (event.type === 'done') done = event;
      approvedByYes?.note(event);
      write(event);
    }
    writeEvent.flush();
    // The board's final state stays on screen, the summary below it.
    board?.finish();
    if (done === undefined) {
      complain('kitchen: the agent loop ended without a done event; this is a bug in the host');
      return EXIT.failed;
    }
    if (!flags.json) {
      const summary = {
        done,
        model,
        wallMs: Date.now() - started,
        samplingCents,
        treeTokens: policy.budget.maxTokens,
        ...(chosen.local !== undefined && chosen.local.price === undefined ? { unpriced: true } : {}),
      };
      stdout.write(`${renderSummary(summary, color)}\n`);
      // Workers on another model: each model's share, priced as itself.
      if (byModel.size > 1)
        say(
          `💰 by model: ${[...byModel].map(([id, spent]) => `${id} ${formatTokens(spent.tokens)} tokens ${formatCents(spent.costCents)}`).join(' · ')}`,
        );
    }
    const approved = approvedByYes?.line();
    if (approved !== undefined) say(approved);
    const outcome = outcomeOfDone(done, serverDied);
    const why = outcomeWords(outcome, done, serverDied);
    if (why !== undefined) say(`⚠️ ${outcome}: ${why} (exit ${EXIT_CODES[outcome]})`);
    if (tracePath !== undefined) say(`📼 trace: ${tracePath} (kitchen replay, kitchen rerun)`);
    return EXIT_CODES[outcome];
  } catch (error) {
    complain(error instanceof ServerStartError ? error.message : `kitchen: ${describeError(error)}`);
    return signal?.aborted ? EXIT.interrupted : EXIT.failed;
  } finally {
    board?.finish();
    await host?.close();
    await servers?.stop();
    await telemetry?.shutdown();
  }
}

/** "--worker-tools names no tool "inspect_jr" (did you mean inspect_jar?); …", or undefined when every name is a tool. */
function unknownToolNames(policy: WorkerToolPolicy | undefined, toolbox: Toolbox): string | undefined {
  if (policy === undefined || policy.kind === 'inherit') return undefined;
  const unknown = policy.tools.filter((name) => toolbox.find(name) === undefined);
  if (unknown.length === 0) return undefined;
  const names = toolbox.list().map((tool) => tool.name);
  const described = unknown.map((name) => {
    const close = didYouMean(name, names);
    return close === undefined ? `"${name}"` : `"${name}" (did you mean ${close}?)`;
  });
  return `kitchen: --worker-tools names no tool ${described.join(', ')}; the tools are ${names.join(', ')}`;
}

/** The exit code of each outcome: a script tells them apart (documented in --help and the README). */
const EXIT_CODES: Readonly<Record<RunOutcome, number>> = {
  done: EXIT.ok,
  'partly done': EXIT.notDone,
  stopped: EXIT.partial,
  failed: EXIT.failed,
  interrupted: EXIT.interrupted,
};

/** Why a run that ended with an answer did not do all it was asked; undefined when it did, or the report says why. */
function outcomeWords(outcome: RunOutcome, done: DoneEvent, serverDied: boolean): string | undefined {
  const failed = done.failedToolCalls ?? 0;
  const calls =
    failed === 0 ? '' : `${failed === 1 ? '1 tool call was' : `${failed} tool calls were`} denied or failed`;
  if (outcome === 'partly done') return calls;
  if (outcome === 'failed' && serverDied && done.stopReason === 'end_turn')
    return ['a server stopped unexpectedly during the run', calls].filter((part) => part !== '').join('; ');
  return undefined;
}

/** What picks the model besides --model: its name, the offline model's latency, an endpoint (flag, else config). */
export function modelOptions(flags: KitchenFlags, config: { model?: ModelSection }): CreateModelOptions {
  return {
    latencyMs: flags.latencyMs,
    ...withDefined({ modelName: flags.modelName, baseUrl: flags.baseUrl, configured: config.model }),
  };
}
