// Runs an eval behind the web UI, as `kitchen eval` runs one: every case on every model, `repeat`
// times, up to a concurrency limit, each run a normal traced run on a host of its own over the
// kitchen's servers. Each run is also a WebRun the kitchen keeps, so the page draws its lanes
// live; the board (eval-board.ts) gets each run's start, its score and the verdicts. App side.

import { type EvalCase, type EvalJob, runEval } from '@kitchen/eval';
import { describeError, type LoopEvent, MAIN_AGENT, type Model, stamp, withDefined } from '@kitchen/host';
import {
  type ChosenModel,
  chooseModel,
  MODEL_CHOICES,
  type ModelChoice,
  pricesFor,
} from '@kitchen/runtime/config/create-model';
import { createKitchenPolicy } from '@kitchen/runtime/config/kitchen-policy';
import { workerModelOf, workerOptions } from '@kitchen/runtime/config/worker-settings';
import { KitchenHost } from '@kitchen/runtime/kitchen-host';
import { runsFolder } from '@kitchen/runtime/runs/runs-folder';
import { traceSettings } from '@kitchen/runtime/runs/trace-settings';
import { newRunId } from '@kitchen/runtime/runs/trace-writer';
import { describeModel } from '@kitchen/runtime/text/describe-model';
import { boardFinished, boardRunEnded, boardRunStarted, createEvalBoard } from './eval-board.js';
import { modelOptions } from './model-options.js';
import { WebEval } from './web-eval.js';
import type { WebKitchen } from './web-kitchen.js';
import { WebRun } from './web-run.js';

export interface EvalModel {
  /** How the board names it: "offline", or the model's id. */
  name: string;
  chosen: ChosenModel;
  /** A fresh model for one run. */
  create: () => Model;
}

/**
 * The models an eval runs on, from words as `--model` takes them (offline, anthropic, auto or a
 * model's name); none: the kitchen's own --model. Throws ConfigurationError for one it cannot make.
 */
export function evalModels(words: readonly string[], kitchen: WebKitchen): EvalModel[] {
  const { flags, config, environment } = kitchen.options;
  const models = new Map<string, EvalModel>();
  for (const entry of words.length === 0 ? [flags.model] : words) {
    const isChoice = (MODEL_CHOICES as readonly string[]).includes(entry);
    const choice: ModelChoice = isChoice ? (entry as ModelChoice) : 'anthropic';
    const options = { ...modelOptions(flags, config), ...(isChoice ? {} : { modelName: entry }) };
    const chosen = chooseModel(choice, environment, options);
    if (!models.has(chosen.model.id))
      models.set(chosen.model.id, {
        name: chosen.model.id,
        chosen,
        create: () => chooseModel(choice, environment, options).model,
      });
  }
  return [...models.values()];
}

export interface RunWebEvalOptions {
  id: string;
  /** Where the cases came from, for the page: the file's path, or "pasted cases". */
  source: string;
  cases: readonly EvalCase[];
  models: readonly EvalModel[];
}

/** Starts the eval; the returned WebEval finishes when every run has ended (or the eval is stopped). */
export function runWebEval(
  kitchen: WebKitchen,
  options: RunWebEvalOptions,
): { evaluation: WebEval; done: Promise<void> } {
  const { flags, config, environment, connections } = kitchen.options;
  const board = createEvalBoard(
    options.cases,
    options.models.map((model) => model.name),
    flags.minPassRate,
  );
  const evaluation = new WebEval(
    options.id,
    options.source,
    options.models.map((model) => model.name),
    board,
  );
  const byName = new Map(options.models.map((model) => [model.name, model]));
  const prices = pricesFor(options.models.map((model) => model.chosen));
  // No person behind an eval's runs, as under `kitchen eval`: --yes / --no or the rules decide.
  const newPolicy = () => createKitchenPolicy(flags, { config, environment, prices });
  // The workers as the kitchen's runs get them (the config's "workers" under the --worker-* flags).
  const { workers } = kitchen;
  const workerModel = () => workerModelOf(workers.model, environment, flags.latencyMs);
  const idle: KitchenHost[] = [];
  const hosts: KitchenHost[] = [];
  // One host per run in flight: a host answers its servers' questions for one run at a time.
  const acquire = async (): Promise<KitchenHost> => {
    const free = idle.pop();
    if (free !== undefined) return free;
    const spawnLimits = newPolicy().spawnLimits;
    const host = await KitchenHost.connect({
      connections,
      clientName: 'mcp-kitchen-web-eval',
      ...withDefined({ spawnLimits, logLevel: flags.logLevel, workerOptions: workerOptions(workers) }),
    });
    hosts.push(host);
    return host;
  };
  const runTask = async (job: EvalJob) => {
    // Stopped: the runs not started yet are not started (each is scored as failed, saying why).
    if (evaluation.controller.signal.aborted) throw new Error('the eval was stopped before this run started');
    const model = byName.get(job.model);
    if (model === undefined) throw new Error(`no model named ${job.model}`);
    const created = model.create();
    const run = new WebRun(newRunId(), job.evalCase.task, describeModel(created, model.chosen.local));
    kitchen.keepRun(run);
    boardRunStarted(board, job, run.id);
    evaluation.changed();
    const events: LoopEvent[] = [];
    let host: KitchenHost | undefined;
    let problem: unknown;
    try {
      host = await acquire();
      for await (const event of host.run({
        task: job.evalCase.task,
        model: created,
        policy: newPolicy(),
        emit: (event) => run.push(event),
        signal: AbortSignal.any([evaluation.controller.signal, run.controller.signal]),
        ...withDefined({ maxIterations: flags.maxIterations, workerModel: workerModel(), workerTools: workers.tools }),
        record: {
          id: run.id,
          folder: runsFolder(environment, flags.runsDir),
          settings: {
            ...traceSettings(flags, host.toolbox.serverNames, workers),
            from: 'web',
            eval: { source: options.source, case: job.evalCase.name, model: job.model, run: job.run },
          },
        },
      })) {
        events.push(event);
        run.push(event);
      }
    } catch (error) {
      problem = error;
    } finally {
      // As a run of the page's own: its stream ends with done, even when the loop could not say it.
      if (run.events.at(-1)?.type !== 'done') run.push(unfinishedDone(problem));
      run.finish();
      if (host !== undefined) idle.push(host);
    }
    if (problem !== undefined) throw problem;
    return { events, runId: run.id };
  };
  const done = (async () => {
    try {
      const report = await runEval({
        cases: options.cases,
        models: options.models.map((model) => model.name),
        runTask,
        ...withDefined({ concurrency: flags.concurrency, minPassRate: flags.minPassRate }),
        onRunEnd: (job, scored) => {
          boardRunEnded(board, job, scored);
          evaluation.changed();
        },
      });
      evaluation.report = report;
      boardFinished(board, report);
    } catch (error) {
      evaluation.problem = `the eval stopped: ${describeError(error)}`;
    } finally {
      await Promise.all(hosts.map((host) => host.close()));
      evaluation.finish();
    }
  })();
  return { evaluation, done };
}

function unfinishedDone(problem: unknown): LoopEvent {
  return stamp({
    type: 'done',
    agent: MAIN_AGENT.id,
    finalText: '',
    stopReason: 'error',
    iterations: 0,
    toolCalls: 0,
    tokens: 0,
    costCents: 0,
    detail: problem === undefined ? 'the agent loop ended without a done event' : describeError(problem),
  });
}
