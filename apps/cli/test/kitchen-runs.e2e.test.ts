// Recorded runs through the real CLI: `kitchen runs` lists a run, `kitchen replay` renders the same
// events, `kitchen rerun` matches its recording against the same servers and reports a server that
// now answers differently as a divergence; a run's worker options are kept in its trace and
// restored by the rerun.

import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoopEvent } from '@kitchen/host';
import {
  CLI_DIRECTORY,
  PROCESS_TEST_TIMEOUT_MS,
  parseEvents,
  runCli,
  serversConfig,
  writeConfig,
} from '@kitchen/probe-kit/cli-process';
import { demoTask } from '@kitchen/runtime/kitchen-task';
import { describe, expect, it } from 'vitest';

const JARS = 40;
const config = serversConfig('cookie-jars');
/** The same server answering from another seed: the same jars with other weights, seals and notes. */
const otherSeed = writeConfig({
  servers: [
    {
      name: 'cookie-jars',
      package: `${CLI_DIRECTORY}../../servers/cookie-jars`,
      entry: 'src/main.ts',
      args: ['--seed', '7'],
    },
  ],
});

const withoutLogs = (events: LoopEvent[]) => events.filter((event) => event.type !== 'server-log');

describe.sequential('kitchen runs, replay and rerun', () => {
  const runsDir = mkdtempSync(join(tmpdir(), 'kitchen-runs-e2e-'));
  let recorded: LoopEvent[] = [];
  let runId = '';

  it('records a run, and kitchen runs lists it with its outcome, tokens and workers', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const run = await runCli(['demo', '--jars', String(JARS), '--json', '--config', config, '--runs-dir', runsDir]);
    expect(run.code, run.stderr).toBe(0);
    recorded = parseEvents(run.stdout);
    const done = recorded.at(-1);
    if (done?.type !== 'done') throw new Error('the run did not end with done');

    const listed = await runCli(['runs', '--json', '--runs-dir', runsDir]);
    expect(listed.code).toBe(0);
    const runs = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      task: demoTask(JARS),
      outcome: 'done',
      stopReason: 'end_turn',
      tokens: done.tokens,
      workers: recorded.filter((event) => event.type === 'agent-start' && event.agent !== 'main').length,
    });
    expect(runs[0]?.['workers']).toBeGreaterThan(0);
    runId = String(runs[0]?.['id']);

    const table = await runCli(['runs', '--runs-dir', runsDir]);
    expect(table.stdout).toContain(runId);
    expect(table.stdout).toMatch(/\bdone\b/);
    expect(table.stdout).toContain(`1 run in ${runsDir}`);
  });

  it('replays the recorded run: the same events, with nothing started', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const replay = await runCli(['replay', runId, '--speed', '0', '--json', '--runs-dir', runsDir]);
    expect(replay.code, replay.stderr).toBe(0);
    expect(withoutLogs(parseEvents(replay.stdout))).toEqual(withoutLogs(recorded));
    expect(replay.stderr).toContain(`📼 replay of ${runId}`);
    expect(replay.stderr).not.toContain('🍳');
  });

  it('reruns it against the same servers and finds it the same', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const rerun = await runCli(['rerun', runId, '--runs-dir', runsDir]);
    expect(rerun.code, `${rerun.stdout}\n${rerun.stderr}`).toBe(0);
    expect(rerun.stdout).toContain(`🔁 rerun of ${runId}`);
    expect(rerun.stdout).toMatch(
      /✅ the rerun matches its recording: \d+ tool results and the final report are the same/,
    );
  });

  it('reports a server that now answers differently as a divergence with a diff, and exits 1', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const rerun = await runCli(['rerun', runId, '--runs-dir', runsDir, '--config', otherSeed]);
    expect(rerun.code).toBe(1);
    expect(rerun.stdout).toMatch(/❗ the rerun diverges from its recording in \d+ place\(s\):/);
    expect(rerun.stdout).toMatch(/cookie-jars\/\w+ \(agent \w+, [^)]+\) answered differently:\n {4}- .*\n {4}\+ /);
  });
});

describe('worker options in a trace', () => {
  it('are kept in the trace header and restored by kitchen rerun, so the rerun is the same run', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const runsDir = mkdtempSync(join(tmpdir(), 'kitchen-runs-workers-'));
    const schema = { type: 'object', properties: { tampered: { type: 'array', items: { type: 'integer' } } } };
    const schemaFile = join(mkdtempSync(join(tmpdir(), 'kitchen-schema-')), 'report.schema.json');
    writeFileSync(schemaFile, JSON.stringify(schema));
    const args = ['--config', config, '--runs-dir', runsDir];
    const run = await runCli([
      'demo',
      '--jars',
      String(JARS),
      ...args,
      '--worker-tools',
      'list_jars,inspect_jar',
      '--worker-report',
      schemaFile,
      '--worker-max-tokens',
      '2048',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const [file] = readdirSync(runsDir);
    const header = JSON.parse(readFileSync(join(runsDir, String(file)), 'utf8').split('\n')[0] ?? '') as {
      settings: Record<string, unknown>;
    };
    expect(header.settings['workers']).toEqual({
      maxTokens: 2048,
      tools: { kind: 'restrict', tools: ['list_jars', 'inspect_jar'] },
      reportSchema: schema,
    });

    const rerun = await runCli(['rerun', 'last', ...args]);
    expect(rerun.code, `${rerun.stdout}\n${rerun.stderr}`).toBe(0);
    expect(rerun.stdout).toContain(
      '🧑‍🍳 workers as recorded: max tokens 2048 · tools: only list_jars, inspect_jar · report schema',
    );
    expect(rerun.stdout).toContain('✅ the rerun matches its recording');
  });
});
