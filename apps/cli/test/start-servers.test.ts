// The server launcher with real child processes (a fake server fixture): start, fail, time out, stop.

import { execFileSync, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { isAlive, PROCESS_TEST_TIMEOUT_MS, waitUntilGone } from '@kitchen/probe-kit/cli-process';
import type { LaunchedServerEntry } from '@kitchen/runtime/config/kitchen-config';
import { describeServerStart, type ServerStartEvent } from '@kitchen/runtime/server-processes/server-start-event';
import { type RunningServers, startServers } from '@kitchen/runtime/server-processes/start-servers';
import { afterEach, describe, expect, it, vi } from 'vitest';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

function fakeEntry(name: string, mode = 'ok', port = 0): LaunchedServerEntry {
  return {
    kind: 'launch',
    name,
    packageDirectory: fixtures,
    entryFile: `${fixtures}fake-server.ts`,
    args: ['--extra', 'yes'],
    env: { FAKE_MODE: mode, FAKE_NAME: name },
    port,
  };
}

/** Fake servers that are still children of this test process. */
function runningFakeServers(): string[] {
  const lines = execFileSync('ps', ['--ppid', String(process.pid), '-o', 'args='], { encoding: 'utf8' }).split('\n');
  return lines.filter((line) => line.includes('fake-server.ts'));
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('startServers', () => {
  it("starts each server with the kitchen's V8 flags, reads its URL and passes seed, jars and args but no API key and not the kitchen's KITCHEN_TOKEN", {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const running = await startServers([fakeEntry('alpha'), fakeEntry('beta')], {
      seed: 7,
      jars: 12,
      environment: { ...process.env, ANTHROPIC_API_KEY: 'sk-secret', KITCHEN_TOKEN: 'the-shells-token' },
    });
    cleanups.push(() => running.stop());
    expect(running.connections.map((connection) => connection.name)).toEqual(['alpha', 'beta']);
    for (const server of running.servers) expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(running.connections).toEqual(running.servers.map((server) => ({ name: server.name, url: server.url })));
    const seen = await (await fetch(running.servers[0]!.url)).json();
    expect(seen).toEqual({
      seed: '7',
      jars: '12',
      args: ['--port', '0', '--extra', 'yes'],
      nodeFlags: [
        '--max-semi-space-size=1',
        '--v8-pool-size=1',
        '--no-opt',
        '--no-sparkplug',
        '--optimize-for-size',
        '--incremental-marking-hard-trigger=5',
      ],
    });
  });

  it('says the start has begun, then each server as it becomes ready, then that all are', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const events: ServerStartEvent[] = [];
    const running = await startServers([fakeEntry('alpha'), fakeEntry('beta')], {
      onStartEvent: (event) => events.push(event),
    });
    cleanups.push(() => running.stop());
    expect(events[0]).toMatchObject({ type: 'servers-start', servers: ['alpha', 'beta'] });
    const ready = events.filter((event) => event.type === 'server-ready');
    expect(ready.map((event) => event.server).sort()).toEqual(['alpha', 'beta']);
    for (const event of ready) {
      const server = running.servers.find((started) => started.name === event.server);
      // From source (as here) a TypeScript entry runs under tsx; compiled, its dist/ bundle under node.
      expect(event).toMatchObject({ url: server?.url, pid: server?.pid, runtime: 'tsx' });
    }
    expect(events.at(-1)).toMatchObject({ type: 'servers-ready', count: 2 });
    expect(events).toHaveLength(4);
    expect(describeServerStart(events[0]!)).toBe('⏳ starting 2 servers…');
    expect(describeServerStart(ready[0]!)).toMatch(
      /^🍳 (alpha|beta) http:\/\/127\.0\.0\.1:\d+\/mcp \(pid \d+\) ready in \d+\.\d s$/,
    );
  });

  it('leaves no server process behind after stop', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const running = await startServers([fakeEntry('alpha'), fakeEntry('beta')]);
    const pids = running.servers.map((server) => server.pid!);
    expect(pids.every(isAlive)).toBe(true);
    await running.stop();
    await running.stop();
    expect(pids.some(isAlive)).toBe(false);
  });

  it('starts a server that dies mid-run again once, on its port, and says so; a second death stays down', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const exits: Array<{ server: string; restarting: boolean }> = [];
    const events: ServerStartEvent[] = [];
    const reconnections: string[] = [];
    const running = await startServers([fakeEntry('alpha')], {
      onUnexpectedExit: (server, _description, restarting) => exits.push({ server, restarting }),
      onStartEvent: (event) => events.push(event),
      onRestarted: (connection) => reconnections.push('url' in connection ? connection.url : 'stdio'),
    });
    cleanups.push(() => running.stop());
    const first = running.servers[0]!;
    process.kill(first.pid!, 'SIGKILL');
    await vi.waitFor(() => expect(reconnections).toHaveLength(1), { timeout: PROCESS_TEST_TIMEOUT_MS / 2 });
    expect(exits).toEqual([{ server: 'alpha', restarting: true }]);
    expect(reconnections).toEqual([first.url]);
    const restarted = events.find((event) => event.type === 'server-restarted');
    expect(restarted).toMatchObject({ server: 'alpha', url: first.url });
    expect(describeServerStart(restarted!)).toMatch(
      /^🔁 alpha http:\/\/127\.0\.0\.1:\d+\/mcp \(pid \d+\) started again/,
    );
    const second = running.servers[0]!;
    expect(second.pid).not.toBe(first.pid);
    expect(running.connections[0]).toMatchObject({ name: 'alpha', url: first.url });

    process.kill(second.pid!, 'SIGKILL');
    await vi.waitFor(() => expect(exits).toHaveLength(2), { timeout: PROCESS_TEST_TIMEOUT_MS / 2 });
    expect(exits[1]).toEqual({ server: 'alpha', restarting: false });
    await running.stop();
    expect(reconnections).toHaveLength(1);
    expect(runningFakeServers()).toEqual([]);
  });

  it('restarts a server when asked (a file changed) on its port, as often as asked, without using up its crash restart', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const exits: Array<{ server: string; restarting: boolean }> = [];
    const reconnections: string[] = [];
    const running = await startServers(
      [fakeEntry('alpha'), { kind: 'remote', name: 'far', url: 'http://127.0.0.1:9/mcp' }],
      {
        onUnexpectedExit: (server, _description, restarting) => exits.push({ server, restarting }),
        onRestarted: (connection) => reconnections.push('url' in connection ? connection.url : 'stdio'),
      },
    );
    cleanups.push(() => running.stop());
    const pids = [running.servers[0]!.pid];
    for (const _round of [1, 2]) {
      expect(await running.restart('alpha')).toBe(true);
      pids.push(running.servers[0]!.pid);
    }
    // An asked-for stop is no unexpected exit; each start is a new process on the same URL.
    expect(exits).toEqual([]);
    expect(new Set(pids).size).toBe(3);
    expect(reconnections).toEqual([running.servers[0]!.url, running.servers[0]!.url]);
    expect(await waitUntilGone(pids.slice(0, 2) as number[], PROCESS_TEST_TIMEOUT_MS)).toEqual([]);
    // Its one crash restart is still there, and a server the kitchen does not launch is not restarted.
    process.kill(running.servers[0]!.pid!, 'SIGKILL');
    await vi.waitFor(() => expect(reconnections).toHaveLength(3), { timeout: PROCESS_TEST_TIMEOUT_MS / 2 });
    expect(exits).toEqual([{ server: 'alpha', restarting: true }]);
    expect(await running.restart('far')).toBe(false);
    await running.stop();
    expect(await running.restart('alpha')).toBe(false);
  });

  it('gives one clean line naming a server that exits early, and stops the others', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const attempt = startServers([fakeEntry('alpha'), fakeEntry('broken', 'crash')], { seed: 5 });
    await expect(attempt).rejects.toThrow(
      /^broken did not start: KITCHEN_SEED "5" is broken on purpose; fix the fixture \(exit code 3\)$/,
    );
    expect(runningFakeServers()).toEqual([]);
  });

  it('stops a slow server at once when another fails, instead of waiting for it', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    // The silent server would wait out its start timeout, longer than this test's: settling means it was stopped.
    const startTimeoutMs = 10 * PROCESS_TEST_TIMEOUT_MS;
    await expect(
      startServers([fakeEntry('mute', 'silent'), fakeEntry('broken', 'crash')], { timeoutMs: startTimeoutMs }),
    ).rejects.toThrow(/^broken did not start/);
    expect(runningFakeServers()).toEqual([]);
  });

  it('reports a server that throws at load with its own error and the top of its stack, not the Node version', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const attempt = startServers([fakeEntry('buggy', 'throw')]);
    await expect(attempt).rejects.toThrow(
      /^buggy did not start: TypeError: recipe book for buggy has no page 12 at .*fake-server\.ts:\d+:\d+\)? \(exit code 1\)$/,
    );
    expect(runningFakeServers()).toEqual([]);
  });

  it('stops the servers still starting when the start is interrupted', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const interrupt = new AbortController();
    const attempt = startServers([fakeEntry('mute', 'silent')], { signal: interrupt.signal });
    setTimeout(() => interrupt.abort(), 500);
    await expect(attempt).rejects.toThrow('interrupted while the servers were starting; nothing was left running');
    expect(runningFakeServers()).toEqual([]);
  });

  it('says so in one line when the port is already in use', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
    const port = (blocker.address() as { port: number }).port;
    await expect(startServers([fakeEntry('cookie-jars', 'ok', port)])).rejects.toThrow(
      `cookie-jars did not start: port ${port} is already in use; pick another --port or stop the other process (exit code 2)`,
    );
  });

  it('gives up on a server that never says it is listening, and stops it', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const attempt = startServers([fakeEntry('mute', 'silent')], { timeoutMs: 1500 });
    await expect(attempt).rejects.toThrow(
      // 2 s on an idle machine; stretched, and saying by how much, on a loaded one.
      /^mute did not start within \d+ s(: 2 s × [\d.]+ for a load of [\d.]+ on \d+ cores)? \(no "listening on" line\); raise --start-timeout, or run it alone to see why: node --import tsx .*fake-server\.ts --port 0$/,
    );
    expect(runningFakeServers()).toEqual([]);
  });

  it('kills a server that ignores SIGTERM once the grace time is over', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const running: RunningServers = await startServers([fakeEntry('stubborn', 'ignore-term')], { stopGraceMs: 300 });
    const pid = running.servers[0]!.pid!;
    await running.stop();
    expect(isAlive(pid)).toBe(false);
  });

  it('names the missing entry file instead of starting anything', async () => {
    const entry = { ...fakeEntry('ghost'), entryFile: `${fixtures}no-such-main.ts` };
    await expect(startServers([entry])).rejects.toThrow(
      /^ghost did not start: .*no-such-main\.ts does not exist; fix "package" and "entry" in the config$/,
    );
  });

  it('passes a "url" entry through without starting a process, headers included', async () => {
    const running = await startServers([
      { kind: 'remote', name: 'far', url: 'http://127.0.0.1:9/mcp', headers: { authorization: 'Bearer t' } },
    ]);
    expect(running.connections).toEqual([
      { name: 'far', url: 'http://127.0.0.1:9/mcp', headers: { authorization: 'Bearer t' } },
    ]);
    expect(running.servers[0]?.pid).toBeUndefined();
  });

  it('leaves a "command" entry to the toolbox, which speaks to it over stdio', async () => {
    const running = await startServers([
      { kind: 'stdio', name: 'everything', command: 'npx', args: ['-y', 'server-everything'], env: { A: 'b' } },
    ]);
    expect(running.connections).toEqual([
      { name: 'everything', command: 'npx', args: ['-y', 'server-everything'], env: { A: 'b' } },
    ]);
    expect(running.servers).toMatchObject([{ name: 'everything', url: 'stdio: npx -y server-everything' }]);
    expect(running.servers[0]?.pid).toBeUndefined();
  });

  it('does not let a server outlive a kitchen killed with SIGKILL', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const kitchen = spawn(process.execPath, ['--import', 'tsx', `${fixtures}start-and-wait.ts`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(() => void kitchen.kill('SIGKILL'));
    const pid = await new Promise<number>((resolve, reject) => {
      kitchen.stdout.setEncoding('utf8');
      kitchen.stdout.on('data', (chunk: string) => {
        const match = /pid (\d+)/.exec(chunk);
        if (match) resolve(Number(match[1]));
      });
      kitchen.once('exit', () => reject(new Error('the fixture exited before starting its server')));
    });
    expect(isAlive(pid)).toBe(true);
    kitchen.kill('SIGKILL');
    expect(await waitUntilGone([pid], PROCESS_TEST_TIMEOUT_MS)).toEqual([]);
  });
});
