// A server process end to end: the ready line, one clear line and exit 2 for mistakes, and a
// clean exit 0 on SIGTERM. Spawns real child processes. Server side.

import { fileURLToPath } from 'node:url';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
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

  it('refuses to bind a non-loopback address without a token: exit 2 and one line naming the fix', async () => {
    const end = await runProcess(process.execPath, [...withTsx, entry, '--host', '0.0.0.0'], { cwd: packageDir });
    expect(end.code).toBe(2);
    expect(end.stdout).toBe('');
    expect(end.stderr).toBe(
      'echo: refusing to listen on 0.0.0.0 without a bearer token: anyone who can reach that address could use this server. Set a token (--token or KITCHEN_TOKEN; bearerToken in code), or bind 127.0.0.1.\n',
    );
  });

  it('expires idle sessions after --idle-session-ms and logs it as a JSON line at --log-level info', async () => {
    const server = await startServerProcess(
      process.execPath,
      [...withTsx, entry, '--idle-session-ms', '50', '--log-level', 'info'],
      { cwd: packageDir, env: { ...process.env, KITCHEN_TOKEN: 'env-token' } },
    );
    running.push(server);
    // initialize alone: with a 50 ms expiry, a second request could already find the session gone.
    const initialize = await fetch(server.url, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer env-token',
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: LATEST_PROTOCOL_VERSION,
          capabilities: {},
          clientInfo: { name: 'raw', version: '0' },
        },
      }),
    });
    expect(initialize.status).toBe(200);
    await initialize.text();
    for (let attempt = 0; attempt < 300 && !server.stderr().includes('"session-expired"'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const events = server
      .stderr()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.map((event) => event.event)).toEqual(['server-listening', 'session-opened', 'session-expired']);
    expect(events[2]).toMatchObject({ server: 'echo', session: initialize.headers.get('mcp-session-id'), idleMs: 50 });
    expect(await server.stop()).toBe(0);
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
