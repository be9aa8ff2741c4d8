// Wires one kitchen run: config → servers → toolbox → model → agent loop → terminal or JSON
// lines → summary, and stops every server whatever happens. App side: the host lives here, the
// servers run as child processes and are reached only over HTTP.

import {
  ConfigurationError,
  createElicitationHandler,
  createModel,
  createSamplingHandler,
  createSpawnAgentTool,
  declineAllAsker,
  describeError,
  GateRuleError,
  runAgentLoop,
  stamp,
  Toolbox,
  type DoneEvent,
  type LoopEventDraft,
  type Model,
} from '@kitchen/host';
import { findConfigFile, loadKitchenConfig } from './kitchen-config.js';
import { EXIT, type KitchenOutput } from './kitchen-output.js';
import { createKitchenPolicy, type KitchenPolicy } from './kitchen-policy.js';
import { KITCHEN_SYSTEM_PROMPT } from './kitchen-task.js';
import { shouldUseColour } from './paint.js';
import type { KitchenFlags } from './parse-cli-arguments.js';
import { LINE_WIDTH } from './render-event.js';
import { describeModel, renderSummary } from './render-summary.js';
import { ServerStartError } from './launch-server.js';
import { startServers, type RunningServers } from './start-servers.js';
import { createEventWriter } from './event-writer.js';
import { describeToolbox } from './describe-toolbox.js';

export interface RunKitchenOptions {
  task: string;
  flags: KitchenFlags;
  output: KitchenOutput;
  /** Aborted on Ctrl-C: the loop stops, the servers are still stopped. */
  signal?: AbortSignal;
}

/** Runs one task end to end; resolves to the process exit code. */
export async function runKitchen(options: RunKitchenOptions): Promise<number> {
  const { flags, output, signal } = options;
  const say = (line: string) => (flags.json ? output.stderr : output.stdout).write(`${line}\n`);
  const complain = (line: string) => output.stderr.write(`${line}\n`);

  const loaded = loadKitchenConfig(flags.configPath ?? findConfigFile());
  if (!loaded.ok) {
    complain(loaded.message);
    return EXIT.usage;
  }
  const config = loaded.config;
  let model: Model;
  let policy: KitchenPolicy;
  try {
    model = createModel(flags.model, output.environment, {
      latencyMs: flags.latencyMs,
      ...(flags.modelName === undefined ? {} : { modelName: flags.modelName }),
    });
    policy = createKitchenPolicy(flags);
  } catch (error) {
    complain(`kitchen: ${describeError(error)}`);
    return error instanceof ConfigurationError || error instanceof GateRuleError ? EXIT.usage : EXIT.failed;
  }
  const { budget, approver } = policy;

  const started = Date.now();
  let servers: RunningServers | undefined;
  let toolbox: Toolbox | undefined;
  try {
    servers = await startServers(config.servers, {
      seed: flags.seed,
      jars: flags.jars,
      ...(signal === undefined ? {} : { signal }),
      onUnexpectedExit: (server, description) => {
        if (!signal?.aborted) complain(`⚠️ ${server} stopped unexpectedly (${description}); its tools will fail from now on`);
      },
    });
    for (const server of servers.servers) {
      say(`🍳 ${server.name} ${server.url}${server.pid === undefined ? '' : ` (pid ${server.pid})`}`);
    }
    if (signal?.aborted) return EXIT.interrupted;
    const color = !flags.json && shouldUseColour(output.stdout, output.environment);
    const write = createEventWriter({ json: flags.json, color, width: Math.min(LINE_WIDTH, output.stdout.columns ?? LINE_WIDTH), stdout: output.stdout });
    // Servers that ask the host for a model call or a question: sampling follows --yes/--no (no
    // flag: refused, nobody is there to ask) and questions are declined; the events show both.
    const emit = (draft: LoopEventDraft) => write(stamp(draft));
    toolbox = await Toolbox.connect(servers.connections, {
      clientName: 'mcp-kitchen',
      handlers: {
        sampling: createSamplingHandler({ model, budget, emit, ...(approver === undefined ? {} : { approver }) }),
        elicitation: createElicitationHandler({ asker: declineAllAsker, emit }),
      },
    });
    // The one local tool: workers run the same loop with the same toolbox, gate and budget.
    toolbox.addLocalTool(createSpawnAgentTool());
    say(describeToolbox(toolbox, servers.connections.map((connection) => connection.name)));
    say(`🧠 model: ${describeModel(model)}`);

    let done: DoneEvent | undefined;
    for await (const event of runAgentLoop({
      messages: [{ role: 'user', content: options.task }],
      system: KITCHEN_SYSTEM_PROMPT,
      model,
      toolbox,
      gate: policy.gate,
      budget,
      seatbelts: policy.seatbelts,
      ...(signal === undefined ? {} : { signal }),
      ...(flags.maxIterations === undefined ? {} : { maxIterations: flags.maxIterations }),
    })) {
      if (event.type === 'done') done = event;
      write(event);
    }
    if (done === undefined) {
      complain('kitchen: the agent loop ended without a done event; this is a bug in the host');
      return EXIT.failed;
    }
    if (!flags.json) output.stdout.write(`${renderSummary({ done, model, wallMs: Date.now() - started }, color)}\n`);
    return exitCodeFor(done);
  } catch (error) {
    complain(error instanceof ServerStartError ? error.message : `kitchen: ${describeError(error)}`);
    return signal?.aborted ? EXIT.interrupted : EXIT.failed;
  } finally {
    await toolbox?.close().catch(() => {});
    await servers?.stop();
  }
}

function exitCodeFor(done: DoneEvent): number {
  if (done.stopReason === 'error') return EXIT.failed;
  if (done.stopReason === 'aborted') return EXIT.interrupted;
  return EXIT.ok;
}
