// Test helpers for servers built on server-kit: connect an SDK client in-process or over real
// HTTP, and run a server's main.ts as a child process until it prints its listening line. Server
// side, tests only.

import { type ChildProcess, spawn } from 'node:child_process';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernClientTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ServableServer } from './served-server.js';

export type { SseEvent } from './raw-mcp-session.js';
export { RawMcpSession, readSseEvents } from './raw-mcp-session.js';

/**
 * How long a child server may take to print its listening line. Generous: a cold tsx start on a
 * busy 2-core machine (the whole suite running beside it) has been seen to take over 10 s.
 */
const PROCESS_TIMEOUT_MS = 30_000;

/** SDK clients (the kind a real host uses) connected to servers over in-memory pairs; close them all after each test. */
export function createInMemoryClients() {
  const clients: Client[] = [];
  return {
    /** A v2 McpServer takes the v1 in-memory transport too (same messages, same callbacks); it
     * answers this 2025 client in the 2025 era, pushed requests included. */
    async connect(server: ServableServer): Promise<Client> {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await (server as McpServer).connect(serverSide);
      const client = new Client({ name: 'server-kit-test', version: '0.0.0' });
      await client.connect(clientSide);
      clients.push(client);
      return client;
    },
    async closeAll(): Promise<void> {
      await Promise.all(clients.splice(0).map((client) => client.close()));
    },
  };
}

export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The text of a result's first block ('' when it has none). */
export function resultText(result: CallToolResult): string {
  const [block] = result.content;
  return block?.type === 'text' ? block.text : '';
}

/** Connects an SDK client (the kind a real host uses) to `url`. Close it when done. */
export async function connectHttpClient(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'server-kit-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

export type { ModernClient };

export interface ModernClientOptions {
  headers?: Record<string, string>;
  /** Answers a server's `input_required` model call (and, in 2025, a pushed one) with this text. */
  samplingAnswer?: string;
}

/**
 * Connects a v2 SDK client pinned to revision 2026-07-28 (no fallback: it fails against a server
 * that does not offer it). Its era is `client.getNegotiatedProtocolVersion()`. Close it when done.
 */
export async function connectModernClient(url: string, options: ModernClientOptions = {}): Promise<ModernClient> {
  const { samplingAnswer } = options;
  const client = new ModernClient(
    { name: 'server-kit-test', version: '0.0.0' },
    {
      capabilities: samplingAnswer === undefined ? {} : { sampling: {} },
      versionNegotiation: { mode: { pin: '2026-07-28' } },
    },
  );
  if (samplingAnswer !== undefined) {
    client.setRequestHandler('sampling/createMessage', async () => ({
      role: 'assistant' as const,
      content: { type: 'text' as const, text: samplingAnswer },
      model: 'test-model',
    }));
  }
  await client.connect(new ModernClientTransport(new URL(url), { requestInit: { headers: options.headers ?? {} } }));
  return client;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

export interface ProcessEnd {
  code: number | null;
  stdout: string;
  stderr: string;
}

// The newline matters: a chunk may end mid-URL.
const LISTENING_LINE = /^MCP server "[^"]+" listening on (\S+)\n/m;

/** Spawns `command args` and resolves once it prints `MCP server "…" listening on URL`. */
export function startServerProcess(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `${command} ${args.join(' ')} printed no listening line within ${options.timeoutMs ?? PROCESS_TIMEOUT_MS} ms; stderr: ${stderr}`,
        ),
      );
    }, options.timeoutMs ?? PROCESS_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const url = LISTENING_LINE.exec(stdout)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      resolve({
        url,
        child,
        stderr: () => stderr,
        stop: () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with code ${code} before listening; stderr: ${stderr}`));
    });
  });
}

/** Runs `command args` to completion (for processes expected to fail fast). */
export function runProcess(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<ProcessEnd> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? PROCESS_TIMEOUT_MS);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
