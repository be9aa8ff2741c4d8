// The settings a trace keeps of a run's flags. Runtime side.

import { withDefined } from '@kitchen/host';
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
    ...withDefined({
      maxIterations: flags.maxIterations,
      maxToolCalls: flags.maxToolCalls,
      maxDepth: flags.maxDepth,
      maxWorkers: flags.maxWorkers,
      configPath: flags.configPath,
      extraServers: flags.servers,
    }),
    ...(Object.keys(workers).length === 0 ? {} : { workers }),
  };
}
