// How a run on the Anthropic model tells what happened when the API misbehaves: the real CLI, the
// real SDK and a real cookie-jars server, against a local fake Messages API on 127.0.0.1 that is
// overloaded, cuts an answer off at max_tokens, or sends garbage.

import type { LoopEvent } from '@kitchen/host';
import { type FakeScript, overloadedReply, startFakeMessagesApi, textReply } from '@kitchen/host/testing';
import { PROCESS_TEST_TIMEOUT_MS, runCli, serversConfig } from '@kitchen/probe-kit/cli-process';
import { EXIT } from '@kitchen/runtime/kitchen-output';
import { describe, expect, it } from 'vitest';

const KEY = 'sk-ant-kitchen-test';

/** Each run gets its own fake API, closed when the run ends (the tests run concurrently). */
async function runAgainst(script: FakeScript, ...flags: string[]) {
  const api = await startFakeMessagesApi({ script, apiKey: KEY });
  try {
    const args = [
      'run',
      '--model',
      'anthropic',
      '--config',
      serversConfig('cookie-jars'),
      ...flags,
      'Is jar 3 intact?',
    ];
    return { ...(await runCli(args, { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: api.url })), url: api.url };
  } finally {
    await api.close();
  }
}

const overloadedThenCutOff: FakeScript = [
  overloadedReply(),
  { ...textReply('Jar 3 has an intact seal, but its weight'), stop_reason: 'max_tokens' },
];

describe.concurrent('an API that misbehaves, as the CLI tells it', () => {
  it('shows the retry, marks the answer cut off at max_tokens as incomplete and exits 3', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runAgainst(overloadedThenCutOff);
    expect(result.stdout).toContain('🔁 The Anthropic API is overloaded (529), retry 1 of 2 in 5 ms');
    expect(result.stdout).toContain(
      "⚠️ stopped early (max_tokens): The model's answer was cut off at its limit of 4096 output tokens, so this report is incomplete.",
    );
    expect(result.stdout).toContain('── report (cut off: incomplete) ──\nJar 3 has an intact seal, but its weight');
    expect(result.stdout).toMatch(/📊 max_tokens · 1 iteration · /);
    expect(result.code).toBe(EXIT.partial);
  });

  it('puts the retry and the truncation in the --json events', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await runAgainst(overloadedThenCutOff, '--json');
    const events = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as LoopEvent);
    expect(events.find((event) => event.type === 'model-retry')).toMatchObject({
      attempt: 1,
      maxRetries: 2,
      delayMs: 5,
      code: 'model-overloaded',
    });
    expect(events.find((event) => event.type === 'usage')).toMatchObject({ stopReason: 'max_tokens' });
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      stopReason: 'max_tokens',
      modelStopReason: 'max_tokens',
      truncated: true,
    });
    expect(result.code).toBe(EXIT.partial);
  });

  it('turns a reply without content into one sentence naming the API and its URL, and exits 1', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const garbage = { raw: JSON.stringify({ type: 'message', stop_reason: 'end_turn', model: 'm' }) };
    const result = await runAgainst([garbage]);
    expect(result.stdout).toContain(
      `⚠️ stopped early (error): The model (claude-sonnet-5-5) failed on iteration 1: The Anthropic API at ${result.url} sent a reply that is not a Messages API message: "content" is missing.`,
    );
    expect(`${result.stdout}${result.stderr}`).not.toContain('is not iterable');
    expect(result.code).toBe(EXIT.failed);
  });
});
