// The approval gate from the command line, end to end: a task that tries a destructive action,
// run with --no, with --yes, with nobody to ask, and with a rules file and a --rule over it.
// Real CLI processes, cookie-jars as a real child process, the offline model.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoopEvent } from '@kitchen/host';
import {
  PROCESS_TEST_TIMEOUT_MS,
  parseEvents,
  runCli,
  serversConfig,
  tamperedJarIds,
} from '@kitchen/probe-kit/cli-process';
import { describe, expect, it } from 'vitest';

const TASK = 'discard the tampered jars among jars 1-10';
// With --jars 10 (seed 1729): jars 2 and 5.
const TAMPERED = tamperedJarIds(1729, 10);
const config = serversConfig('cookie-jars');

const ofType = <Type extends LoopEvent['type']>(events: LoopEvent[], type: Type) =>
  events.filter((event): event is Extract<LoopEvent, { type: Type }> => event.type === type);

function writeRules(rules: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'kitchen-rules-')), 'rules.json');
  writeFileSync(file, JSON.stringify(rules));
  return file;
}

describe.concurrent('the gate from the command line', () => {
  it('with --no: the discard is denied, the model reads the denial as a tool result, and the run completes', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['run', TASK, '--no', '--jars', '10', '--config', config]);
    expect(result.code).toBe(4); // partly done: a call was denied
    expect(TAMPERED.length).toBeGreaterThan(0);
    // The turn's discards, and the answers they got, are one folded line each (--verbose: a line a call).
    const ids = `×${TAMPERED.length} (id ${TAMPERED.join(', ')})`;
    expect(result.stdout).toContain(`→ cookie-jars.discard_jar ${ids}`);
    expect(result.stdout).toContain(
      `⛔ denied discard_jar ${ids} by you: The user denied discard_jar on cookie-jars: the run was started with --no`,
    );
    expect(result.stdout).toMatch(
      /✗ discard_jar failed ×\d+ \(id [\d, ]+\): Tool "discard_jar" was not run: The user denied discard_jar/,
    );
    for (const id of TAMPERED) expect(result.stdout).toContain(`Jar ${id} was NOT discarded`);
    expect(result.stdout).toMatch(/📊 end_turn · /);
  });

  it('with --yes: the discard is approved and done', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await runCli(['run', TASK, '--yes', '--json', '--jars', '10', '--config', config]);
    expect(result.code).toBe(0);
    const events = parseEvents(result.stdout);
    expect(ofType(events, 'approval-request')).toMatchObject(
      TAMPERED.map((id) => ({
        agent: 'main',
        tool: 'discard_jar',
        server: 'cookie-jars',
        input: { id },
        reason: 'discard_jar on cookie-jars is marked destructive.',
      })),
    );
    const approvals = ofType(events, 'approval-response').filter((event) => event.tool === 'discard_jar');
    expect(approvals).toMatchObject(
      TAMPERED.map(() => ({ decision: 'approved', by: 'person', reason: 'approved by --yes' })),
    );
    const results = ofType(events, 'tool-result').filter((event) => event.tool === 'discard_jar');
    expect(results.map((result) => JSON.parse(result.content).id).sort()).toEqual(TAMPERED);
    expect(results.every((result) => !result.isError && result.content.includes('"discarded":true'))).toBe(true);
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      stopReason: 'end_turn',
      finalText: expect.stringContaining(`Discarded jars ${TAMPERED.join(', ')}.`),
    });
  });

  it('with nobody at a terminal and no flag: the discard is refused by nobody, naming the server the advice needs', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['run', TASK, '--json', '--jars', '10', '--config', config]);
    expect(result.code).toBe(4); // partly done: a call was denied
    const events = parseEvents(result.stdout);
    expect(ofType(events, 'approval-request')).toEqual([]);
    expect(ofType(events, 'approval-response').find((event) => event.tool === 'discard_jar')).toMatchObject({
      decision: 'denied',
      by: 'nobody',
      server: 'cookie-jars',
      reason: expect.stringContaining('this run has no one to ask. Do not call it again;'),
    });
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
  });

  it('lets a rules file allow the discard, and a --rule flag overrule the file', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const rules = writeRules({
      rules: [{ server: 'cookie-jars', tool: 'discard_jar', action: 'allow', reason: 'the pantry is being cleared' }],
    });
    const [allowed, overruled] = await Promise.all([
      runCli(['run', TASK, '--json', '--jars', '10', '--rules', rules, '--config', config]),
      runCli(['run', TASK, '--json', '--jars', '10', '--rules', rules, '--rule', 'deny:discard_*', '--config', config]),
    ]);
    expect(
      ofType(parseEvents(allowed.stdout), 'approval-response').find((event) => event.tool === 'discard_jar'),
    ).toMatchObject({
      decision: 'approved',
      by: 'rule',
      reason: `rule allow:cookie-jars/discard_jar from ${rules} (the pantry is being cleared)`,
    });
    expect(
      ofType(parseEvents(overruled.stdout), 'approval-response').find((event) => event.tool === 'discard_jar'),
    ).toMatchObject({
      decision: 'denied',
      by: 'rule',
      reason: expect.stringContaining('(rule deny:discard_* from --rule)'),
    });
  });

  it('refuses a broken rules file before starting anything, naming the file, the rule and the field', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const rules = writeRules([
      { tool: 'discard_jar', action: 'allow' },
      { tool: 'place_order', verdict: 'deny' },
    ]);
    const result = await runCli(['run', TASK, '--rules', rules, '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `kitchen: ${rules} rule 2: "action" is required; use one of allow, ask, deny\n${rules} rule 2: unknown field "verdict"; a rule has only server, tool, action and reason\n`,
    );
  });
});
