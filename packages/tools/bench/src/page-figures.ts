// The web page under a big run, as a room's browser would draw it: starts `kitchen web` (the
// compiled CLI under plain node, as `pnpm kitchen web` runs it) with 500 jars and 16 workers on the
// offline model, opens the page in Debian's Chromium (playwright-core), runs the demo, and reads
// the page's longest main-thread task (from a trace of the renderer's tasks, with the long-task
// observer's count beside it) and its JS heap (at its largest while the run was drawn, and after a
// full GC at the end).
//   KITCHEN_PAGE_TRACE=FILE also writes a full timeline trace (open it in DevTools' Performance
//   panel) to see what the longest task did.
//   KITCHEN_PAGE_NICE=N runs the kitchen at that niceness, to see how much of a wall-clock task was
//   the renderer waiting for a core the kitchen held.
// On neither side of the boundary: it only watches a process and a browser.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

const KITCHEN_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const COMPILED_CLI = fileURLToPath(new URL('../../../../apps/cli/dist/cli.js', import.meta.url));
const CHROMIUM = process.env['KITCHEN_CHROMIUM'] ?? '/usr/bin/chromium';
/** Bounds on a hang, not timings. */
const START_BOUND_MS = 120_000;
const RUN_BOUND_MS = 600_000;
const HEAP_EVERY_MS = 250;
const STOP_BOUND_MS = 20_000;
/** What a trace calls one task of a thread's loop (the name has changed across Chromium versions). */
const TASK_EVENTS = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);
/** What KITCHEN_PAGE_TRACE records besides the tasks: what DevTools' Performance panel shows. */
const TIMELINE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'v8.execute',
];
/** What the bench reads of the page's window (this package is checked without the DOM's types). */
interface BrowserWindow {
  document: { getElementById(id: string): { hidden: boolean } | null };
  /** [start, duration] of each long task, ms on the page's clock. */
  kitchenLongTasks: Array<[number, number]>;
  performance: { now(): number };
}

/** Keeps the duration of every task of 50 ms or more the page itself sees, from before its first script. */
const LONG_TASK_OBSERVER = `
  window.kitchenLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.kitchenLongTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
`;

export interface PageFigures {
  jars: number;
  workers: number;
  /** Lanes the page drew, and the run's events it was sent. */
  lanes: number;
  /** The longest task on the page's main thread while the run was drawn, wall clock, ms (from the trace). */
  longestTaskMs: number;
  /**
   * The most main-thread CPU one task took, ms (the trace's thread time): on a machine busier than
   * its cores, wall-clock tasks include the time the renderer waited for a core.
   */
  longestTaskCpuMs: number;
  /** The machine's one-minute load average at the end, beside its core count: how busy it was. */
  loadAverage: number;
  cores: number;
  /** Tasks of 50 ms or more the page's own PerformanceObserver saw (longtask) while the run was drawn. */
  longTasks: number;
  /** The longest of those, ms (0 when there was none): the page's own view of the longest task. */
  longestObservedMs: number;
  /** The longest task the page saw before the run, from its first script to the Run click (loading), ms. */
  loadLongestObservedMs: number;
  /** The JS heap in use at its largest while the run was drawn, MB. */
  peakHeapMb: number;
  /** The JS heap in use after the run, after a full GC, MB. */
  heapAfterGcMb: number;
  /** From the Run click to the report on screen, ms. */
  runMs: number;
}

