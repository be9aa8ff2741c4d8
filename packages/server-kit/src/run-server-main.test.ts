// A server process end to end: the ready line, one clear line and exit 2 for mistakes, and a
// clean exit 0 on SIGTERM. Spawns real child processes. Server side.

import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { connectHttpClient, runProcess, type ServerProcess, startServerProcess } from './testing.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
// `node --import tsx`, one process: the tsx CLI would add a wrapper that a SIGKILL orphans the server behind.
const withTsx = ['--import', 'tsx'];
const entry = 'src/fixtures/echo-main.ts';
const running: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
});

describe.concurrent('runServerMain', { timeout: 45_000 }, () => {
  it('prints the listening line, serves its flags to buildServer, and exits 0 on SIGTERM', async () => {
    const server = await startServerProcess(process.execPath, [...withTsx, entry, '--port', '0', '--repeat', '2'], {
      cwd: packageDir,
    });
    running.push(server);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await connectHttpClient(server.url);
    expect((await client.callTool({ name: 'echo', arguments: { text: 'ab' } })).structuredContent).toEqual({
      text: 'abab',
    });
    await client.close();
    expect(await server.stop(), `exit code; stderr: ${server.stderr()}`).toBe(0);
    expect(server.stderr(), 'nothing on stderr').toBe('');
  });

  it('exits 2 with one line naming the flag, the value and the fix', async () => {
    const end = await runProcess(process.execPath, [...withTsx, entry, '--repeat', '9'], { cwd: packageDir });
    expect(end.code).toBe(2);
    expect(end.stdout).toBe('');
    expect(end.stderr).toBe('echo: --repeat "9" is not valid; use a whole number from 1 to 3.\n');
  });

  it('exits 2 with one line when the port is taken', async () => {
    const first = await startServerProcess(process.execPath, [...withTsx, entry], { cwd: packageDir });
    running.push(first);
    const port = new URL(first.url).port;
    const end = await runProcess(process.execPath, [...withTsx, entry, '--port', port], { cwd: packageDir });
    expect(end.code).toBe(2);
    expect(end.stderr).toBe(
      `echo: port ${port} is already in use on 127.0.0.1. Pick another with --port N, or use --port 0 for any free port.\n`,
    );
  });
});
