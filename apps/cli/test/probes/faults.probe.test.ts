// Faults over real processes: the real kitchen CLI, real server processes and a local fake Messages
// API, broken on purpose. A server SIGKILLed or SIGSTOPped mid-call, down at start or throwing at
// load; a model API that hangs, answers garbage, cuts its answer off or is overloaded; a delegated
// run interrupted at random moments. Each ends in words, with the right exit code, no process left
// (every process the CLI started carries a mark), no session left on a shared server, and the CLI
// ends because its event loop ran dry, not by its fallback exit over a stray timer or socket.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type FakeMessagesApi, startFakeMessagesApi, textReply } from '@kitchen/host/testing';
import {
  fakeServer,
  PROCESS_TEST_TIMEOUT_MS,
  serverPids,
  serversConfig,
  startCli,
  writeConfig,
} from '@kitchen/probe-kit/cli-process';
import { probeSize, reportTried } from '@kitchen/probe-kit/probe-size';
import { parseKitchenConfig } from '@kitchen/runtime/config/kitchen-config';
import { type RunningServers, startServers } from '@kitchen/runtime/server-processes/start-servers';
import { SeededRandom } from '@kitchen/server-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anthropic, expectCleanEnd, KEY, slowCountApi, slowServerConfig } from './fault-run.js';
import { markProbe } from './probe-processes.js';

const REPO_CONFIG = fileURLToPath(new URL('../../../../kitchen.config.json', import.meta.url));
const slowConfig = slowServerConfig();
const diceConfig = serversConfig('dice');

let api: FakeMessagesApi | undefined;
let brokenApi: Server | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
  brokenApi?.closeAllConnections();
  await new Promise((resolve) => (brokenApi === undefined ? resolve(undefined) : brokenApi.close(resolve)));
  brokenApi = undefined;
});

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 1_200 && !condition(); attempt++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(condition()).toBe(true);
}

