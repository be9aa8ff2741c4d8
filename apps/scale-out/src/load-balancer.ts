// Runs Debian's HAProxy as a child process in front of MCP replicas on loopback: writes its
// config, waits until it answers, and keeps what it logs. App side.

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { ProtocolEra } from '@kitchen/host';
import { haproxyConfig } from './haproxy-config.js';
import { type BalancerLogEntry, parseBalancerLogLine } from './parse-haproxy-log.js';

const READY_TIMEOUT_MS = 10_000;
const STOP_GRACE_MS = 2_000;

export class HaproxyMissingError extends Error {
  override readonly name = 'HaproxyMissingError';
  constructor() {
    super(
      'HAProxy is not installed: the load-balanced replicas need it. Install it with "sudo apt-get install -y haproxy" (Debian and Ubuntu), then run this again.',
    );
  }
}

export interface LoadBalancer {
  /** The MCP endpoint through the balancer. */
  url: string;
  /** What it logged so far, in order: each request when it ended, each replica going down or up. */
  readonly log: readonly BalancerLogEntry[];
  /** Its other lines (notices, warnings), in order. */
  readonly notices: readonly string[];
  /** The config it runs, for a person to read. */
  config: string;
  stop(): Promise<void>;
}

/** The haproxy binary on PATH or in the sbin folders a non-root PATH often lacks; undefined when none. */
export function findHaproxy(): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  return folders.map((folder) => join(folder, 'haproxy')).find((file) => file !== 'haproxy' && existsSync(file));
}

export async function startLoadBalancer(options: {
  era: ProtocolEra;
  replicaPorts: readonly number[];
}): Promise<LoadBalancer> {
  const haproxy = findHaproxy();
  if (haproxy === undefined) throw new HaproxyMissingError();
  const port = await freePort();
  const config = haproxyConfig({ era: options.era, port, replicaPorts: options.replicaPorts });
  const folder = await mkdtemp(join(tmpdir(), 'kitchen-haproxy-'));
  const configFile = join(folder, 'haproxy.cfg');
  await writeFile(configFile, config);
  // -db: stay in the foreground, so stopping the child stops the balancer.
  const child = spawn(haproxy, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  // If this process ends without stopping it (a test runner exiting), the balancer goes too.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const log: BalancerLogEntry[] = [];
  const said: string[] = [];
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  readLines(child, (line) => {
    const entry = parseBalancerLogLine(line);
    if (entry === undefined) said.push(line);
    else log.push(entry);
  });
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), delay(STOP_GRACE_MS, false, { ref: false })]);
    if (!stopped) child.kill('SIGKILL');
    await rm(folder, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}/mcp`;
  try {
    await waitUntilAnswering(`http://127.0.0.1:${port}/healthz`, exited, said);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, log, notices: said, config, stop };
}

async function waitUntilAnswering(healthUrl: string, exited: Promise<void>, said: string[]): Promise<void> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (const started = Date.now(); Date.now() - started < READY_TIMEOUT_MS; ) {
    if (gone) throw new Error(`HAProxy stopped at start: ${said.slice(-3).join(' ') || 'it said nothing'}`);
    const status = await fetch(healthUrl, { signal: AbortSignal.timeout(1_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await delay(100);
  }
  throw new Error(
    `HAProxy did not answer on ${healthUrl} within ${READY_TIMEOUT_MS / 1000} s: ${said.slice(-3).join(' ')}`,
  );
}

function readLines(child: ChildProcess, onLine: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.trim() !== '') onLine(line);
    });
  }
}

/** A port free on 127.0.0.1 now (HAProxy binds it a moment later). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
