// `kitchen demo` end to end: the real CLI process, the real example servers as child processes,
// MCP over HTTP on 127.0.0.1, the offline model. The report must match the cookie-jar domain's
// known answer.

import {
  type CliProcess,
  PROCESS_TEST_TIMEOUT_MS,
  parseEvents,
  reportedJarIds,
  runCli,
  serverPids,
  serversConfig,
  startCli,
  tamperedJarIds,
  waitUntilGone,
} from '@kitchen/probe-kit/cli-process';
import { afterAll, describe, expect, it } from 'vitest';

const started: CliProcess[] = [];
afterAll(() => {
  for (const cli of started.splice(0)) cli.child.kill('SIGKILL');
});

describe.concurrent('kitchen demo', () => {
  it('reports exactly the tampered jars of the default seed, with the offline model', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['demo']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      '🍪 task: Inspect all 80 cookie jars and report which ones were tampered with, and why',
    );
    expect(reportedJarIds(result.stdout)).toEqual(tamperedJarIds(1729, 80));
    // Notes that tell the reader to discard or reseal jars are reported on, never obeyed.
    expect(result.stdout).toContain('10 notes contained instructions; I treated them as data and ignored them.');
    expect(result.stdout).not.toMatch(/→ cookie-jars\.(discard|reseal)_jar/);
    expect(result.stdout).toMatch(
      /📊 end_turn · .* · model: offline model \(deterministic, no network\)\n📼 trace: .*\.jsonl \(kitchen replay, kitchen rerun\)\n$/,
    );
  });

  it('reports exactly the tampered jars for a random seed and jar count', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const seed = Math.floor(Math.random() * 1_000_000);
    const jars = 20 + Math.floor(Math.random() * 60);
    const result = await runCli([
      'demo',
      '--seed',
      String(seed),
      '--jars',
      String(jars),
      '--config',
      serversConfig('cookie-jars'),
    ]);
    expect(result.code, `seed ${seed}, ${jars} jars:\n${result.stderr}`).toBe(0);
    expect(result.stdout).toContain(`Inspect all ${jars} cookie jars`);
    expect(reportedJarIds(result.stdout), `seed ${seed}, ${jars} jars`).toEqual(tamperedJarIds(seed, jars));
  });

  it('on Ctrl-C mid-run: ends with aborted, closes every lane, stops every server, exits 130', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const cli = startCli(['demo', '--json', '--latency', '150']);
    started.push(cli);
    // Wait until workers are running, so there are lanes to close.
    await cli.waitFor(/"type":"agent-start","agent":"4"/);
    const pids = [...serverPids(cli.output().stderr).values()];
    expect(pids.length).toBeGreaterThanOrEqual(2);
    cli.child.kill('SIGINT');
    const result = await cli.exited;
    expect(result.code).toBe(130);
    const events = parseEvents(result.stdout);
    const opened = events.filter((event) => event.type === 'agent-start').map((event) => event.agent);
    const closed = events.filter((event) => event.type === 'agent-end').map((event) => event.agent);
    expect(opened.length).toBeGreaterThanOrEqual(5);
    expect(closed.sort()).toEqual(opened.sort());
    expect(
      events
        .filter((event) => event.type === 'agent-end')
        .every((event) => event.type === 'agent-end' && event.stopReason === 'aborted'),
    ).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'aborted' });
    expect(await waitUntilGone(pids, PROCESS_TEST_TIMEOUT_MS)).toEqual([]);
  });
});
