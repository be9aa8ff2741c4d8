// The quick start as a user waits for it: runs the compiled `kitchen demo --json` (what `pnpm demo`
// runs after its cached build) as a child process, times its phases from the spawn, and samples
// the peak RSS of the CLI and of each server it starts; the same from source under tsx (how the
// demo ran before it was compiled), interleaved, for ratios in one run. On neither side of the
// boundary: it only watches processes.

import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { percentile } from './measure.js';

const KITCHEN_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const COMPILED_CLI = fileURLToPath(new URL('../../../../apps/cli/dist/cli.js', import.meta.url));
const SOURCE_CLI = fileURLToPath(new URL('../../../../apps/cli/src/cli.ts', import.meta.url));
/** The app's own tsx, which the source CLI also hands to every server it starts. */
const TSX_LOADER = pathToFileURL(createRequire(SOURCE_CLI).resolve('tsx')).href;
const SAMPLE_EVERY_MS = 20;
/** A bound on a hang, not a timing. */
const RUN_BOUND_MS = 120_000;

/** Milliseconds from the spawn of `node apps/cli/dist/cli.js demo`. */
export interface DemoPhases {
  /** The CLI has loaded and begun starting the servers (the servers-start event). */
  serversStartMs: number;
  /** The first server printed its listening line. */
  firstServerReadyMs: number;
  /** All four are ready. */
  serversReadyMs: number;
  /** The main lane's agent-start: the first lane on screen. */
  firstLaneMs: number;
  doneMs: number;
  exitMs: number;
}

export interface DemoStartup {
  runs: number;
  jars: number;
  /** The compiled demo, what `pnpm demo` runs. */
  compiled: DemoFigures;
  /** The same demo from source: the CLI and every server under tsx. */
  source: DemoFigures;
}

export interface DemoFigures {
  /** Median of each phase over the runs. */
  phases: DemoPhases;
  /** Peak resident set (VmHWM) of the CLI process, MiB, the largest over the runs. */
  cliPeakRssMib: number;
  /** Each server's peak resident set, MiB, the largest over the runs. */
  serverPeakRssMib: Record<string, number>;
}

type DemoRun = { phases: DemoPhases; cli: number; servers: Map<string, number> };

/**
 * Runs the demo `runs` times each way, compiled and from source alternately. Needs `pnpm build`
 * (the root `pnpm bench` runs it).
 */
export async function measureDemoStartup(runs = 3, jars = 80): Promise<DemoStartup> {
  if (!existsSync(COMPILED_CLI))
    throw new Error(`${COMPILED_CLI} does not exist: run pnpm build first (the root pnpm bench does)`);
  const compiled: DemoRun[] = [];
  const source: DemoRun[] = [];
  for (let run = 0; run < runs; run += 1) {
    compiled.push(await runDemoOnce([COMPILED_CLI], jars));
    source.push(await runDemoOnce(['--import', TSX_LOADER, SOURCE_CLI], jars));
  }
  return { runs, jars, compiled: summarizeRuns(compiled), source: summarizeRuns(source) };
}

function summarizeRuns(measured: DemoRun[]): DemoFigures {
  const median = (pick: (phases: DemoPhases) => number) =>
    percentile(
      measured.map((run) => pick(run.phases)),
      0.5,
    );
  const serverPeakRssMib: Record<string, number> = {};
  for (const run of measured)
    for (const [server, mib] of run.servers) serverPeakRssMib[server] = Math.max(serverPeakRssMib[server] ?? 0, mib);
  return {
    phases: {
      serversStartMs: median((phases) => phases.serversStartMs),
      firstServerReadyMs: median((phases) => phases.firstServerReadyMs),
      serversReadyMs: median((phases) => phases.serversReadyMs),
      firstLaneMs: median((phases) => phases.firstLaneMs),
      doneMs: median((phases) => phases.doneMs),
      exitMs: median((phases) => phases.exitMs),
    },
    cliPeakRssMib: Math.max(...measured.map((run) => run.cli)),
    serverPeakRssMib,
  };
}

async function runDemoOnce(cli: string[], jars: number): Promise<DemoRun> {
  const environment: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const key of Object.keys(environment)) if (key.startsWith('ANTHROPIC_')) delete environment[key];
  const began = performance.now();
  const child = spawn(process.execPath, [...cli, 'demo', '--json', '--jars', String(jars)], {
    cwd: KITCHEN_ROOT,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const at: Partial<DemoPhases> = {};
  const mark = (phase: keyof DemoPhases) => {
    at[phase] ??= performance.now() - began;
  };
  const serverPids = new Map<string, number>();
  const peaks = new Map<number, number>();
  const sample = () => {
    for (const pid of [child.pid, ...serverPids.values()])
      if (pid !== undefined) {
        const peak = peakRssMib(pid);
        if (peak !== undefined) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, peak));
      }
  };
  const sampler = setInterval(sample, SAMPLE_EVERY_MS);
  eachLine(child.stderr, (line) => {
    if (!line.startsWith('{')) return;
    const event = JSON.parse(line) as { type: string; server?: string; pid?: number };
    if (event.type === 'servers-start') mark('serversStartMs');
    if (event.type === 'server-ready') {
      mark('firstServerReadyMs');
      if (event.server !== undefined && event.pid !== undefined) serverPids.set(event.server, event.pid);
    }
    if (event.type === 'servers-ready') mark('serversReadyMs');
  });
  eachLine(child.stdout, (line) => {
    if (line.includes('"type":"agent-start"')) mark('firstLaneMs');
    if (line.includes('"type":"done"')) {
      mark('doneMs');
      // The last reading before the servers are stopped.
      sample();
    }
  });
  const bound = setTimeout(() => child.kill('SIGKILL'), RUN_BOUND_MS);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(bound);
  clearInterval(sampler);
  mark('exitMs');
  const missing = (['serversStartMs', 'firstServerReadyMs', 'serversReadyMs', 'firstLaneMs', 'doneMs'] as const).filter(
    (phase) => at[phase] === undefined,
  );
  if (code !== 0 || missing.length > 0)
    throw new Error(
      `kitchen demo exited with ${code}${missing.length > 0 ? `, never reached ${missing.join(', ')}` : ''}`,
    );
  const servers = new Map([...serverPids].map(([server, pid]) => [server, peaks.get(pid) ?? 0]));
  return { phases: at as DemoPhases, cli: child.pid === undefined ? 0 : (peaks.get(child.pid) ?? 0), servers };
}

/** VmHWM: the most the process has ever had resident, so a sample now and then catches the peak. */
function peakRssMib(pid: number): number | undefined {
  try {
    const kib = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? undefined : Number(kib) / 1024;
  } catch {
    return undefined;
  }
}

function eachLine(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
}
