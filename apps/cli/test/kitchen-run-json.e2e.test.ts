// `kitchen run --json` end to end: real CLI, real servers over HTTP. Only JSON on stdout, and tool
// failures (a bad id, a dead server) reach the model as results while the run goes on to done.

import type { LoopEvent } from '@kitchen/host';
import {
  type CliProcess,
  killServerForGood,
  PROCESS_TEST_TIMEOUT_MS,
  parseEvents,
  reportedJarIds,
  runCli,
  serversConfig,
  startCli,
  tamperedJarIds,
} from '@kitchen/probe-kit/cli-process';
import { afterAll, describe, expect, it } from 'vitest';

// Each run starts only the servers its task needs.
const cookieJarsConfig = serversConfig('cookie-jars');

const started: CliProcess[] = [];
afterAll(() => {
  for (const cli of started.splice(0)) cli.child.kill('SIGKILL');
});

describe.concurrent('kitchen run --json', () => {
  it('prints only JSON events, one a line, ending with done', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await runCli([
      'run',
      '--json',
      '--jars',
      '20',
      '--config',
      cookieJarsConfig,
      'Inspect all 20 cookie jars and report which ones were tampered with, and why',
    ]);
    expect(result.code).toBe(0);
    const events = parseEvents(result.stdout);
    expect(events[0]?.type).toBe('agent-start');
    expect(events.at(-1)?.type).toBe('done');
    for (const event of events)
      expect(event).toMatchObject({ type: expect.any(String), agent: expect.any(String), at: expect.any(Number) });
    const done = events.at(-1) as Extract<LoopEvent, { type: 'done' }>;
    expect(reportedJarIds(done.finalText)).toEqual(tamperedJarIds(1729, 20));
  });

  it('hands a failing tool call to the model as a result and still finishes', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli([
      'run',
      '--json',
      '--jars',
      '20',
      '--config',
      cookieJarsConfig,
      'Inspect cookie jar 999 and tell me whether it was tampered with',
    ]);
    expect(result.code).toBe(4); // partly done: the call failed
    const events = parseEvents(result.stdout);
    const failed = events.find((event) => event.type === 'tool-result' && event.isError);
    expect(failed).toMatchObject({ type: 'tool-result', isError: true, server: 'cookie-jars' });
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
  });

  it('keeps going to done when a server dies in the middle of the run', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    // Killed once the workers are inspecting, with calls slow enough that some are still to come
    // after the second kill however long the restart takes on a loaded machine (with none left,
    // the run would end partly done, exit 4; killed before the workers start, they find no tools).
    const cli = startCli(['demo', '--json', '--jars', '40', '--latency', '400', '--config', cookieJarsConfig]);
    started.push(cli);
    await cli.waitFor(/"type":"tool-call"[^\n]*"tool":"inspect_jar"/);
    // Killed, started again by the kitchen, killed again: down for the rest of the run.
    await killServerForGood(cli, 'cookie-jars');
    const result = await cli.exited;
    expect(result.code).toBe(1); // failed: a server stopped and could not be started again
    const events = parseEvents(result.stdout);
    expect(events.some((event) => event.type === 'tool-result' && event.isError)).toBe(true);
    expect(events.at(-1)?.type).toBe('done');
    expect(result.stderr).toMatch(/⚠️ cookie-jars stopped unexpectedly \(killed by SIGKILL\)/);
    expect(result.stderr).toContain('"type":"server-restarted"');
  });

  it('runs a call that needs approval when started with --yes', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await runCli([
      'run',
      '--json',
      '--yes',
      '--config',
      serversConfig('pantry'),
      'order 3 bags of flour',
    ]);
    expect(result.code).toBe(0);
    const events = parseEvents(result.stdout);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'approval-response', tool: 'place_order', decision: 'approved', by: 'person' }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'tool-result', tool: 'place_order', server: 'pantry', isError: false }),
    );
  });
});
