// The kitchen as a host for servers it did not write, end to end through the real CLI: an
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${NAME}" is the config's own variable syntax, not a template.
// "mcpServers" config with a stdio server (server-everything, spawned by the host), an example
// server started over HTTP with a bearer token, a remote server with headers, and one that is down.

import { fileURLToPath } from 'node:url';
import type { LoopEvent } from '@kitchen/host';
import { CLI_DIRECTORY, PROCESS_TEST_TIMEOUT_MS, runCli, writeConfig } from '@kitchen/probe-kit/cli-process';
import { type RunningServers, startServers } from '@kitchen/runtime/server-processes/start-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const everything = fileURLToPath(
  new URL('../../../packages/host/node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);
const dice = { kitchen: { package: `${CLI_DIRECTORY}../../servers/dice`, entry: 'src/main.ts' } };

function eventsOf(stdout: string): LoopEvent[] {
  return stdout
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LoopEvent);
}

describe('kitchen run with servers of any kind', () => {
  it('runs a stdio server beside an HTTP one, sends the bearer token, and names the server that is down', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const config = writeConfig({
      mcpServers: { dice: { trust: true, kitchen: { ...dice.kitchen, token: '${DICE_TOKEN}' } } },
    });
    const result = await runCli(
      [
        'run',
        '--json',
        '--config',
        config,
        '--server',
        `everything=${process.execPath} ${everything} stdio`,
        '--server',
        'ghost=http://127.0.0.1:9/mcp',
        'Roll 3 dice',
      ],
      { DICE_TOKEN: 'kitchen-secret' },
    );
    expect(result.code).toBe(0);
    const warnings = result.stderr.split('\n').filter((line) => line.startsWith('⚠️'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^⚠️ ghost is unavailable, going on without it: Could not reach MCP server "ghost"/);
    // dice answered only because the host sent the token it was started with.
    expect(result.stderr).toMatch(
      /🧰 \d+ tools: 2 from dice · 2026-07-28, \d+ from everything, 3 local \(list_resources, read_resource, spawn_agent\)/,
    );
    const events = eventsOf(result.stdout);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'server-log', server: 'everything', level: 'stderr' }),
    );
    expect(events).toContainEqual(expect.objectContaining({ type: 'tool-result', tool: 'roll_dice', isError: false }));
  });
});

describe('kitchen run against a remote server that wants a bearer token', () => {
  let running: RunningServers;
  beforeAll(async () => {
    running = await startServers([
      {
        kind: 'launch',
        name: 'dice',
        packageDirectory: dice.kitchen.package,
        entryFile: `${dice.kitchen.package}/src/main.ts`,
        args: [],
        env: {},
        port: 0,
        token: 'remote-secret',
      },
    ]);
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(() => running?.stop());

  it('sends the configured headers, with ${ENV} expanded', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const url = running.servers[0]?.url;
    const config = writeConfig({
      mcpServers: { dice: { trust: true, url, headers: { Authorization: 'Bearer ${REMOTE_TOKEN}' } } },
    });
    const result = await runCli(['run', '--config', config, 'Roll 2 dice'], { REMOTE_TOKEN: 'remote-secret' });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/🧰 5 tools: 2 from dice · 2026-07-28, 3 local/);
    expect(result.stdout).toContain('Rolled 2d6');
  });

  it('names the server and the HTTP 401 when the token is wrong, and still runs', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const url = running.servers[0]?.url;
    const config = writeConfig({ mcpServers: { dice: { url, headers: { Authorization: 'Bearer wrong' } } } });
    const result = await runCli(['run', '--config', config, 'Roll 2 dice']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/⚠️ dice is unavailable, going on without it: .*HTTP 401/);
    expect(result.stdout).toMatch(/🧰 1 tool: 1 local/);
  });
});
