// The settings a trace keeps of a run's flags. Runtime side.

import type { WorkerChoices } from '../config/worker-choices.js';
import type { KitchenSettings } from '../kitchen-settings.js';

/**
 * What a trace keeps of the flags: enough to read it back and to rerun it against the same servers,
 * with the same workers (their choices as JSON, the report schema itself included).
 */
export function traceSettings(
  flags: KitchenSettings,
  servers: string[],
  workers: WorkerChoices = {},
): Record<string, unknown> {
  return {
    seed: flags.seed,
    jars: flags.jars,
    servers,
    ...(flags.maxIterations === undefined ? {} : { maxIterations: flags.maxIterations }),
    ...(flags.maxToolCalls === undefined ? {} : { maxToolCalls: flags.maxToolCalls }),
    ...(flags.maxDepth === undefined ? {} : { maxDepth: flags.maxDepth }),
    ...(flags.maxWorkers === undefined ? {} : { maxWorkers: flags.maxWorkers }),
    ...(flags.configPath === undefined ? {} : { configPath: flags.configPath }),
    ...(flags.servers === undefined ? {} : { extraServers: flags.servers }),
    ...(Object.keys(workers).length === 0 ? {} : { workers }),
  };
}
