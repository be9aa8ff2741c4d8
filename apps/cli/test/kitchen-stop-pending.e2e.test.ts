// Stop while an approval waits: the question is recorded as ended by the stop — never as "denied
// by you" — in the terminal, in the --json events and in the run's trace, and the run ends aborted
// with a report of what it established. runKitchen in this process, cookie-jars as a real child
// process, a person at a fake terminal who never answers.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoopEvent } from '@kitchen/host';
import { ScriptedModel, textTurn, toolTurn } from '@kitchen/host/testing';
import { PROCESS_TEST_TIMEOUT_MS, serversConfig } from '@kitchen/probe-kit/cli-process';
import { EXIT } from '@kitchen/runtime/kitchen-output';
import { describe, expect, it } from 'vitest';
import { createFakeTerminal } from './fake-terminal.js';
import { runInProcess } from './in-process-kitchen.js';

/** Inspects jar 3, then asks to discard it; the discard waits on a person. */
function discardingModel(): ScriptedModel {
  return new ScriptedModel([
    toolTurn({ name: 'inspect_jar', input: { id: 3 } }),
    { text: 'Jar 3 is off: discarding it.', toolUses: [{ name: 'discard_jar', input: { id: 3 } }] },
    textTurn('unreached'),
  ]);
}

async function stopWhileAsked(json: boolean) {
  const terminal = createFakeTerminal();
  const stop = new AbortController();
  const runsDir = mkdtempSync(join(tmpdir(), 'kitchen-stop-'));
  const running = runInProcess({
    task: 'Check jar 3 and discard it if it is off',
    args: [
      ...(json ? ['--json'] : []),
      '--jars',
      '20',
      '--runs-dir',
      runsDir,
      '--config',
      serversConfig('cookie-jars'),
    ],
    model: discardingModel(),
    terminal,
    signal: stop.signal,
  });
  await terminal.waitFor('Allow?');
  stop.abort(new Error('interrupted by SIGINT'));
  const run = await running;
  const tracePath = /📼 trace: (\S+)/.exec(json ? run.stderr : run.stdout)?.[1];
  return { run, trace: readFileSync(tracePath ?? 'no trace path printed', 'utf8') };
}

describe.concurrent('Stop while an approval waits', () => {
  it('is recorded as a stop in the --json events and the trace, and the run reports what it established', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const { run, trace } = await stopWhileAsked(true);
    expect(run.code).toBe(EXIT.interrupted);
    const response = run.events.find((event) => event.type === 'approval-response' && event.tool === 'discard_jar');
    expect(response).toMatchObject({ tool: 'discard_jar', decision: 'denied', by: 'stop' });
    expect(run.events.find((event) => event.type === 'tool-result' && event.tool === 'discard_jar')).toMatchObject({
      isError: true,
      content: expect.not.stringContaining('denied'),
    });
    const done = run.events.at(-1) as Extract<LoopEvent, { type: 'done' }>;
    expect(done).toMatchObject({ type: 'done', stopReason: 'aborted' });
    // The findings first, then what was not done, then why it stopped.
    expect(done.finalText).toMatch(
      /^What the tool results established[\s\S]*\nThe run was stopped before I could finish\.$/,
    );
    expect(done.finalText).toContain('- inspect_jar id 3: id 3,');
    // Who stopped it is recorded, not only that it was aborted.
    expect(done.stoppedBy).toMatch(/^interrupted by SIG/);
    expect(done.finalText).not.toContain('discarding it');
    const traced = trace
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; event?: LoopEvent })
      .flatMap((line) =>
        line.event?.type === 'approval-response' && line.event.tool === 'discard_jar' ? [line.event] : [],
      );
    expect(traced).toEqual([expect.objectContaining({ tool: 'discard_jar', by: 'stop' })]);
  });

  it('is printed as stopped, never as denied by you', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const { run } = await stopWhileAsked(false);
    expect(run.code).toBe(EXIT.interrupted);
    expect(run.stdout).toContain('⛔ denied discard_jar (the run was stopped)');
    expect(run.stdout).not.toContain('denied discard_jar by you');
    expect(run.stdout).toMatch(
      /── report ──\nWhat the tool results established[\s\S]*\nThe run was stopped before I could finish\.\n/,
    );
  });
});
