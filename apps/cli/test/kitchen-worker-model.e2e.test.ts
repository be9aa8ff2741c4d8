// Workers on another model through the real CLI: the main agent on the offline model, its workers
// on Claude (the real Anthropic SDK against a local fake Messages API), restricted to two tools.
// The summary prices each model's share as that model; a withheld tool is refused without
// reaching the server; the run reruns offline, its workers as recorded. A report that breaks the report schema is sent back once, then the worker
// fails in words.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type FakeMessagesApi,
  type RecordedMessagesRequest,
  startFakeMessagesApi,
  textReply,
  toolUseReply,
} from '@kitchen/host/testing';
import { PROCESS_TEST_TIMEOUT_MS, parseEvents, runCli, serversConfig } from '@kitchen/probe-kit/cli-process';
import { EXIT } from '@kitchen/runtime/kitchen-output';
import { afterEach, describe, expect, it } from 'vitest';

const KEY = 'sk-ant-kitchen-test';
const WORKER_MODEL = 'claude-haiku-4-5';
/** Every reply's usage, so the price is known: claude-haiku-4-5 costs 100¢ per million input and 500¢ per million output tokens. */
const USAGE = { input_tokens: 10_000, output_tokens: 1_000 };
const CENTS_PER_CALL = (10_000 * 100 + 1_000 * 500) / 1_000_000;

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

function lastToolResult(request: RecordedMessagesRequest): { content: string; is_error?: boolean } | undefined {
  const last = request.body.messages.at(-1)?.content;
  if (typeof last === 'string') return undefined;
  const block = last?.find((item) => item.type === 'tool_result');
  return block === undefined ? undefined : { content: String(block.content), is_error: block.is_error === true };
}

/** A worker that first tries a withheld tool, then inspects jar 1, then reports. */
function workerScript(request: RecordedMessagesRequest) {
  const turns = request.body.messages.filter((message) => message.role === 'assistant').length;
  const reply =
    turns === 0
      ? toolUseReply('discard_jar', { id: 1 }, { id: 'toolu_discard' })
      : turns === 1
        ? toolUseReply('inspect_jar', { id: 1 }, { id: 'toolu_inspect' })
        : textReply('jar 1: inspected');
  return { ...reply, usage: USAGE };
}

describe('worker options through the real CLI', () => {
  it('workers on another model are priced as that model in the summary; a restricted worker cannot call a withheld tool; the run reruns offline', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    api = await startFakeMessagesApi({ script: workerScript, apiKey: KEY });
    const runsDir = mkdtempSync(join(tmpdir(), 'kitchen-worker-model-runs-'));
    const result = await runCli(
      [
        'demo',
        '--runs-dir',
        runsDir,
        '--jars',
        '40',
        '--model',
        'offline',
        '--worker-model',
        WORKER_MODEL,
        '--worker-tools',
        'list_jars,inspect_jar',
        '--config',
        serversConfig('cookie-jars'),
      ],
      { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: api.url },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`🧑‍🍳 workers' model: ${WORKER_MODEL}`);

    const calls = api.requests.length;
    expect(calls).toBeGreaterThan(0);
    expect(calls % 3).toBe(0);
    for (const request of api.requests) {
      expect(request.body.model).toBe(WORKER_MODEL);
      expect((request.body.tools ?? []).map((tool) => tool.name).sort()).toEqual(['inspect_jar', 'list_jars']);
    }
    // The withheld tool came back as a refusal the worker could read; the server never saw it.
    const refusals = api.requests.map(lastToolResult).filter((found) => found?.content.includes('discard_jar'));
    expect(refusals).toHaveLength(calls / 3);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ is_error: true });
      expect(refusal?.content).toMatch(/not offered to this agent/);
    }
    expect(result.stdout).not.toMatch(/discarded/i);

    const tokens = (calls * (USAGE.input_tokens + USAGE.output_tokens)).toLocaleString('en-US');
    const cents = `${(calls * CENTS_PER_CALL).toFixed(1)}¢`;
    expect(result.stdout).toMatch(new RegExp(`💰 by model: .*\\b${WORKER_MODEL} ${tokens} tokens ${cents}`));
    expect(result.stdout).toMatch(/💰 by model: offline [\d,]+ tokens [\d.]+¢/);

    // Rerun offline (no key, no Messages API): the workers as recorded, their Claude answers replayed.
    const asked = api.requests.length;
    const rerun = await runCli(['rerun', 'last', '--runs-dir', runsDir]);
    expect(rerun.code, `${rerun.stdout}\n${rerun.stderr}`).toBe(0);
    expect(rerun.stdout).toContain(
      `🧑‍🍳 workers as recorded: model ${WORKER_MODEL} · tools: only list_jars, inspect_jar`,
    );
    expect(rerun.stdout).toContain('✅ the rerun matches its recording');
    expect(api.requests).toHaveLength(asked);
  });

  it('a report that breaks the schema is sent back once, then the worker fails in words', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const asked: string[] = [];
    api = await startFakeMessagesApi({
      apiKey: KEY,
      script: (request) => {
        const last = request.body.messages.at(-1)?.content;
        const text = typeof last === 'string' ? last : JSON.stringify(last);
        asked.push(text.includes('does not fit the report schema') ? 'fix' : 'brief');
        return {
          ...textReply(text.includes('does not fit') ? 'Still fine, jar 1.' : 'Jar 1 looks fine.'),
          usage: USAGE,
        };
      },
    });
    const schemaFile = join(mkdtempSync(join(tmpdir(), 'kitchen-schema-')), 'report.schema.json');
    writeFileSync(schemaFile, JSON.stringify({ type: 'object', required: ['tampered'] }));
    const result = await runCli(
      [
        'demo',
        '--jars',
        '40',
        '--json',
        '--model',
        'offline',
        '--worker-model',
        WORKER_MODEL,
        '--worker-report',
        schemaFile,
        '--config',
        serversConfig('cookie-jars'),
      ],
      { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: api.url },
    );
    const events = parseEvents(result.stdout);
    const hires = events.filter((event) => event.type === 'tool-result' && event.tool === 'spawn_agent');
    expect(hires.length).toBeGreaterThan(0);
    // Each worker: its brief, then exactly one request to fix the report.
    expect(asked.filter((turn) => turn === 'brief')).toHaveLength(hires.length);
    expect(asked.filter((turn) => turn === 'fix')).toHaveLength(hires.length);
    for (const hire of hires) {
      expect(hire).toMatchObject({ isError: true });
      // The worker's report first, then why it was not accepted.
      expect(hire.type === 'tool-result' && hire.content).toMatch(
        /^Jar 1 looks fine\.\n\nIts attempt at a fix was: Still fine, jar 1\.\n\nNot accepted: worker "[^"]+" \(agent \d+\) gave a report that does not fit the report schema, even after being asked once to fix it \(the report is not JSON\)\.$/,
      );
    }
    // No worker's report was accepted: the run is not done as asked, and says so.
    const done = events.at(-1);
    expect(done).toMatchObject({ type: 'done', failedToolCalls: hires.length });
    expect(done?.type === 'done' && done.finalText).toMatch(/Worker jars-1-20 did not report/);
    expect(result.code).toBe(EXIT.notDone);
  });
});
