// `kitchen eval FILE`: every case of a case file on each model, each run a normal traced run
// through the kitchen host over the configured servers, a markdown table (or --json), JUnit XML
// (--junit) and the exit code. App side: the scoring and the report are @kitchen/eval's.

import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  type CaseRun,
  EvalCaseFileError,
  type EvalJob,
  evalExitCode,
  evalJunitXml,
  evalMarkdownTable,
  readEvalCaseFile,
  runEval,
} from '@kitchen/eval';
import {
  ConfigurationError,
  describeError,
  formatCents,
  GateRuleError,
  type LoopEvent,
  withDefined,
} from '@kitchen/host';
import { pricesFor } from '@kitchen/runtime/config/create-model';
import { createKitchenPolicy } from '@kitchen/runtime/config/kitchen-policy';
import { loadRunConfig } from '@kitchen/runtime/config/load-run-config';
import { mergeWorkerFlags } from '@kitchen/runtime/config/worker-choices';
import { workerSettings } from '@kitchen/runtime/config/worker-settings';
import { KitchenHost } from '@kitchen/runtime/kitchen-host';
import { EXIT, type KitchenOutput } from '@kitchen/runtime/kitchen-output';
import { runsFolder } from '@kitchen/runtime/runs/runs-folder';
import { traceSettings } from '@kitchen/runtime/runs/trace-settings';
import { ServerStartError } from '@kitchen/runtime/server-processes/launch-server';
import { type RunningServers, startServers } from '@kitchen/runtime/server-processes/start-servers';
import { describeModel } from '@kitchen/runtime/text/describe-model';
import { describeUnavailable } from '@kitchen/runtime/text/describe-toolbox';
import type { KitchenFlags } from '../command/kitchen-flags.js';
import { type EvalModel, evalModels } from './eval-models.js';

export interface EvalCommandOptions {
  file: string;
  /** --model as given, repeated or as lists; empty: the one --model (default auto) picks. */
  models: string[];
  flags: KitchenFlags;
  output: KitchenOutput;
  signal?: AbortSignal;
}

