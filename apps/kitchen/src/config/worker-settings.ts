// The --worker-* flags read into spawn_agent's worker options and the workers' model. App side:
// the host core takes them as options; only the app knows the flags.

import { readFileSync } from 'node:fs';
import { ConfigurationError, type Model, type SpawnAgentOptions } from '@kitchen/host';
import type { KitchenFlags } from '../cli/kitchen-flags.js';
import { createModel } from './create-model.js';

export interface WorkerSettings {
  workerOptions?: Omit<SpawnAgentOptions, 'maxDepth' | 'maxLiveWorkers' | 'model'>;
  workerModel?: Model;
}

/** Throws a ConfigurationError naming the flag for a model without a key or an unreadable schema file. */
export function workerSettings(flags: KitchenFlags, environment: NodeJS.ProcessEnv): WorkerSettings {
  const options: NonNullable<WorkerSettings['workerOptions']> = {};
  if (flags.workerMaxTokens !== undefined || flags.workerTemperature !== undefined)
    options.modelArguments = {
      ...(flags.workerMaxTokens === undefined ? {} : { maxTokens: flags.workerMaxTokens }),
      ...(flags.workerTemperature === undefined ? {} : { temperature: flags.workerTemperature }),
    };
  if (flags.workerTools !== undefined) options.tools = { kind: 'restrict', tools: flags.workerTools };
  if (flags.workerReport !== undefined) {
    let schema: unknown;
    try {
      schema = JSON.parse(readFileSync(flags.workerReport, 'utf8'));
    } catch (error) {
      throw new ConfigurationError(
        `--worker-report ${flags.workerReport}: not a readable JSON file (${(error as Error).message})`,
      );
    }
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
      throw new ConfigurationError(`--worker-report ${flags.workerReport}: a JSON Schema must be an object`);
    options.reportSchema = schema as Record<string, unknown>;
  }
  const workerModel =
    flags.workerModel === undefined
      ? undefined
      : flags.workerModel === 'offline'
        ? createModel('offline', environment, { latencyMs: flags.latencyMs })
        : createModel('anthropic', environment, { modelName: flags.workerModel });
  return {
    ...(Object.keys(options).length === 0 ? {} : { workerOptions: options }),
    ...(workerModel === undefined ? {} : { workerModel }),
  };
}
