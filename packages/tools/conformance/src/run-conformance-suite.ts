// Runs the conformance suite's CLI (`conformance server --url URL --spec-version V …`, pinned in
// the catalog, under Node 22) against one server URL and reads back the checks it wrote for each
// scenario. Test side: the suite is the client; the server under test sees only its HTTP requests
// on 127.0.0.1.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SpecVersion, suiteCommand } from './suite-runtime.js';

export type CheckStatus = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';

/** One check as the suite writes it to checks.json. */
export interface ConformanceCheck {
  id: string;
  name: string;
  description: string;
  status: CheckStatus;
  errorMessage?: string;
}

export interface ScenarioRun {
  scenario: string;
  checks: ConformanceCheck[];
}

/** The suite's own scenarios time out within 10 s each; this only stops a runner that hangs. */
const SUITE_TIMEOUT_MS = 120_000;
const OUTPUT_TAIL_CHARS = 2_000;

/**
 * Runs `scenarios` against `url` at revision `specVersion`, one CLI process each, or the suite's
 * whole list for that revision (`'all'`, pending scenarios included) in one process. A scenario the CLI wrote no result for comes back as one FAILURE check that quotes the
 * CLI's output, so a crash is reported, never mistaken for a pass.
 */
export async function runConformanceSuite(
  url: string,
  scenarios: readonly string[] | 'all',
  options: { specVersion: SpecVersion; timeoutMs?: number },
): Promise<ScenarioRun[]> {
  const outputDir = await mkdtemp(join(tmpdir(), 'kitchen-conformance-'));
  const common = ['server', '--url', url, '--spec-version', options.specVersion, '-o', outputDir];
  try {
    if (scenarios === 'all') {
      const output = await runCli([...common, '--suite', 'all'], options.timeoutMs);
      const runs = await readRuns(outputDir);
      return runs.length > 0 ? runs : [crashed('(suite)', output)];
    }
    const runs: ScenarioRun[] = [];
    for (const scenario of scenarios) {
      const output = await runCli([...common, '--scenario', scenario], options.timeoutMs);
      runs.push((await readRuns(outputDir)).find((run) => run.scenario === scenario) ?? crashed(scenario, output));
    }
    return runs;
  } finally {
    await rm(outputDir, { recursive: true, force: true });
  }
}

/** The suite names each result folder `server-<scenario>-<ISO time>`. */
async function readRuns(outputDir: string): Promise<ScenarioRun[]> {
  const runs: ScenarioRun[] = [];
  for (const folder of await readdir(outputDir)) {
    const scenario = /^server-(.+)-\d{4}-\d\d-\d\dT[\d-]+Z$/.exec(folder)?.[1];
    const file = join(outputDir, folder, 'checks.json');
    if (scenario === undefined || !existsSync(file)) continue;
    runs.push({ scenario, checks: JSON.parse(await readFile(file, 'utf8')) as ConformanceCheck[] });
  }
  return runs;
}

function crashed(scenario: string, output: string): ScenarioRun {
  return {
    scenario,
    checks: [
      {
        id: 'runner-wrote-no-result',
        name: 'RunnerWroteNoResult',
        description: 'The conformance CLI wrote no checks for this scenario',
        status: 'FAILURE',
        errorMessage: output.slice(-OUTPUT_TAIL_CHARS),
      },
    ],
  };
}

/** Runs the CLI to its end (it exits 1 when a check fails, which is read from checks.json instead). */
function runCli(args: string[], timeoutMs = SUITE_TIMEOUT_MS): Promise<string> {
  const [node, cli] = suiteCommand();
  const child = spawn(node, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const timer = setTimeout(() => {
    output += `\n(stopped after ${timeoutMs} ms)`;
    child.kill('SIGKILL');
  }, timeoutMs);
  return new Promise((resolve) => {
    child.once('close', () => {
      clearTimeout(timer);
      resolve(output);
    });
  });
}