export async function runEvalCommand(options: EvalCommandOptions): Promise<number> {
  const { flags, output, signal } = options;
  const complain = (line: string) => output.stderr.write(`${line}\n`);
  let cases;
  try {
    ({ cases } = readEvalCaseFile(options.file));
  } catch (error) {
    if (!(error instanceof EvalCaseFileError)) throw error;
    complain(`kitchen eval: ${error.message}`);
    return EXIT.usage;
  }
  const loaded = loadRunConfig(flags, output.environment);
  if (!loaded.ok) {
    complain(loaded.message);
    return EXIT.usage;
  }
  const { config } = loaded;
  const workerChoices = mergeWorkerFlags(flags, config.workers);
  if (!workerChoices.ok) {
    complain(workerChoices.message);
    return EXIT.usage;
  }
  let models: EvalModel[];
  let workers;
  const newPolicy = () =>
    createKitchenPolicy(flags, {
      config,
      environment: output.environment,
      prices: pricesFor(models.map((model) => model.chosen)),
    });
  try {
    models = evalModels(options.models, flags, config, output.environment);
    workers = workerSettings(workerChoices.workers, output.environment, flags.latencyMs);
    newPolicy(); // a bad rule or limit is refused before any server starts
  } catch (error) {
    complain(`kitchen eval: ${describeError(error)}`);
    return error instanceof ConfigurationError || error instanceof GateRuleError ? EXIT.usage : EXIT.failed;
  }
  const byName = new Map(models.map((model) => [model.name, model]));
  for (const model of models) {
    complain(`🧠 model: ${describeModel(model.chosen.model, model.chosen.local)}`);
    if (model.chosen.local?.droppedV1)
      complain(
        `ℹ️ dropped the trailing /v1 of the base URL (the Messages API's path holds it): ${model.chosen.local.baseUrl}`,
      );
  }

  let servers: RunningServers | undefined;
  const idle: KitchenHost[] = [];
  const all: KitchenHost[] = [];
  try {
    servers = await startServers(config.servers, {
      seed: flags.seed,
      jars: flags.jars,
      ...withDefined({ timeoutMs: flags.startTimeoutMs, signal }),
      onStartEvent: () => {},
    });
    const running = servers;
    const serverNames = running.connections.map((connection) => connection.name);
    // One host per run in flight: a host answers its servers' questions for one run at a time.
    const acquire = async (): Promise<KitchenHost> => {
      const free = idle.pop();
      if (free !== undefined) return free;
      const host = await KitchenHost.connect({
        connections: running.connections,
        clientName: 'mcp-kitchen-eval',
        ...(policySpawnLimits(newPolicy()) ?? {}),
        ...withDefined({ workerOptions: workers.workerOptions }),
      });
      all.push(host);
      if (all.length === 1) for (const line of describeUnavailable(host.toolbox)) complain(line);
      return host;
    };
    const runTask = async (job: EvalJob) => {
      const host = await acquire();
      const events: LoopEvent[] = [];
      let tracePath: string | undefined;
      try {
        const model = byName.get(job.model);
        if (model === undefined) throw new Error(`no model named ${job.model}`);
        for await (const event of host.run({
          task: job.evalCase.task,
          model: model.create(),
          policy: newPolicy(),
          ...withDefined({ workerModel: workers.workerModel, signal, maxIterations: flags.maxIterations }),
          record: {
            folder: runsFolder(output.environment, flags.runsDir),
            settings: {
              ...traceSettings(flags, serverNames, workerChoices.workers),
              eval: { file: options.file, case: job.evalCase.name, model: job.model, run: job.run },
            },
            onOpen: (path) => {
              tracePath = path;
            },
          },
        }))
          events.push(event);
      } finally {
        idle.push(host);
      }
      return { events, ...(tracePath === undefined ? {} : { runId: basename(tracePath, '.jsonl') }) };
    };
    const report = await runEval({
      cases,
      models: models.map((model) => model.name),
      runTask,
      ...withDefined({ concurrency: flags.concurrency, minPassRate: flags.minPassRate }),
      onRunEnd: (job, run) => complain(progressLine(job, run)),
    });
    if (signal?.aborted) return EXIT.interrupted;
    const unpriced = (name: string) => {
      const local = byName.get(name)?.chosen.local;
      return local !== undefined && local.price === undefined;
    };
    if (flags.json) output.stdout.write(`${JSON.stringify(report)}\n`);
    else
      output.stdout.write(
        evalMarkdownTable(report, {
          cost: (each) => (unpriced(each.model) ? 'local' : formatCents(each.costCents)),
          totalCost: (whole) =>
            whole.cases.every((each) => unpriced(each.model))
              ? 'local'
              : `${formatCents(whole.totals.costCents)}${whole.cases.some((each) => unpriced(each.model)) ? ' (+ local)' : ''}`,
        }),
      );
    if (flags.junitFile !== undefined) {
      writeFileSync(flags.junitFile, evalJunitXml(report));
      complain(`🧾 JUnit XML: ${flags.junitFile}`);
    }
    complain('📼 each run left a trace: kitchen runs lists them, kitchen replay ID shows one');
    return evalExitCode(report);
  } catch (error) {
    complain(error instanceof ServerStartError ? error.message : `kitchen eval: ${describeError(error)}`);
    return signal?.aborted ? EXIT.interrupted : EXIT.failed;
  } finally {
    await Promise.all(all.map((host) => host.close()));
    await servers?.stop();
  }
}

function policySpawnLimits(policy: ReturnType<typeof createKitchenPolicy>) {
  return policy.spawnLimits === undefined ? undefined : { spawnLimits: policy.spawnLimits };
}

function progressLine(job: EvalJob, run: CaseRun): string {
  const verdict = run.passed ? '✓' : run.notUnderstood !== undefined ? '·' : '✗';
  const repeat = job.evalCase.repeat > 1 ? ` run ${job.run}/${job.evalCase.repeat}` : '';
  const why = run.passed
    ? ''
    : run.notUnderstood !== undefined
      ? ' (not understood by the offline model)'
      : ` (${run.failures[0]?.message ?? 'failed'})`;
  return `${verdict} ${job.evalCase.name} · ${job.model}${repeat}${why}`;
}
