// The cookie-jars process end to end: spawned as `node --import tsx src/main.ts --port 0` the way the app
// starts it, called over real HTTP, and refusing bad flags and taken ports with one line.

import { fileURLToPath } from 'node:url';
import { connectHttpClient, runProcess, type ServerProcess, startServerProcess } from '@kitchen/server-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { generateJars } from './jars.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
// `node --import tsx`, one process: the tsx CLI would add a wrapper that a SIGKILL orphans the server behind.
const withTsx = ['--import', 'tsx'];
const running: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
});

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
