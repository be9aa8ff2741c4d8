// `tour 6 --break`: a throwaway copy of packages/host with the real reject-path close removed, and
// the step's run driven against it in a child process, watched with a timeout. The working tree
// is never touched: the copy lives in the system's temp folder and is removed afterwards.

import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPOSITORY = new URL('../../../../../', import.meta.url).pathname;
const HOST = join(REPOSITORY, 'packages/host');
const TOUR = new URL('../../', import.meta.url).pathname;
/** The file and the line the break removes: drainWhile's reject path. */
export const BROKEN_FILE = 'src/event-queue.ts';
export const REJECT_PATH = '(error: unknown) => queue.fail(error),';
const REMOVED = '() => {}, // the reject path, removed by `pnpm tour 6 --break`';

export interface BreakOptions {
  /** How long the run may take before it counts as hung; it says "still waiting" each `tickSeconds`. */
  timeoutSeconds: number;
  tickSeconds: number;
}

/** A copy of packages/host (its node_modules linked, not copied) with drainWhile's reject path removed. */
export function brokenHostCopy(): { folder: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'kitchen-tour-break-'));
  const folder = join(root, 'host');
  cpSync(HOST, folder, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|\.test-results)$/.test(source),
  });
  symlinkSync(join(HOST, 'node_modules'), join(folder, 'node_modules'));
  const file = join(folder, BROKEN_FILE);
  const text = readFileSync(file, 'utf8');
  if (!text.includes(REJECT_PATH))
    throw new Error(
      `packages/host/${BROKEN_FILE} no longer holds "${REJECT_PATH}": the step must learn where it went.`,
    );
  writeFileSync(file, text.replace(REJECT_PATH, REMOVED));
  return { folder, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Runs the demo against `hostFolder` in a child; resolves 'ended' or, after the timeout, 'hung' (the child stopped). */
export function runAgainst(
  hostFolder: string,
  options: BreakOptions,
  say: (line: string) => void,
): Promise<'ended' | 'hung'> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(TOUR, 'src/break/queue-demo-child.ts'), hostFolder], {
    cwd: TOUR,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let ended = false;
    let started = false;
    let waited = 0;
    let pending = '';
    let errors = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        started = true;
        if (line === 'RUN ENDED') ended = true;
        else say(line);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors += chunk;
    });
    // Counted from the run's first event, so the child's start-up is not taken for the hang.
    const ticker = setInterval(() => {
      if (!started) return;
      waited += options.tickSeconds;
      if (waited < options.timeoutSeconds) say(`  … still waiting after ${waited} s`);
      else {
        say(`  … timed out after ${waited} s: the run never ended; the child process is stopped.`);
        child.kill('SIGKILL');
      }
    }, options.tickSeconds * 1000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(ticker);
      if (ended) resolve('ended');
      else if (code === null) resolve('hung');
      else reject(new Error(`the run's child process failed (exit ${code}): ${errors.trim().slice(-800)}`));
    });
  });
}
