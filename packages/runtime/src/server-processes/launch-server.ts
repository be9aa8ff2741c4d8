// Starts one MCP server as a child process and knows how to stop it: reads its "listening on"
// line, keeps its last stderr lines, and turns an early exit or a silent start into one clear
// line. Runtime side: the child is the server side of the boundary.

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, extname, join, relative } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { withDefined } from '@kitchen/host';
import { DEFER_FETCH_PARSER_FILE, EXIT_WITH_PARENT_FILE, RUNS_COMPILED } from '../app-paths.js';
import type { LaunchedServerEntry, RemoteServerEntry, StdioServerEntry } from '../config/kitchen-config.js';
import { cleanText } from '../text/clean-text.js';
import { SERVER_NODE_FLAGS } from './server-node-flags.js';
import { startTimeout } from './start-timeout.js';

const STOP_GRACE_MS = 3_000;
const STDERR_LINES_KEPT = 20;
const LISTENING_LINE = /MCP server "([^"]*)" listening on (\S+)/;

export interface LaunchOptions {
  /** Passed to every server as KITCHEN_SEED / KITCHEN_JARS (servers that do not use them ignore them). */
  seed?: number;
  jars?: number;
  /** The start timeout on an idle machine (--start-timeout); stretched by the load (start-timeout.ts). */
  timeoutMs?: number;
  /** How long a server gets to exit after SIGTERM before SIGKILL. */
  stopGraceMs?: number;
  /** Base environment for the children. Default process.env, less the host's secrets. */
  environment?: NodeJS.ProcessEnv;
  /**
   * Told when a server that had started exits before the kitchen stopped it. `restarting`: it is
   * being started again (startServers does that once per server), so its tools come back.
   */
  onUnexpectedExit?: (server: string, description: string, restarting: boolean) => void;
  /** Sees each line a started server writes to stderr, cleaned, as it comes (its tail is kept either way). */
  onStderr?: (server: string, line: string) => void;
  /**
   * Servers whose TypeScript entry runs from its source under tsx even when the package has a
   * build: the one `kitchen dev` (or the page's --dev) watches, whose edits are to the source and
   * whose dist/ would otherwise be restarted unchanged.
   */
  fromSource?: readonly string[];
}

export interface StartedServer {
  name: string;
  url: string;
  /** Undefined for a server the kitchen did not start (a "url" or "command" entry). */
  pid?: number;
  /** How a started server runs: its compiled JavaScript under plain node, or its TypeScript under tsx. */
  runtime?: ServerRuntime;
  /** The last lines the server wrote to stderr, cleaned. */
  stderrTail(): string[];
}

/** The line the terminal shows for a running server: `🍳 cookie-jars http://127.0.0.1:43123/mcp (pid 4242)`. */
export function serverLine(server: Pick<StartedServer, 'name' | 'url' | 'pid'>): string {
  return `🍳 ${server.name} ${server.url}${server.pid === undefined ? '' : ` (pid ${server.pid})`}`;
}

export class ServerStartError extends Error {
  override readonly name = 'ServerStartError';
  constructor(
    readonly server: string,
    message: string,
  ) {
    super(message);
  }
}

/** A server being started: `ready` settles once it listens or fails; `stop` works in both states. */
export interface Launch {
  ready: Promise<StartedServer>;
  stop(): Promise<void>;
}

/** A "url" entry, or a "command" entry the toolbox spawns over stdio: nothing for the app to start or stop. */
export function remoteServer(entry: RemoteServerEntry | StdioServerEntry): Launch {
  const url = entry.kind === 'remote' ? entry.url : `stdio: ${[entry.command, ...entry.args].join(' ')}`;
  return { ready: Promise.resolve({ name: entry.name, url, stderrTail: () => [] }), stop: async () => {} };
}

/** Children still running in this process; killed synchronously if the kitchen exits first. */
const liveChildren = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of liveChildren) child.kill('SIGTERM');
  });
}

export type ServerRuntime = 'node' | 'tsx';

/**
 * What runs a server's entry: a JavaScript entry runs under plain node; a TypeScript one runs as
 * its compiled bundle (the package's dist/<entry>.js, from `pnpm build`) when the kitchen itself
 * runs compiled, and under the app's own tsx otherwise (tests and development run from source,
 * and a server nobody has built yet still starts, only slower). `fromSource` (a server being
 * developed) takes the source whenever tsx is there to run it.
 */
