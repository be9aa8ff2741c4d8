// Runs one of the conformance suite's client scenarios: the suite starts its own test server,
// runs the client under test (`command`, with the server's URL as its last argument), and judges
// what crossed the wire. The suite's test servers listen on every interface, so the run happens
// in a private network namespace with only loopback up. Test side: the suite is the server.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConformanceCheck, ScenarioRun } from './run-conformance-suite.js';
import { type SpecVersion, suiteCommand } from './suite-runtime.js';

/**
 * How long the suite lets the client run (its default, 30 s, is tight on a busy two-core
 * machine: a client still closing is then reported as timed out), and when this runner stops a
 * suite that hangs past it.
 */
const CLIENT_TIMEOUT_MS = 90_000;
const RUN_TIMEOUT_MS = CLIENT_TIMEOUT_MS + 30_000;
const OUTPUT_TAIL_CHARS = 1_500;

export interface ClientScenarioOptions {
  /** How to start the client under test; the suite appends the server URL. */
  command: string;
  scenario: string;
  specVersion: SpecVersion;
  cwd: string;
  /** Run a scenario that is not on `specVersion`'s timeline (the suite skips it otherwise). */
  force?: boolean;
}

/**
 * The scenario's checks. A run the suite failed with no failed check (the client exited with an
 * error, or a warning failed it) gets a FAILURE check quoting the output, and a run that wrote no
 * checks is one FAILURE check, so none is mistaken for a pass.
 */
export async function runClientScenario(options: ClientScenarioOptions): Promise<ScenarioRun> {
  const outputDir = await mkdtemp(join(tmpdir(), 'kitchen-conformance-client-'));
  try {
    const [node, cli] = suiteCommand();
    const suite = [
      node,
      cli,
      'client',
      '--command',
      options.command,
      '--scenario',
      options.scenario,
      '--spec-version',
      options.specVersion,
      '--timeout',
      String(CLIENT_TIMEOUT_MS),
      '-o',
      outputDir,
      ...(options.force === true ? ['--force'] : []),
    ];
    const { code, output } = await runInLoopbackNamespace(suite, options.cwd);
    const checks = await readChecks(outputDir, options.scenario);
    if (checks === undefined)
      return { scenario: options.scenario, checks: [failure('runner-wrote-no-result', output)] };
    const everyCheckPassed = !checks.some((check) => check.status === 'FAILURE');
    // The suite exits 1 when a check failed, when the client exited with an error or timed out,
    // and when a warning (a SHOULD) fails the run; the last two are not among its checks.
    if (code !== 0 && everyCheckPassed) {
      const clientFailed = /CLIENT EXITED WITH ERROR|CLIENT TIMED OUT/.test(output);
      checks.push(failure(clientFailed ? 'client-exited-with-error' : 'suite-overall-failed', output));
    }
    return { scenario: options.scenario, checks };
  } finally {
    await rm(outputDir, { recursive: true, force: true });
  }
}

/** The suite writes `<scenario>-<ISO time>/checks.json`, auth scenarios one folder down. */
async function readChecks(outputDir: string, scenario: string): Promise<ConformanceCheck[] | undefined> {
  const slash = scenario.lastIndexOf('/');
  const folder = join(outputDir, scenario.slice(0, slash + 1));
  const name = scenario.slice(slash + 1);
  if (!existsSync(folder)) return undefined;
  for (const entry of await readdir(folder)) {
    const file = join(folder, entry, 'checks.json');
    if (
      entry.startsWith(`${name}-`) &&
      /^\d{4}-\d\d-\d\dT[\d-]+Z$/.test(entry.slice(name.length + 1)) &&
      existsSync(file)
    ) {
      return JSON.parse(await readFile(file, 'utf8')) as ConformanceCheck[];
    }
  }
  return undefined;
}

function failure(id: string, output: string): ConformanceCheck {
  return {
    id,
    name: id,
    description:
      {
        'client-exited-with-error': 'The client under test exited with an error or timed out',
        'suite-overall-failed': 'The suite failed the run though no check failed (a warning it counts against the run)',
      }[id] ?? 'The suite wrote no checks',
    status: 'FAILURE',
    errorMessage: output.slice(-OUTPUT_TAIL_CHARS),
  };
}

function runInLoopbackNamespace(command: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  const quoted = command.map((part) => `'${part.replaceAll("'", `'\\''`)}'`).join(' ');
  const child = spawn('unshare', ['-n', 'sh', '-c', `ip link set lo up && exec ${quoted}`], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const timer = setTimeout(() => {
    output += `\n(stopped after ${RUN_TIMEOUT_MS} ms)`;
    child.kill('SIGKILL');
  }, RUN_TIMEOUT_MS);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
