// The cookie-jars process end to end: spawned as `node --import tsx src/main.ts --port 0` the way the app
// starts it, called over real HTTP, and refusing bad flags and taken ports with one line.

import { fileURLToPath } from 'node:url';
import { connectHttpClient, runProcess, type ServerProcess, startServerProcess } from '@kitchen/server-kit/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  LoggingMessageNotificationSchema,
  type ResourceUpdatedNotification,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { generateJars, readsLikeInstructions } from './jars.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
// `node --import tsx`, one process: the tsx CLI would add a wrapper that a SIGKILL orphans the server behind.
const withTsx = ['--import', 'tsx'];
const running: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
});

/**
 * An SDK client whose standalone GET stream is known to be open: notifications that belong to no
 * request (resources/updated) travel only on that stream, and the client opens it in the
 * background after initialize.
 */
async function connectWithStream(url: string): Promise<Client> {
  let streamOpened!: () => void;
  const opened = new Promise<void>((resolve) => (streamOpened = resolve));
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === 'GET' && response.ok) streamOpened();
      return response;
    },
  });
  const client = new Client({ name: 'cookie-jars-test', version: '0.0.0' });
  await client.connect(transport);
  await opened;
  return client;
}

async function start(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<ServerProcess> {
  const server = await startServerProcess(process.execPath, [...withTsx, 'src/main.ts', ...args], {
    cwd: packageDir,
    env,
  });
  running.push(server);
  return server;
}

describe.concurrent('cookie-jars main', { timeout: 45_000 }, () => {
  it('listens on 127.0.0.1, serves jars from --seed/KITCHEN_JARS over HTTP, and exits 0 on SIGTERM', async () => {
    const server = await start(['--port', '0', '--seed', '7'], { ...process.env, KITCHEN_JARS: '25' });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await connectHttpClient(server.url);
    const listed = await client.callTool({ name: 'list_jars', arguments: {} });
    expect(listed.structuredContent).toMatchObject({ total: 25 });
    const inspected = await client.callTool({ name: 'inspect_jar', arguments: { id: 4 } });
    expect(inspected.structuredContent).toMatchObject(generateJars(7, 25)[3]!);
    await client.close();
    expect(await server.stop(), `exit code; stderr: ${server.stderr()}`).toBe(0);
  });

  it('serves resources, prompts, logs and resource updates across sessions over HTTP', async () => {
    const server = await start(['--port', '0']);
    const [watcher, worker] = await Promise.all([connectWithStream(server.url), connectWithStream(server.url)]);
    const { resources } = await watcher.listResources();
    expect(resources).toHaveLength(80 + 5);
    expect((await watcher.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['audit_shelf']);

    const updated = new Promise<ResourceUpdatedNotification['params']>((resolve) =>
      watcher.setNotificationHandler(ResourceUpdatedNotificationSchema, ({ params }) => resolve(params)),
    );
    await watcher.subscribeResource({ uri: 'jar://3' });
    await worker.callTool({ name: 'discard_jar', arguments: { id: 3 } });
    expect(await updated).toEqual({ uri: 'jar://3' });

    // A log message rides the SSE stream of the tools/call that caused it.
    const warnings: unknown[] = [];
    worker.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
      warnings.push(params.data);
    });
    const scary = generateJars(1729, 80).find((jar) => readsLikeInstructions(jar.note))!;
    await worker.callTool({ name: 'read_note', arguments: { id: scary.id } });
    expect(warnings).toEqual([expect.stringContaining(`The note on jar ${scary.id} reads like instructions`)]);
    await Promise.all([watcher.close(), worker.close()]);
  });

  it('exits 2 with one line when its port is already in use', async () => {
    const first = await start(['--port', '0']);
    const port = new URL(first.url).port;
    const second = await runProcess(process.execPath, [...withTsx, 'src/main.ts', '--port', port], { cwd: packageDir });
    expect(second.code).toBe(2);
    expect(second.stdout).toBe('');
    expect(second.stderr).toBe(
      `cookie-jars: port ${port} is already in use on 127.0.0.1. Pick another with --port N, or use --port 0 for any free port.\n`,
    );
  });

  it('exits 2 with one line naming a bad --jars value and the allowed range', async () => {
    const end = await runProcess(process.execPath, [...withTsx, 'src/main.ts', '--jars', '501'], { cwd: packageDir });
    expect(end.code).toBe(2);
    expect(end.stderr).toBe('cookie-jars: --jars "501" is not valid; use a whole number from 1 to 500.\n');
  });
});
