// Test helper: runs the real kitchen CLI as a child process and collects or watches its output.
// From source under the app's tsx (what `tsx src/cli.ts` does), or, when the package's test
// script says KITCHEN_TEST_CLI=compiled (after it had turbo build it and the servers), as the bundle
// `pnpm demo` runs: a third of the start-up cost per process, which decides the suite's time.

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoopEvent } from '@kitchen/host';
import { generateJars, groundTruth } from '@kitchen/server-cookie-jars';

/** The CLI the tests drive as a process (apps/cli, from source), and its test fixtures. */
export const CLI_DIRECTORY = fileURLToPath(new URL('../../../../apps/cli/', import.meta.url));
export const FIXTURES = fileURLToPath(new URL('../../../../apps/cli/test/fixtures/', import.meta.url));

/**
 * The bound on a test that runs real processes, and the default wait for a line they print. It is
 * a bound on a hang, not a timing: CI runs two test tasks on two cores and a loaded machine can
 * take many times the usual few seconds, so it is generous and never the thing a test asserts.
 */
export const PROCESS_TEST_TIMEOUT_MS = 120_000;

/**
 * Whether the CLI under test is its bundle (dist/cli.js, built fresh by turbo before the package's
 * `test` script runs) rather than its TypeScript. `npx vitest run` alone tests the source, so an
 * edited file is never tested through a stale bundle.
 */
export const TESTS_COMPILED_CLI = process.env['KITCHEN_TEST_CLI'] === 'compiled';

/** The node arguments that start the CLI from its TypeScript (run with cwd CLI_DIRECTORY). */
export const CLI_SOURCE_ENTRY: readonly string[] = ['--import', 'tsx', 'src/cli.ts'];

/** The node arguments that start the CLI under test, before its own arguments (cwd CLI_DIRECTORY). */
export const CLI_ENTRY: readonly string[] = TESTS_COMPILED_CLI ? ['dist/cli.js'] : CLI_SOURCE_ENTRY;

