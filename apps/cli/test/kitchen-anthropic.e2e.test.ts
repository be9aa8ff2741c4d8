// The same kitchen on Claude, without a key or the network: the real CLI, the real Anthropic SDK
// and a real cookie-jars server, with ANTHROPIC_BASE_URL pointed at a local fake Messages API.

import { DEFAULT_ANTHROPIC_MODEL } from '@kitchen/host';
import {
  type FakeMessagesApi,
  type RecordedMessagesRequest,
  startFakeMessagesApi,
  textReply,
  toolUseReply,
} from '@kitchen/host/testing';
import { PROCESS_TEST_TIMEOUT_MS, runCli, serversConfig } from '@kitchen/probe-kit/cli-process';
import { afterEach, describe, expect, it } from 'vitest';

const KEY = 'sk-ant-kitchen-test';
const cookieJarsConfig = serversConfig('cookie-jars');

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** Asks for jar 3 first; once a tool result is back, reports what the result said. */
function jarThreeScript(request: RecordedMessagesRequest) {
  const last = request.body.messages.at(-1)?.content;
  const result = typeof last === 'string' ? undefined : last?.find((block) => block.type === 'tool_result');
  if (result === undefined)
    return toolUseReply('inspect_jar', { id: 3 }, { id: 'toolu_jar_3', text: 'Let me look at jar 3.' });
  const jar = JSON.parse(String(result.content)) as { id: number; seal: string };
  return textReply(`Jar ${jar.id}: seal ${jar.seal}.`);
}

describe('kitchen on the Anthropic model', () => {
  it('runs a task through the real SDK: the tool call reaches the server and its result reaches the model', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    api = await startFakeMessagesApi({ script: jarThreeScript, apiKey: KEY });
    const result = await runCli(['run', '--model', 'anthropic', '--config', cookieJarsConfig, 'Is jar 3 intact?'], {
      ANTHROPIC_API_KEY: KEY,
      ANTHROPIC_BASE_URL: api.url,
    });

    expect(result.code).toBe(0);
    expect(api.requests).toHaveLength(2);
    const [first, second] = api.requests;
    expect(first?.body.model).toBe(DEFAULT_ANTHROPIC_MODEL);
    expect(first?.body.tools?.map((tool) => tool.name)).toContain('inspect_jar');
    expect(first?.body.messages[0]).toMatchObject({ role: 'user' });
    const answer = second?.body.messages.at(-1)?.content;
    expect(JSON.stringify(answer)).toContain('\\"id\\":3');
    // Seed 1729's jar 3 has an intact seal and an unexplained weight (docs/servers.md).
    expect(result.stdout).toContain('Jar 3: seal intact.');
    expect(result.stdout).toContain(`model: ${DEFAULT_ANTHROPIC_MODEL}`);
    expect(result.stdout).not.toContain('offline model');
  });

  it('says in words that the API key was rejected, and exits 1', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    api = await startFakeMessagesApi({ script: jarThreeScript, apiKey: KEY });
    const result = await runCli(['run', '--model', 'anthropic', '--config', cookieJarsConfig, 'Is jar 3 intact?'], {
      ANTHROPIC_API_KEY: 'sk-ant-wrong',
      ANTHROPIC_BASE_URL: api.url,
    });

    expect(result.code).toBe(1);
    expect(`${result.stdout}${result.stderr}`).toContain('ANTHROPIC_API_KEY was rejected (401)');
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });
});
