// Every whole-run limit from the command line, end to end: each stop says which limit stopped it
// and which flag raises it, in the terminal, exits 3, and the run still ends with a report of what
// was established (drawn from the tool results, never the agent's last intention) and a summary.

import type { LoopEvent } from '@kitchen/host';
import {
  PROCESS_TEST_TIMEOUT_MS,
  parseEvents,
  reportedJarIds,
  runCli,
  serversConfig,
  tamperedJarIds,
} from '@kitchen/probe-kit/cli-process';
import { EXIT } from '@kitchen/runtime/kitchen-output';
import { describe, expect, it } from 'vitest';

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

  it('--max-tool-calls 50 on the full demo: the report names the tampered jars among those inspected', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['demo', '--max-tool-calls', '50', '--json', '--config', config]);
    expect(result.code).toBe(EXIT.partial);
    const events = parseEvents(result.stdout);
    const done = events.at(-1) as Extract<LoopEvent, { type: 'done' }>;
    expect(done).toMatchObject({ type: 'done', stopReason: 'seatbelt', limit: { limit: 'maxToolCalls', value: 50 } });
    const inspected = new Set(
      events.flatMap((event) =>
        event.type === 'tool-result' && event.tool === 'inspect_jar' && !event.isError
          ? [(JSON.parse(event.content) as { id: number }).id]
          : [],
      ),
    );
    expect(inspected.size).toBeGreaterThan(0);
    const truth = tamperedJarIds(1729, 80).filter((id) => inspected.has(id));
    expect(truth.length).toBeGreaterThan(0);
    expect(reportedJarIds(done.finalText)).toEqual(truth);
    // Every worker reports what it established, never "0 of 20 checked" after checking some.
    for (const end of events.filter((event) => event.type === 'agent-end' && event.agent !== 'main'))
      expect((end as Extract<LoopEvent, { type: 'agent-end' }>).finalText).not.toMatch(/\b0 of \d+ (jars )?checked/);
  });

  it('--max-iterations, with a last-chance report of what was established', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    // N means N model calls, the last-chance report included: list, inspect 20, report.
    const result = await demo('--max-iterations', '3', '--no-delegate');
    expect(result.code).toBe(EXIT.partial);
    expect(result.stdout).toContain(
      '⚠️ stopped early (max_iterations): Stopped: the agent used all 3 of its model calls, its limit. Raise --max-iterations to go further.',
    );
    expect(reportedJarIds(result.stdout)).toEqual(tamperedJarIds(1729, 20));
    expect(result.stdout).toMatch(/📊 max_iterations · 3 iterations · /);
    expect(result.stdout.match(/^── iteration \d+ ──$/gm)).toHaveLength(2);
  });

  it('--max-wall-time', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    // A model call takes 30 s here: only a deadline that reaches the call in flight ends the run.
    const result = await demo('--max-wall-time', '400', '--latency', '30000');
    expect(result.code).toBe(EXIT.partial);
    expect(result.stdout).toContain(
      '⚠️ stopped early (seatbelt): Stopped: the run reached 400 ms of wall time, its limit. Raise --max-wall-time to go further.',
    );
    expect(result.stdout).toContain(
      '── report ──\nNothing established. Stopped: the run reached 400 ms of wall time, its limit.',
    );
    expect(result.stdout).toMatch(/📊 seatbelt · /);
  });

  it('--max-tree-tokens: spends no more than the cap, and the report says what was established', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['demo', '--max-tree-tokens', '27000', '--config', config]);
    expect(result.code).toBe(EXIT.partial);
    expect(result.stdout).toMatch(
      /⚠️ stopped early \(budget\): Stopped: the tree budget has no room for another model call \(.*\)\. Raise --max-tree-tokens to go further\./,
    );
    // The last-chance report when it fits (how far each lane got depends on how their reservations
    // interleave), else the tool results the run holds: never the lead's last intention.
    expect(result.stdout).toMatch(
      /Not reached \(I ran out of room before inspecting them\): jars \d+|What the tool results established \(\d+ of \d+ calls\):[\s\S]*\nI ran out of token budget before I could finish\./,
    );
    const spent = /📊 budget · .* · ([\d,]+) of 27,000 tree tokens · /.exec(result.stdout)?.[1];
    expect(spent).toBeDefined();
    expect(Number(spent?.replace(/,/g, ''))).toBeLessThanOrEqual(27_000);
    // What it did report is true: every jar it names is tampered.
    const truth = tamperedJarIds(1729, 80);
    expect(reportedJarIds(result.stdout).every((id) => truth.includes(id))).toBe(true);
  });
});