export interface CliStartOptions {
  /** Run the TypeScript even when the bundle is under test: for a test about module loading itself. */
  fromSource?: boolean;
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliProcess {
  child: ChildProcessWithoutNullStreams;
  output(): { stdout: string; stderr: string };
  /** Resolves with the first match on stdout or stderr; rejects after timeoutMs or at exit. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  exited: Promise<CliResult>;
}

/** The environment the CLI gets: no API key, so `--model auto` means the offline model. */
export function cliEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { ...process.env };
  delete environment['ANTHROPIC_API_KEY'];
  delete environment['ANTHROPIC_BASE_URL'];
  delete environment['KITCHEN_TEST_CLI'];
  return { ...environment, NO_COLOR: '1', ...extra };
}

export function startCli(
  args: string[],
  extraEnvironment: NodeJS.ProcessEnv = {},
  options: CliStartOptions = {},
): CliProcess {
  const entry = options.fromSource ? CLI_SOURCE_ENTRY : CLI_ENTRY;
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: CLI_DIRECTORY,
    env: cliEnvironment(extraEnvironment),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (const listener of listeners) listener();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    for (const listener of listeners) listener();
  });
  const exited = new Promise<CliResult>((resolve) => {
    child.once('close', (code, signal) => {
      resolve({ code, signal, stdout, stderr });
      for (const listener of listeners) listener();
    });
  });
  let closed = false;
  void exited.then(() => (closed = true));
  return {
    child,
    exited,
    output: () => ({ stdout, stderr }),
    waitFor(pattern, timeoutMs = PROCESS_TEST_TIMEOUT_MS) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(stdout) ?? pattern.exec(stderr);
          if (match) {
            finish();
            resolve(match);
          } else if (closed) {
            finish();
            reject(new Error(`the CLI exited before printing ${pattern}\nstdout:\n${stdout}\nstderr:\n${stderr}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no ${pattern} within ${timeoutMs} ms\nstdout:\n${stdout}\nstderr:\n${stderr}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
  };
}

export function runCli(
  args: string[],
  extraEnvironment: NodeJS.ProcessEnv = {},
  options: CliStartOptions = {},
): Promise<CliResult> {
  const cli = startCli(args, extraEnvironment, options);
  cli.child.stdin.end();
  return cli.exited;
}

/** Writes a kitchen config into a fresh folder and returns its path. */
export function writeConfig(config: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'kitchen-cli-')), 'kitchen.config.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
}

/** A config with only the named example servers of the repository, trusted as the repository's config trusts them. */
export function serversConfig(...names: string[]): string {
  return writeConfig({
    mcpServers: Object.fromEntries(
      names.map((name) => [
        name,
        {
          trust: true,
          kitchen: {
            package: `${CLI_DIRECTORY}../../servers/${name}`,
            entry: 'src/main.ts',
            args: name === 'pastry-chef' ? ['--bake-ms-per-minute', '2'] : [],
          },
        },
      ]),
    ),
  });
}

/** A config entry for the fake server fixture. */
export function fakeServer(name: string, mode = 'ok', port?: number): Record<string, unknown> {
  return {
    name,
    // The test's own fixture: trusted, so its tools reach it as they did before servers had to be trusted.
    trust: true,
    package: FIXTURES,
    entry: 'fake-server.ts',
    env: { FAKE_MODE: mode, FAKE_NAME: name },
    ...(port === undefined ? {} : { port }),
  };
}

/** A zombie counts as gone: it has exited and only waits for its new parent (init) to reap it. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return true;
  }
}

export async function waitUntilGone(pids: number[], timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && pids.some(isAlive)) await new Promise((resolve) => setTimeout(resolve, 50));
  return pids.filter(isAlive);
}

/** Jar ids from the report's "- jar N:" lines, sorted. */
export function reportedJarIds(stdout: string): number[] {
  return [...stdout.matchAll(/^- jar (\d+):/gm)].map((match) => Number(match[1])).sort((left, right) => left - right);
}

/** The cookie-jar domain's known answer. */
export function tamperedJarIds(seed: number, jars: number): number[] {
  return groundTruth(generateJars(seed, jars))
    .tampered.map((jar) => jar.id)
    .sort((left, right) => left - right);
}

/** Every stdout line as a LoopEvent (JSON.parse throws on anything else). */
export function parseEvents(stdout: string): LoopEvent[] {
  return stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as LoopEvent);
}

/** Server pids from the "🍳 name url (pid N)" lines, or (--json) the server-ready events on stderr. */
/**
 * Kills a server the CLI started, and again once the kitchen has started it again (it restarts a
 * dead server once), so it stays down: a compiled server is back within a second, often before a
 * call could fail, and a test about a dead server needs it dead. Resolves with the second pid.
 */
export async function killServerForGood(cli: CliProcess, server: string): Promise<number> {
  const { stdout, stderr } = cli.output();
  const first = serverPids(`${stdout}\n${stderr}`).get(server);
  if (first === undefined) throw new Error(`the CLI printed no pid for ${server}`);
  process.kill(first, 'SIGKILL');
  // The terminal's line, or under --json the server-restarted event on stderr.
  const again = await cli.waitFor(
    new RegExp(
      `🔁 ${server} \\S+ \\(pid (\\d+)\\)[^\\n]*started again|"type":"server-restarted"[^\\n]*"server":"${server}"[^\\n]*"pid":(\\d+)`,
    ),
  );
  const second = Number(again[1] ?? again[2]);
  process.kill(second, 'SIGKILL');
  return second;
}

export function serverPids(text: string): Map<string, number> {
  const fromLines = [...text.matchAll(/🍳 (\S+) \S+ \(pid (\d+)\)/g)].map(
    (match) => [match[1]!, Number(match[2])] as const,
  );
  const fromEvents = [...text.matchAll(/^\{"type":"server-ready".*$/gm)]
    .map((match) => JSON.parse(match[0]) as { server: string; pid?: number })
    .flatMap((event) => (event.pid === undefined ? [] : [[event.server, event.pid] as const]));
  return new Map([...fromLines, ...fromEvents]);
}
