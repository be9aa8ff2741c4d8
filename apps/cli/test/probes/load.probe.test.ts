// Load probes, each in its own process so garbage collection can be forced (--expose-gc): many runs
// at once through one host, and hundreds of sessions on one server. They assert outcomes and that
// memory comes back near its baseline afterwards, with a generous ratio; never a timing.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CLI_DIRECTORY, PROCESS_TEST_TIMEOUT_MS, tamperedJarIds } from '@kitchen/probe-kit/cli-process';
import { probeSize, reportTried } from '@kitchen/probe-kit/probe-size';
import { DEFAULT_MAX_SESSIONS } from '@kitchen/server-kit';
import { describe, expect, it } from 'vitest';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const MIB = 1024 * 1024;

/**
 * Runs a fixture with --expose-gc and returns the JSON line it printed. Bytecode is not flushed:
 * V8 drops the bytecode of functions unused over a few collections, which shrank the heap between
 * "before" and "open" by more than 60 sessions cost and made the memory check say nothing.
 */
function runProbe<Result>(fixture: string, size: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--no-flush-bytecode', '--import', 'tsx', `${FIXTURES}${fixture}`, String(size)],
      {
        cwd: CLI_DIRECTORY,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('close', (code) => {
      const line = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{'))
        reject(new Error(`${fixture} exited with ${code}\n${stdout}\n${stderr}`));
      else resolve(JSON.parse(line) as Result);
    });
  });
}

describe('load', () => {
  it('runs many offline-model runs at once through one host, each with the right answer, and memory returns near its baseline', {
    timeout: PROCESS_TEST_TIMEOUT_MS * 3,
  }, async () => {
    const runs = probeSize(8, 50);
    const result = await runProbe<{
      runs: number;
      before: number;
      after: number;
      outcomes: Array<{ stopReason: string; jars: number[] }>;
    }>('concurrent-runs.ts', runs);
    reportTried(
      `concurrent runs through one host (memory ${(result.before / MIB).toFixed(1)} MiB before, ${(result.after / MIB).toFixed(1)} MiB after)`,
      runs,
    );
    expect(result.outcomes).toHaveLength(runs);
    const tampered = tamperedJarIds(1729, 24);
    result.outcomes.forEach((outcome, index) => {
      expect(outcome.stopReason).toBe('end_turn');
      expect(outcome.jars).toEqual(index % 3 === 2 ? [] : tampered);
    });
    // Generous on purpose: the point is that nothing per run is kept, not the last megabyte.
    expect(result.after).toBeLessThan(result.before * 1.5 + 8 * MIB);
  });

  it('holds hundreds of sessions on one server and gives their memory back when they end; the default cap holds, and one client gets only its share', {
    timeout: PROCESS_TEST_TIMEOUT_MS * 3,
  }, async () => {
    // The default cap of 200, the server's own limit: enough sessions that their memory stands
    // well above the heap's noise (about 9 MiB for 200), in 3-4 s.
    const sessions = probeSize(200, 200);
    const result = await runProbe<{
      sessions: number;
      answered: number;
      openCount: number;
      afterCount: number;
      before: number;
      open: number;
      after: number;
      limits: {
        maxSessions: number;
        greedy: { held: number; refused: Record<string, number>; message: string };
        newcomer: number;
        atCap: number;
        pastCap: Record<string, number>;
        pastCapMessage: string;
        afterLimits: number;
      };
    }>('session-load.ts', sessions);
    reportTried(
      `sessions on one server (memory ${(result.before / MIB).toFixed(1)} MiB before, ${(result.open / MIB).toFixed(1)} MiB with all open, ${(result.after / MIB).toFixed(1)} MiB after)`,
      sessions,
    );
    expect(result.answered).toBe(sessions);
    expect(result.openCount).toBe(sessions);
    expect(result.afterCount).toBe(0);
    // Not vacuous: the open sessions held memory, and ending them gave it back (about 5 MiB for
    // 200). "before" is the noisier figure (what the warm-up compiled), so it only bounds a leak.
    expect(result.open - result.after).toBeGreaterThan(MIB);
    const cost = Math.max(0, result.open - result.before);
    expect(result.after).toBeLessThan(result.before + cost / 4 + 4 * MIB);
    expect(result.after).toBeLessThan(result.before * 1.5);

    // The real default limits, not raised for the probe: one client gets half the slots and 429
    // past them, another client still gets in, and the server stops at 200 with 503.
    const { limits } = result;
    reportTried(
      `initialize requests against the default cap (${limits.greedy.held} held by one client, ${limits.atCap} open at the cap)`,
      limits.maxSessions / 2 + 10 + 1 + limits.maxSessions,
    );
    expect(limits.maxSessions).toBe(DEFAULT_MAX_SESSIONS);
    expect(limits.greedy).toMatchObject({ held: DEFAULT_MAX_SESSIONS / 2, refused: { '429': 10 } });
    expect(limits.greedy.message).toContain(
      `already holds ${DEFAULT_MAX_SESSIONS / 2} of the ${DEFAULT_MAX_SESSIONS} sessions`,
    );
    expect(limits.newcomer).toBe(1);
    expect(limits.atCap).toBe(DEFAULT_MAX_SESSIONS);
    // 200 more clients asked; the 99 slots the other two left were filled, and 101 got 503.
    expect(limits.pastCap).toEqual({ '503': 101 });
    expect(limits.pastCapMessage).toContain(`already holds ${DEFAULT_MAX_SESSIONS} sessions, its limit`);
    expect(limits.afterLimits).toBe(0);
  });
});