/** A Messages API that answers every request with `answer` (garbage, or a body cut off mid-way). */
async function startBrokenApi(answer: (response: import('node:http').ServerResponse) => void): Promise<string> {
  brokenApi = createServer((request, response) => {
    request.resume();
    request.on('end', () => answer(response));
  });
  await new Promise<void>((resolve) => brokenApi!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(brokenApi.address() as AddressInfo).port}`;
}

describe('a server that fails under the kitchen', () => {
  it('SIGSTOPped mid-call: Ctrl-C stops the run, and the stopped server is killed, not left behind', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    api = await slowCountApi();
    const mark = markProbe(anthropic(api.url));
    const cli = startCli(['run', '--model', 'anthropic', '--config', slowConfig, 'Count for me.'], mark.environment);
    cli.child.stdin.end();
    await cli.waitFor(/slow call started/);
    const serverPid = serverPids(cli.output().stdout).get('slow')!;
    process.kill(serverPid, 'SIGSTOP');
    try {
      cli.child.kill('SIGINT');
      const result = await cli.exited;
      await expectCleanEnd(result, cli.child.pid, mark, { code: 130, words: /SIGINT: stopping the kitchen/ });
    } finally {
      // Only if the kitchen failed to: a stopped process must not outlive the test.
      try {
        process.kill(serverPid, 'SIGKILL');
      } catch {
        // gone, as it should be
      }
    }
  });

  it('down at start: one line names the server and its words, exit code 1', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const mark = markProbe();
    const config = writeConfig({ servers: [fakeServer('broken', 'crash')] });
    const cli = startCli(['run', '--config', config, 'Roll a die.'], mark.environment);
    cli.child.stdin.end();
    const result = await cli.exited;
    await expectCleanEnd(result, cli.child.pid, mark, { code: 1, words: /broken.*is broken/ });
  });

  it('throwing at load: its error is named, exit code 1', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const mark = markProbe();
    const config = writeConfig({ servers: [fakeServer('buggy', 'throw')] });
    const cli = startCli(['run', '--config', config, 'Roll a die.'], mark.environment);
    cli.child.stdin.end();
    const result = await cli.exited;
    await expectCleanEnd(result, cli.child.pid, mark, { code: 1, words: /recipe book for buggy has no page 12/ });
  });
});

describe('a model API that fails under the kitchen', () => {
  it('hangs: Ctrl-C reaches the call in flight and stops the run in words', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    api = await startFakeMessagesApi({ apiKey: KEY, script: () => ({ ...textReply('too late'), delayMs: 600_000 }) });
    const mark = markProbe(anthropic(api.url));
    const cli = startCli(['run', '--model', 'anthropic', '--config', diceConfig, 'Roll a die.'], mark.environment);
    cli.child.stdin.end();
    await cli.waitFor(/── iteration 1 ──/);
    await waitUntil(() => api!.requests.length > 0);
    cli.child.kill('SIGINT');
    const result = await cli.exited;
    await expectCleanEnd(result, cli.child.pid, mark, { code: 130, words: /SIGINT: stopping the kitchen/ });
  });

  it('answers garbage: the run fails with a named cause, exit code 1', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const url = await startBrokenApi((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"type":"message","content":"not blocks","usage":"lots"} <<garbage>>');
    });
    const mark = markProbe(anthropic(url));
    const cli = startCli(['run', '--model', 'anthropic', '--config', diceConfig, 'Roll a die.'], mark.environment);
    cli.child.stdin.end();
    const result = await cli.exited;
    await expectCleanEnd(result, cli.child.pid, mark, { code: 1, words: /model|Anthropic|API/ });
  });

  it('cuts its answer off: the run fails with a named cause, exit code 1', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const url = await startBrokenApi((response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '4000' });
      response.write('{"id":"msg_cut","type":"message","role":"assistant","content":[{"type":"te');
      setTimeout(() => response.destroy(), 50);
    });
    const mark = markProbe(anthropic(url));
    const cli = startCli(['run', '--model', 'anthropic', '--config', diceConfig, 'Roll a die.'], mark.environment);
    cli.child.stdin.end();
    const result = await cli.exited;
    // The words are loose on purpose: how a cut-off reply is named is being reworded. It must at
    // least fail the run with a cause, leave nothing running and end by itself.
    await expectCleanEnd(result, cli.child.pid, mark, {
      code: 1,
      words: /model|Anthropic|API|connection|terminated/i,
      stackAllowed: true,
    });
  });

  it('is overloaded: after its retries the run fails naming the overload, exit code 1', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    api = await startFakeMessagesApi({
      apiKey: KEY,
      script: () => ({
        status: 529,
        type: 'overloaded_error',
        message: 'Overloaded',
        headers: { 'retry-after-ms': '5' },
      }),
    });
    const mark = markProbe(anthropic(api.url));
    const cli = startCli(['run', '--model', 'anthropic', '--config', diceConfig, 'Roll a die.'], mark.environment);
    cli.child.stdin.end();
    const result = await cli.exited;
    await expectCleanEnd(result, cli.child.pid, mark, { code: 1, words: /overload/i });
    expect(api.requests.length).toBeGreaterThan(1);
  });
});

describe('a delegated run interrupted at random moments', () => {
  let shared: RunningServers;
  beforeAll(async () => {
    const loaded = parseKitchenConfig(
      {
        mcpServers: {
          'cookie-jars': { trust: true, kitchen: { package: 'servers/cookie-jars', entry: 'src/main.ts' } },
        },
      },
      REPO_CONFIG,
    );
    if (!loaded.ok) throw new Error(loaded.message);
    shared = await startServers(loaded.config.servers, { seed: 1729, jars: 60 });
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await shared?.stop();
  }, PROCESS_TEST_TIMEOUT_MS);

  it('stops each in words with exit code 130, leaving no process and no session on the shared server', {
    timeout: PROCESS_TEST_TIMEOUT_MS * 4,
  }, async () => {
    const server = shared.servers[0]!;
    const config = writeConfig({ mcpServers: { 'cookie-jars': { trust: true, url: server.url } } });
    const random = new SeededRandom(1729);
    const runs = probeSize(1, 12);
    for (let run = 0; run < runs; run++) {
      const mark = markProbe();
      const cli = startCli(['run', '--model', 'offline', '--config', config, 'Inspect every jar.'], mark.environment);
      cli.child.stdin.end();
      // A random moment: after the k-th line the terminal shows, from the toolbox line to the workers' reports.
      const lines = random.integer(3, 16);
      await cli.waitFor(new RegExp(`^(?:.*\\n){${lines}}`));
      const signal = random.next() < 0.75 ? 'SIGINT' : 'SIGTERM';
      cli.child.kill(signal);
      const result = await cli.exited;
      await expectCleanEnd(result, cli.child.pid, mark, {
        code: 130,
        words: new RegExp(`${signal}: stopping the kitchen`),
      });
      const health = (await (await fetch(new URL('/healthz', server.url))).json()) as { sessions: number };
      expect(health.sessions).toBe(0);
    }
    reportTried('interrupted delegated runs', runs);
  });
});
