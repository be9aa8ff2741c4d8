// `kitchen call` of a tool that must run as a task: server-everything's simulate-research-query,
// over real HTTP on 127.0.0.1 (a preload forces loopback: the server would bind every interface)
// and spawned over stdio from a config entry. The call is made as a task (the tasks extension),
// its status shown as it moves, its result whole.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  PROCESS_TEST_TIMEOUT_MS,
  parseEvents,
  runCli,
  serversConfig,
  writeConfig,
} from '@kitchen/probe-kit/cli-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const everything = fileURLToPath(
  new URL('../../../packages/host/node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);
const preload = fileURLToPath(new URL('../../../packages/host/test/force-loopback.cjs', import.meta.url));
let child: ReturnType<typeof spawn>;
let url = '';

beforeAll(async () => {
  child = spawn(process.execPath, ['--require', preload, everything, 'streamableHttp'], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      const address = /LOOPBACK LISTENING (127\.0\.0\.1:\d+)/.exec(text)?.[1];
      if (address !== undefined) resolve(`http://${address}/mcp`);
    });
    child.once('exit', () => reject(new Error(`server-everything exited: ${text}`)));
  });
}, PROCESS_TEST_TIMEOUT_MS);
afterAll(() => child?.kill());

describe('kitchen call of a task-required tool', () => {
  it('lists it, runs it as a task and prints its status and result', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const server = ['--server', `everything=${url}`];
    const listed = await runCli(['tools', 'everything', ...server]);
    expect(listed.stdout).toContain('everything.simulate-research-query(');

    const called = await runCli([
      'call',
      'everything',
      'simulate-research-query',
      'topic=croissants',
      '--json',
      ...server,
    ]);
    expect(called.code).toBe(0);
    const events = parseEvents(called.stdout);
    const statuses = events.filter((event) => event.type === 'task-status');
    expect(statuses[0]).toMatchObject({ tool: 'simulate-research-query', status: 'working' });
    expect(statuses.at(-1)).toMatchObject({ status: 'completed' });
    expect(events.find((event) => event.type === 'tool-result')).toMatchObject({
      isError: false,
      content: expect.stringContaining('# Research Report: croissants'),
    });
  });

  it('runs it as a task on a server spawned over stdio', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const config = writeConfig({
      mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'], trust: true } },
    });
    const called = await runCli([
      'call',
      'everything',
      'simulate-research-query',
      'topic=éclairs',
      '--json',
      '--config',
      config,
    ]);
    expect(called.code).toBe(0);
    const events = parseEvents(called.stdout);
    expect(events.filter((event) => event.type === 'task-status').at(-1)).toMatchObject({ status: 'completed' });
    expect(events.find((event) => event.type === 'tool-result')).toMatchObject({
      isError: false,
      content: expect.stringContaining('# Research Report: éclairs'),
    });
  });
});

describe('kitchen call of the pastry chef’s long task', () => {
  it('bakes a batch as a task on 2026-07-28 to its result, its status shown', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const called = await runCli([
      'call',
      'pastry-chef',
      'bake_batch',
      'pastry=croissant',
      'count=6',
      'minutes=30',
      '--json',
      '--config',
      serversConfig('pastry-chef'),
    ]);
    expect(called.code).toBe(0);
    const events = parseEvents(called.stdout);
    const statuses = events.filter((event) => event.type === 'task-status');
    expect(statuses[0]).toMatchObject({ tool: 'bake_batch', status: 'working' });
    expect(statuses.at(-1)).toMatchObject({ status: 'completed', statusMessage: '6 × croissant: out of the oven' });
    expect(events.find((event) => event.type === 'tool-result')).toMatchObject({
      isError: false,
      content: expect.stringContaining('"baked":true'),
    });
  });
});
