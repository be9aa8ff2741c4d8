// How long a server gets to print its "listening on" line: a base (--start-timeout, default 20 s)
// stretched by the machine's load per core, so ten kitchens starting at once on two cores still
// start. Runtime side: it only decides how long the launcher waits for a child.

import { availableParallelism, loadavg } from 'node:os';

export const DEFAULT_START_TIMEOUT_MS = 20_000;
/** However loaded the machine, a silent server is given up on after this many times the base. */
export const MAX_LOAD_STRETCH = 10;

export interface MachineLoad {
  /** The one-minute load average (`os.loadavg()[0]`). */
  loadAverage: number;
  /** The cores this process may use (`os.availableParallelism()`). */
  cores: number;
}

export interface StartTimeout {
  ms: number;
  /** The words for a message: "20 s" or "20 s × 3.5 for a load of 7.0 on 2 cores". */
  describe(): string;
}

export function currentLoad(): MachineLoad {
  return { loadAverage: loadavg()[0] ?? 0, cores: availableParallelism() };
}

/**
 * The base on an idle machine; on a busy one, the base times the load per core (runnable
 * processes per core: at 15 on 2 cores a start takes about 7.5 times as long), at most
 * MAX_LOAD_STRETCH times the base.
 */
export function startTimeout(baseMs = DEFAULT_START_TIMEOUT_MS, load: MachineLoad = currentLoad()): StartTimeout {
  const perCore = load.cores > 0 && Number.isFinite(load.loadAverage) ? load.loadAverage / load.cores : 0;
  const stretch = Math.min(MAX_LOAD_STRETCH, Math.max(1, perCore));
  const ms = Math.round(baseMs * stretch);
  const seconds = (value: number) => `${Math.round(value / 1000)} s`;
  return {
    ms,
    describe: () =>
      stretch === 1
        ? seconds(ms)
        : `${seconds(ms)}: ${seconds(baseMs)} × ${stretch.toFixed(1)} for a load of ${load.loadAverage.toFixed(1)} on ${load.cores} cores`,
  };
}
