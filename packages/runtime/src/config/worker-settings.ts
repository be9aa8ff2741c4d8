// A run's worker choices (config "workers" under the --worker-* flags) turned into spawn_agent's
// worker options and the workers' model. Runtime side: the host core takes them as options; only the
// app knows the flags and the config file.

import type { Model, SpawnAgentOptions } from '@kitchen/host';
import { withDefined } from '@kitchen/host';
import { createModel } from './create-model.js';
import type { WorkerChoices } from './worker-choices.js';

export type WorkerOptions = Omit<SpawnAgentOptions, 'maxDepth' | 'maxLiveWorkers' | 'model'>;

export interface WorkerSettings {
  workerOptions?: WorkerOptions;
  workerModel?: Model;
}

/** Throws a ConfigurationError (from createModel) for a Claude worker model without a key. */
export function workerSettings(
  choices: WorkerChoices,
  environment: NodeJS.ProcessEnv,
  latencyMs: number,
): WorkerSettings {
  const options = workerOptions(choices);
  const workerModel = workerModelOf(choices.model, environment, latencyMs);
  return {
    ...withDefined({ workerOptions: options, workerModel }),
  };
}

/** spawn_agent's options for the choices, the model aside (a rerun replays it instead of making it). */
export function workerOptions(choices: WorkerChoices): WorkerOptions | undefined {
  const options: WorkerOptions = {};
  if (choices.maxTokens !== undefined || choices.temperature !== undefined)
    options.modelArguments = {
      ...withDefined({ maxTokens: choices.maxTokens, temperature: choices.temperature }),
    };
  if (choices.tools !== undefined) options.tools = choices.tools;
  if (choices.reportSchema !== undefined) options.reportSchema = choices.reportSchema;
  return Object.keys(options).length === 0 ? undefined : options;
}

/** "offline" or a Claude model name; undefined: the main agent's model. */
export function workerModelOf(
  name: string | undefined,
  environment: NodeJS.ProcessEnv,
  latencyMs: number,
): Model | undefined {
  if (name === undefined) return undefined;
  return name === 'offline'
    ? createModel('offline', environment, { latencyMs })
    : createModel('anthropic', environment, { modelName: name });
}