export function serverProgram(
  entryFile: string,
  packageDirectory: string,
  fromSource = false,
): { file: string; runtime: ServerRuntime } {
  const extension = extname(entryFile);
  if (extension !== '.ts' && extension !== '.mts') return { file: entryFile, runtime: 'node' };
  const compiled = join(packageDirectory, 'dist', `${basename(entryFile, extension)}.js`);
  const useBuild = RUNS_COMPILED && existsSync(compiled) && !(fromSource && tsxIsInstalled());
  return useBuild ? { file: compiled, runtime: 'node' } : { file: entryFile, runtime: 'tsx' };
}

/** Spawns the server (compiled, or under tsx) with --port and waits for its listening line. */
export function launchServer(entry: LaunchedServerEntry, options: LaunchOptions): Launch {
  const timeout = startTimeout(options.timeoutMs);
  if (!existsSync(entry.entryFile)) {
    const message = `${entry.name} did not start: ${entry.entryFile} does not exist; fix "package" and "entry" in the config`;
    return { ready: Promise.reject(new ServerStartError(entry.name, message)), stop: async () => {} };
  }
  const program = serverProgram(entry.entryFile, entry.packageDirectory, options.fromSource?.includes(entry.name));
  const shownFile = relative(process.cwd(), program.file) || program.file;
  const runAlone = `node ${program.runtime === 'tsx' ? '--import tsx ' : ''}${shownFile} --port ${entry.port}`;
  installExitHook();
  const child = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      // From source, the preload itself is TypeScript, so every child gets tsx as before.
      ...(program.runtime === 'tsx' || !RUNS_COMPILED ? ['--import', tsxLoaderUrl()] : []),
      '--import',
      pathToFileURL(EXIT_WITH_PARENT_FILE).href,
      '--import',
      pathToFileURL(DEFER_FETCH_PARSER_FILE).href,
      program.file,
      '--port',
      String(entry.port),
      ...entry.args,
    ],
    {
      cwd: entry.packageDirectory,
      env: childEnvironment(entry, options),
      // stdin is a pipe only so the child notices when the kitchen dies (see exit-with-parent.ts).
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group: a Ctrl-C in the terminal reaches the kitchen only, which first
      // stops the agent loop and then the servers, in that order.
      detached: true,
    },
  );
  liveChildren.add(child);
  const stderrLines: string[] = [];
  // The first uncaught error's own line and the top of its stack, kept apart from the tail: a
  // crash at load ends with a "Node.js vX" line and a deep stack would push them out of it.
  let thrown: ThrownError | undefined;
  let stopRequested = false;
  let exited = false;
  const exitPromise = new Promise<void>((resolveExit) => {
    child.once('exit', () => {
      exited = true;
      liveChildren.delete(child);
      resolveExit();
    });
    // A spawn that fails never emits exit.
    child.once('error', () => {
      exited = true;
      liveChildren.delete(child);
      resolveExit();
    });
  });
  collectLines(child.stderr, (line) => {
    const cleaned = cleanText(line);
    if (cleaned === '') return;
    if (thrown === undefined && STACK_FRAME.test(cleaned)) {
      const errorLine = stderrLines.at(-1);
      if (errorLine !== undefined && !STACK_FRAME.test(errorLine)) thrown = { errorLine, stackTop: cleaned.trim() };
    }
    stderrLines.push(cleaned);
    if (stderrLines.length > STDERR_LINES_KEPT) stderrLines.shift();
    options.onStderr?.(entry.name, cleaned);
  });

  const stop = async (): Promise<void> => {
    stopRequested = true;
    if (exited) return;
    child.kill('SIGTERM');
    const grace = delay(options.stopGraceMs ?? STOP_GRACE_MS, false, { ref: false });
    const graceful = await Promise.race([exitPromise.then(() => true), grace]);
    if (!graceful) {
      child.kill('SIGKILL');
      await exitPromise;
    }
  };

  const ready = new Promise<StartedServer>((resolveStart, rejectStart) => {
    let settled = false;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stop().then(() => rejectStart(new ServerStartError(entry.name, message)));
    };
    const timer = setTimeout(() => {
      const said = stderrLines.at(-1);
      fail(
        `${entry.name} did not start within ${timeout.describe()} (no "listening on" line` +
          `${said ? `; it last said: ${said}` : ''}); raise --start-timeout, or run it alone to see why: ${runAlone}`,
      );
    }, timeout.ms);
    child.once('error', (error) => fail(`${entry.name} did not start: ${error.message}`));
    // 'close' rather than 'exit': by then the stderr pipe has delivered the server's last words.
    child.once('close', (code, signal) => {
      if (!settled) {
        const words =
          thrown === undefined ? lastWords(entry.name, stderrLines) : `${thrown.errorLine} ${thrown.stackTop}`;
        fail(`${entry.name} did not start: ${words} (${describeExit(code, signal)})`);
        return;
      }
      if (!stopRequested) {
        const said = thrown === undefined ? lastComplaint(stderrLines) : thrown.errorLine;
        options.onUnexpectedExit?.(
          entry.name,
          `${describeExit(code, signal)}${said === undefined ? '' : `: ${said}`}`,
          false,
        );
      }
    });
    collectLines(child.stdout, (line) => {
      const match = LISTENING_LINE.exec(cleanText(line));
      if (settled || match === null) return;
      settled = true;
      clearTimeout(timer);
      resolveStart({
        name: entry.name,
        url: match[2] ?? '',
        ...withDefined({ pid: child.pid }),
        runtime: program.runtime,
        stderrTail: () => [...stderrLines],
      });
    });
  });
  return { ready, stop };
}

