// The CLI's process handling, end to end: real child processes, mostly fake servers (see
// fixtures/fake-server.ts) so misbehaviour is easy to arrange; one test uses the real cookie-jars.

import { createServer, type Server } from 'node:net';
import {
  CLI_DIRECTORY,
  type CliProcess,
  fakeServer,
  isAlive,
  PROCESS_TEST_TIMEOUT_MS,
  runCli,
  startCli,
  waitUntilGone,
  writeConfig,
} from '@kitchen/probe-kit/cli-process';
import { afterEach, describe, expect, it } from 'vitest';

const started: CliProcess[] = [];
afterEach(() => {
  for (const cli of started.splice(0)) cli.child.kill('SIGKILL');
});

function serversOf(stdout: string): Array<{ name: string; url: string; pid: number }> {
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { name: string; url: string; pid: number });
}

describe('kitchen CLI processes', () => {
  it('prints help and exits 0', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('kitchen demo');
    expect(result.stderr).toBe('');
  });

  it('refuses a bad flag with one line on stderr and exit code 2', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await runCli(['demo', '--jars', '0']);
    expect(result).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'kitchen: --jars "0" is not allowed; use a whole number from 1 to 500, e.g. --jars 80\n',
    });
  });

  it('refuses a broken config naming the file, server and field, with exit code 2', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const config = writeConfig({ mcpServers: { dice: { kitchen: { package: 'servers/dice', entry: 5 } } } });
    const result = await runCli(['servers', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `${config}: "mcpServers" → "dice": "kitchen.entry" must be a string, not 5; fix: give the entry file inside the package, e.g. "src/main.ts"\n`,
    );
  });

  it('refuses --model anthropic without a key before starting anything, with exit code 2', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['run', '--model', 'anthropic', 'Roll 3 dice']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^kitchen: --model anthropic needs an API key: set ANTHROPIC_API_KEY .*--model offline.*\n$/,
    );
  });

  it('serves until SIGINT, then stops every server', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const cli = startCli([
      'servers',
      '--json',
      '--config',
      writeConfig({ servers: [fakeServer('alpha'), fakeServer('beta')] }),
    ]);
    started.push(cli);
    await cli.waitFor(/"name":"beta"[^\n]*\n/);
    const servers = serversOf(cli.output().stdout).sort((left, right) => left.name.localeCompare(right.name));
    expect(servers.map((server) => server.name)).toEqual(['alpha', 'beta']);
    expect(servers.every((server) => isAlive(server.pid))).toBe(true);
    cli.child.kill('SIGINT');
    const result = await cli.exited;
    expect(result.code).toBe(0);
    expect(
      await waitUntilGone(
        servers.map((server) => server.pid),
        PROCESS_TEST_TIMEOUT_MS,
      ),
    ).toEqual([]);
  });

  it('leaves no server behind when the CLI itself is killed with SIGKILL', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const cli = startCli(['servers', '--json', '--config', writeConfig({ servers: [fakeServer('alpha')] })]);
    started.push(cli);
    await cli.waitFor(/"name":"alpha"[^\n]*\n/);
    const [server] = serversOf(cli.output().stdout);
    cli.child.kill('SIGKILL');
    await cli.exited;
    expect(await waitUntilGone([server!.pid], PROCESS_TEST_TIMEOUT_MS)).toEqual([]);
  });

  it('says in one line which server could not start because its port is taken, and exits 1', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const port = (blocker.address() as { port: number }).port;
      const config = writeConfig({ servers: [fakeServer('dice'), fakeServer('cookie-jars', 'ok', port)] });
      const result = await runCli(['servers', '--config', config]);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `cookie-jars did not start: port ${port} is already in use; pick another --port or stop the other process (exit code 2)\n`,
      );
    } finally {
      blocker.close();
    }
  });

  it("passes on the real cookie-jars server's own explanation of a taken port", {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const port = (blocker.address() as { port: number }).port;
      const cookieJars = {
        name: 'cookie-jars',
        package: `${CLI_DIRECTORY}../../servers/cookie-jars`,
        entry: 'src/main.ts',
        port,
      };
      const result = await runCli(['demo', '--model', 'offline', '--config', writeConfig({ servers: [cookieJars] })]);
      expect(result.code).toBe(1);
      // The start is announced; no server line follows, and no run.
      expect(result.stdout).toBe('⏳ starting 1 server…\n');
      expect(result.stderr).toMatch(
        new RegExp(`^cookie-jars did not start: port ${port} is already in use.*--port.* \\(exit code 2\\)\n$`),
      );
    } finally {
      blocker.close();
    }
  });
});
