// Test helper for the fault probes: marks every process a probed CLI starts (its servers inherit
// the mark), finds any that outlive it, and tells whether the CLI ended by itself (its event loop
// ran dry) rather than by a fallback exit over a stray timer or socket.

import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAlive } from '@kitchen/probe-kit/cli-process';

const DRAIN_REPORTER = fileURLToPath(new URL('./fixtures/report-drained-loop.cjs', import.meta.url));

export interface ProbeMark {
  /** The environment to start the CLI with. */
  environment: NodeJS.ProcessEnv;
  /** Live processes (not zombies) that carry this mark. */
  survivors(): number[];
}

export function markProbe(extra: NodeJS.ProcessEnv = {}): ProbeMark {
  const mark = randomUUID();
  return {
    environment: {
      KITCHEN_PROBE_MARK: mark,
      NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --require ${DRAIN_REPORTER}`.trim(),
      KITCHEN_RUNS_DIR: mkdtempSync(join(tmpdir(), 'kitchen-probe-runs-')),
      ...extra,
    },
    survivors: () => processesWith(`KITCHEN_PROBE_MARK=${mark}`),
  };
}

/** True when the process with this pid said its event loop ran dry before it ended. */
export function endedByItself(stderr: string, pid: number | undefined): boolean {
  return stderr.includes(`kitchen-probe: event loop drained (pid ${pid})`);
}

function processesWith(entry: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/environ`, 'latin1').split('\0').includes(entry) && isAlive(Number(name)))
        found.push(Number(name));
    } catch {
      // Gone already, or not ours to read.
    }
  }
  return found;
}

/** Waits for marked processes to go (the CLI's children get a grace period), then returns those left. */
export async function survivorsAfter(mark: ProbeMark, timeoutMs = 30_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && mark.survivors().length > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  return mark.survivors();
}