function childEnvironment(entry: LaunchedServerEntry, options: LaunchOptions): NodeJS.ProcessEnv {
  const base = { ...(options.environment ?? process.env) };
  // The host's API keys never go to a server (design.md: "what never crosses"). Nor does a
  // KITCHEN_TOKEN set for the kitchen's shell: every server would demand it as a bearer token
  // the kitchen does not send. An entry that wants one names it ("kitchen.token"), and the host sends it.
  for (const key of Object.keys(base)) if (key.startsWith('ANTHROPIC_') || key === 'KITCHEN_TOKEN') delete base[key];
  return {
    ...base,
    ...entry.env,
    ...withDefined({ KITCHEN_TOKEN: entry.token }),
    ...(options.seed === undefined ? {} : { KITCHEN_SEED: String(options.seed) }),
    ...(options.jars === undefined ? {} : { KITCHEN_JARS: String(options.jars) }),
    KITCHEN_PARENT_PIPE: 'stdin',
  };
}

const STACK_FRAME = /^\s*at \S/;

/** An uncaught error as Node prints it: `TypeError: no page 12` over `    at main (main.ts:20:29)`. */
interface ThrownError {
  errorLine: string;
  stackTop: string;
}

/** The server's own explanation, without a repeated "<name>:" prefix. */
function lastWords(name: string, stderrLines: string[]): string {
  // Node's closing "Node.js v20.20.2" line says which Node, not what went wrong.
  const said =
    stderrLines.filter((line) => !STACK_FRAME.test(line) && !/^Node\.js v\d/.test(line)).at(-1) ?? stderrLines.at(-1);
  if (said === undefined) return 'it exited without saying why';
  return said.replace(new RegExp(`^(MCP server )?"?${escapeRegExp(name)}"?:\\s*`), '');
}

/**
 * The server's last line when it may explain an exit: not a stack frame, and not one of its
 * routine structured log entries (a refused request logged as a warning says nothing about a
 * SIGKILL that came later). An entry logged as an error or worse still counts.
 */
export function lastComplaint(stderrLines: readonly string[]): string | undefined {
  const last = stderrLines.findLast((line) => !STACK_FRAME.test(line) && !/^Node\.js v\d/.test(line));
  if (last === undefined) return undefined;
  const level = structuredLogLevel(last);
  return level === undefined || !ROUTINE_LEVELS.has(level) ? last : undefined;
}

const ROUTINE_LEVELS = new Set(['trace', 'debug', 'info', 'notice', 'warn', 'warning']);

function structuredLogLevel(line: string): string | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const entry: unknown = JSON.parse(line);
    const level = typeof entry === 'object' && entry !== null ? (entry as { level?: unknown }).level : undefined;
    return typeof level === 'string' ? level.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return code === null ? `killed by ${signal ?? 'a signal'}` : `exit code ${code}`;
}

function collectLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  if (stream === null) return;
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  stream.on('end', () => {
    if (buffered !== '') onLine(buffered);
  });
}

function tsxLoaderUrl(): string {
  // The app's own tsx, never a global one. Loaded only in the child, and only for a server with no build.
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
}

/** Whether the app has tsx to run TypeScript with (an installed kitchen package has none). */
function tsxIsInstalled(): boolean {
  try {
    tsxLoaderUrl();
    return true;
  } catch {
    return false;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