export async function measurePage(jars = 500, workers = 16): Promise<PageFigures> {
  if (!existsSync(COMPILED_CLI))
    throw new Error(`${COMPILED_CLI} is missing: build the kitchen first (pnpm build; pnpm bench does it).`);
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: install Chromium (pnpm bench does it: scripts/ensure-system-deps.mjs chromium), or set KITCHEN_CHROMIUM to one.`,
    );
  const traceFile = process.env['KITCHEN_PAGE_TRACE'];
  const token = randomBytes(24).toString('base64url');
  const runsDir = mkdtempSync(join(tmpdir(), 'kitchen-bench-page-'));
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    NO_COLOR: '1',
    KITCHEN_WEB_TOKEN: token,
    KITCHEN_RUNS_DIR: runsDir,
  };
  for (const key of Object.keys(environment)) if (key.startsWith('ANTHROPIC_')) delete environment[key];
  const kitchen = spawn(
    process.execPath,
    [
      COMPILED_CLI,
      'web',
      '--port',
      '0',
      '--model',
      'offline',
      '--jars',
      String(jars),
      '--max-workers',
      String(workers),
    ],
    { cwd: KITCHEN_ROOT, env: environment, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (process.env['KITCHEN_PAGE_NICE'] !== undefined && kitchen.pid !== undefined)
    setPriority(kitchen.pid, Number(process.env['KITCHEN_PAGE_NICE']));
  // Launched inside the try: a browser that does not start still stops the kitchen, or the bench hangs.
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      chromiumSandbox: false,
      args: ['--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
    });
    const address = await ownerAddress(kitchen);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(RUN_BOUND_MS);
    // Browser code, as text: this package is checked without the DOM's types.
    await page.addInitScript(LONG_TASK_OBSERVER);
    await page.goto(address);
    await page.locator('#kitchen-line').filter({ hasText: 'seed' }).waitFor();
    const cdp = await context.newCDPSession(page);
    let peakHeap = 0;
    const sampleHeap = async () => {
      const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
      peakHeap = Math.max(peakHeap, usedSize);
    };
    const sampler = setInterval(() => void sampleHeap().catch(() => undefined), HEAP_EVERY_MS);
    // Only the renderer's top-level tasks unless asked: a trace of everything would outgrow the run.
    const categories = ['toplevel', '__metadata', ...(traceFile === undefined ? [] : TIMELINE_CATEGORIES)];
    await browser.startTracing(page, { categories });
    const runFrom = await page.evaluate(() => (globalThis as unknown as BrowserWindow).performance.now());
    const began = performance.now();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    // Polled once a second: a locator's wait polls every frame and would be measured as the page's work.
    // A function, not a string: the page's Content-Security-Policy refuses eval.
    await page.waitForFunction(
      () => (globalThis as unknown as BrowserWindow).document.getElementById('report')?.hidden === false,
      undefined,
      {
        polling: 1000,
        timeout: RUN_BOUND_MS,
      },
    );
    const runMs = performance.now() - began;
    // The last frames of the report.
    await page.waitForTimeout(500);
    const trace = await browser.stopTracing();
    // Read before the forced GC below, which is itself a long task of the page's main thread.
    const longTasks = await page.evaluate(() => (globalThis as unknown as BrowserWindow).kitchenLongTasks);
    if (traceFile !== undefined) writeFileSync(traceFile, trace);
    clearInterval(sampler);
    await sampleHeap();
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const lanes = await page.locator('.lane').count();
    return {
      jars,
      workers,
      lanes,
      ...longestMainThreadTask(trace.toString('utf8')),
      loadAverage: loadavg()[0] ?? 0,
      cores: cpus().length,
      ...pageLongTasks(longTasks, runFrom),
      peakHeapMb: peakHeap / 1e6,
      heapAfterGcMb: usedSize / 1e6,
      runMs,
    };
  } finally {
    await browser?.close();
    // Ctrl-C stops its run and its servers; one that does not stop in time is killed.
    const closed = new Promise((resolve) => kitchen.once('close', resolve));
    kitchen.kill('SIGINT');
    const stubborn = setTimeout(() => kitchen.kill('SIGKILL'), STOP_BOUND_MS);
    await closed;
    clearTimeout(stubborn);
    rmSync(runsDir, { recursive: true, force: true });
  }
}

/** The page's own long tasks, from `runFrom` on (the run), and the longest one before it (loading). */
export function pageLongTasks(
  tasks: ReadonlyArray<readonly [start: number, duration: number]>,
  runFrom: number,
): Pick<PageFigures, 'longTasks' | 'longestObservedMs' | 'loadLongestObservedMs'> {
  const during = tasks.filter(([start]) => start >= runFrom).map(([, duration]) => duration);
  const before = tasks.filter(([start]) => start < runFrom).map(([, duration]) => duration);
  return {
    longTasks: during.length,
    longestObservedMs: Math.max(0, ...during),
    loadLongestObservedMs: Math.max(0, ...before),
  };
}

/** The longest task on a renderer's main thread (CrRendererMain), ms, by wall clock and by thread CPU time. */
export function longestMainThreadTask(traceText: string): { longestTaskMs: number; longestTaskCpuMs: number } {
  const { traceEvents } = JSON.parse(traceText) as {
    traceEvents: Array<{
      name: string;
      ph: string;
      pid: number;
      tid: number;
      dur?: number;
      tdur?: number;
      args?: { name?: string };
    }>;
  };
  const mainThreads = new Set(
    traceEvents
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  let longestTaskMs = 0;
  let longestTaskCpuMs = 0;
  for (const event of traceEvents)
    if (TASK_EVENTS.has(event.name) && event.dur !== undefined && mainThreads.has(`${event.pid}:${event.tid}`)) {
      longestTaskMs = Math.max(longestTaskMs, event.dur / 1000);
      longestTaskCpuMs = Math.max(longestTaskCpuMs, (event.tdur ?? event.dur) / 1000);
    }
  return { longestTaskMs, longestTaskCpuMs };
}

/** Waits for the line `kitchen web` prints its owner address in. */
function ownerAddress(kitchen: ReturnType<typeof spawn>): Promise<string> {
  return new Promise((resolve, reject) => {
    let said = '';
    const bound = setTimeout(() => reject(new Error(`kitchen web did not start: ${said.slice(-400)}`)), START_BOUND_MS);
    const listen = (chunk: Buffer) => {
      said += chunk.toString('utf8');
      const found = /kitchen web UI on (http:\/\/\S+)/.exec(said);
      if (found?.[1] !== undefined) {
        clearTimeout(bound);
        resolve(found[1]);
      }
    };
    kitchen.stdout?.on('data', listen);
    kitchen.stderr?.on('data', listen);
    kitchen.once('close', (code) => {
      clearTimeout(bound);
      reject(new Error(`kitchen web exited (${code}) before it was up: ${said.slice(-400)}`));
    });
  });
}
