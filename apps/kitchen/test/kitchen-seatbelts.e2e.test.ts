// Every whole-run limit from the command line, end to end: each stop says which limit stopped it
// and which flag raises it, in the terminal, and the run still ends with a report and a summary.

import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/terminal/kitchen-output.js';
import { PROCESS_TEST_TIMEOUT_MS, reportedJarIds, runCli, serversConfig, tamperedJarIds } from './cli-process.js';

const config = serversConfig('cookie-jars');
const demo = (...flags: string[]) => runCli(['demo', '--jars', '20', '--config', config, ...flags]);

describe.concurrent('the seatbelts, as the terminal shows them', () => {
  it('--max-tool-calls', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await demo('--max-tool-calls', '5');
    expect(result.code).toBe(EXIT.partial);
    expect(result.stdout).toContain(
      '⚠️ stopped early (seatbelt): Stopped: the run made 5 tool calls, its limit. Raise --max-tool-calls to go further.',
    );
    expect(result.stdout).toMatch(/📊 seatbelt · \d+ iterations · 5 tool calls · /);
  });

  it('--max-iterations, with a last-chance report of what was established', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await demo('--max-iterations', '2', '--no-delegate');
    expect(result.code).toBe(EXIT.partial);
    expect(result.stdout).toContain(
      '⚠️ stopped early (max_iterations): Stopped: the agent used all 2 of its model calls, its limit. Raise --max-iterations to go further.',
    );
    expect(reportedJarIds(result.stdout)).toEqual(tamperedJarIds(1729, 20));
    expect(result.stdout).toMatch(/📊 max_iterations · 2 iterations · /);
  });

  it('--max-wall-time', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await demo('--max-wall-time', '400', '--latency', '250');
    expect(result.code).toBe(EXIT.partial);
    expect(result.stdout).toContain(
      '⚠️ stopped early (seatbelt): Stopped: the run reached 400 ms of wall time, its limit. Raise --max-wall-time to go further.',
    );
    expect(result.stdout).toMatch(/📊 seatbelt · /);
  });

  it('--max-tree-tokens: spends no more than the cap, and the report names what was not reached', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['demo', '--max-tree-tokens', '27000', '--config', config]);
    expect(result.code).toBe(EXIT.partial);
    expect(result.stdout).toMatch(
      /⚠️ stopped early \(budget\): Stopped: the tree budget has no room for another model call \(.*\)\. Raise --max-tree-tokens to go further\./,
    );
    expect(result.stdout).toMatch(/Not reached \(I ran out of room before inspecting them\): jars \d+/);
    const spent = /📊 budget · .* · ([\d,]+) of 27,000 tree tokens · /.exec(result.stdout)?.[1];
    expect(spent).toBeDefined();
    expect(Number(spent?.replace(/,/g, ''))).toBeLessThanOrEqual(27_000);
    // What it did report is true: every jar it names is tampered.
    const truth = tamperedJarIds(1729, 80);
    expect(reportedJarIds(result.stdout).every((id) => truth.includes(id))).toBe(true);
  });
});
