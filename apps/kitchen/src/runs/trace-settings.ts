// The settings a trace keeps of a run's flags. App side.

import type { KitchenFlags } from '../cli/kitchen-flags.js';

/** What a trace keeps of the flags: enough to read it back and to rerun it against the same servers. */
export function traceSettings(flags: KitchenFlags, servers: string[]): Record<string, unknown> {
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
  };
}
