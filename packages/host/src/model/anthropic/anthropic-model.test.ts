import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message, ModelRequest, ToolSpec } from '../../model.js';
import {
  type FakeMessagesApi,
  type FakeScript,
  overloadedReply,
  startFakeMessagesApi,
  textReply,
  toolUseReply,
} from '../../testing/fake-messages-api.js';
import { ModelAbortedError, ModelApiError, ModelUnreachableError } from '../model-errors.js';
import { AnthropicModel, DEFAULT_ANTHROPIC_MODEL } from './anthropic-model.js';

const KEY = 'sk-ant-test-key';
const inspectJar: ToolSpec = {
  name: 'cookie-jars__inspect_jar',
  description: 'Inspect one jar.',
  input_schema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
};

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function modelAgainst(
  script: FakeScript,
  options: { key?: string; model?: string } = {},
): Promise<AnthropicModel> {
  api = await startFakeMessagesApi({ script, apiKey: KEY });
  // The real SDK path, pointed at the fake by its base URL.
  return new AnthropicModel({
    apiKey: options.key ?? KEY,
    baseURL: api.url,
    model: options.model ?? DEFAULT_ANTHROPIC_MODEL,
  });
}

describe('AnthropicModel against a local fake of the Messages API', () => {
  it('runs a tool_use round trip: tool call out, tool result (with is_error) back, final text', async () => {
    const model = await modelAgainst([
      toolUseReply('cookie-jars__inspect_jar', { id: 5 }, { id: 'toolu_01', text: 'Let me look.' }),
      { ...textReply('Jar 5 could not be inspected.'), usage: { input_tokens: 321, output_tokens: 12 } },
    ]);
    const messages: Message[] = [{ role: 'user', content: 'Inspect jar 5' }];
    const first = await model.complete({
      system: 'You are a careful cook.',
      messages,
      tools: [inspectJar],
      maxTokens: 1024,
    });
    expect(first.stopReason).toBe('tool_use');
    expect(first.content).toEqual([
      { type: 'text', text: 'Let me look.' },
      { type: 'tool_use', id: 'toolu_01', name: 'cookie-jars__inspect_jar', input: { id: 5 } },
    ]);
    expect(first.model).toBe('claude-sonnet-5-5');

    messages.push({ role: 'assistant', content: first.content });
    messages.push({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: 'Request timed out', is_error: true }],
    });
    const second = await model.complete({ messages, tools: [inspectJar], maxTokens: 1024 });
    expect(second).toEqual({
      content: [{ type: 'text', text: 'Jar 5 could not be inspected.' }],
      stopReason: 'end_turn',
      usage: { inputTokens: 321, outputTokens: 12 },
      model: 'claude-sonnet-5-5',
    });

    const [sent1, sent2] = api!.requests;
    expect(sent1?.headers['authorization']).toBe(`Bearer ${KEY}`);
    expect(sent1?.headers['anthropic-version']).toBeDefined();
    expect(sent1?.body).toMatchObject({
      model: 'claude-sonnet-5-5',
      max_tokens: 1024,
      system: 'You are a careful cook.',
      tools: [inspectJar],
    });
    expect(sent2?.body.messages[2]).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: 'Request timed out', is_error: true }],
    });
    expect(sent2?.body.system).toBeUndefined();
  });

  it('reports usage from the API and the model name from KITCHEN_MODEL', async () => {
    const model = await modelAgainst([{ ...textReply('hi'), usage: { input_tokens: 7, output_tokens: 3 } }], {
      model: 'claude-haiku-5-5',
    });
    expect(model.id).toBe('claude-haiku-5-5');
    const response = await model.complete({ messages: [{ role: 'user', content: 'hello' }], maxTokens: 50 });
    expect(response.usage).toEqual({ inputTokens: 7, outputTokens: 3 });
    expect(api!.requests[0]?.body.model).toBe('claude-haiku-5-5');
  });

  it('leaves out empty text blocks, which the API refuses', async () => {
    const model = await modelAgainst([textReply('ok')]);
    const request: ModelRequest = {
      messages: [
        { role: 'user', content: 'go' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: '' },
            { type: 'tool_use', id: 't1', name: 'cookie-jars__inspect_jar', input: { id: 1 } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: '{}' }] },
      ],
      tools: [inspectJar],
      maxTokens: 100,
    };
    await expect(model.complete(request)).resolves.toMatchObject({ stopReason: 'end_turn' });
  });

  it('retells the tool history as text in a call without tools (a last-chance report)', async () => {
    const model = await modelAgainst([textReply('Jar 1 is clean; jar 2 was not reached.')]);
    const response = await model.complete({
      messages: [
        { role: 'user', content: 'Inspect jars 1 and 2' },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 't1', name: 'cookie-jars__inspect_jar', input: { id: 1 } }],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: '{"id":1,"seal":"intact"}' },
            { type: 'text', text: 'Report now, without tools.' },
          ],
        },
      ],
      maxTokens: 100,
    });
    expect(response.content).toEqual([{ type: 'text', text: 'Jar 1 is clean; jar 2 was not reached.' }]);
    const sent = api!.requests[0]?.body;
    expect(sent?.tools).toBeUndefined();
    expect(sent?.messages[1]).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: '[called tool cookie-jars__inspect_jar with {"id":1}]' }],
    });
    expect(sent?.messages[2]?.content).toContainEqual({
      type: 'text',
      text: '[tool result: {"id":1,"seal":"intact"}]',
    });
  });

  it('says clearly that the API key was rejected (401), without retrying', async () => {
    const model = await modelAgainst([textReply('never')], { key: 'sk-ant-wrong' });
    const failure = model.complete({ messages: [{ role: 'user', content: 'hello' }], maxTokens: 50 });
    await expect(failure).rejects.toBeInstanceOf(ModelApiError);
    await expect(failure).rejects.toMatchObject({ code: 'model-authentication', status: 401, retryable: false });
    await expect(failure).rejects.toThrow(
      /^ANTHROPIC_API_KEY was rejected \(401\): invalid x-api-key\. Check that the key is complete/,
    );
    expect(api!.requests).toHaveLength(1);
  });

  it('retries an overloaded API (529) and then says so clearly', async () => {
    const model = await modelAgainst(() => overloadedReply());
    const failure = model.complete({ messages: [{ role: 'user', content: 'hello' }], maxTokens: 50 });
    await expect(failure).rejects.toMatchObject({ code: 'model-overloaded', status: 529, retryable: true });
    await expect(failure).rejects.toThrow(
      /The Anthropic API is overloaded \(529, still after retries\): Overloaded\. Try again in a few minutes/,
    );
    expect(api!.requests).toHaveLength(3);
  });

  it('gets through when the API recovers after an overloaded answer', async () => {
    const model = await modelAgainst([overloadedReply(), textReply('fine now')]);
    const response = await model.complete({ messages: [{ role: 'user', content: 'hello' }], maxTokens: 50 });
    expect(response.content).toEqual([{ type: 'text', text: 'fine now' }]);
  });

  it('says which request field the API refused (400)', async () => {
    const model = await modelAgainst([textReply('never')]);
    const bad = model.complete({ messages: [{ role: 'assistant', content: 'I start' }], maxTokens: 50 });
    await expect(bad).rejects.toMatchObject({ code: 'model-bad-request', status: 400 });
    await expect(bad).rejects.toThrow(/the first message must use the "user" role/);
  });

  it('names the address it could not reach when the network fails', async () => {
    // A port that was free a moment ago: nothing listens there now.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const model = new AnthropicModel({ apiKey: KEY, baseURL: `http://127.0.0.1:${port}`, maxRetries: 0 });
    const failure = model.complete({ messages: [{ role: 'user', content: 'hello' }], maxTokens: 50 });
    await expect(failure).rejects.toBeInstanceOf(ModelUnreachableError);
    await expect(failure).rejects.toThrow(
      `Could not reach the Anthropic API at http://127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}. Check the network and the base URL.`,
    );
  });

  it('aborts a call in flight through the signal, without retrying it', async () => {
    // The reply outlasts the test's timeout: settling at all means the abort reached the call.
    const model = await modelAgainst(() => ({ ...textReply('too late'), delayMs: 60_000 }));
    const controller = new AbortController();
    const pending = model.complete({
      messages: [{ role: 'user', content: 'hello' }],
      maxTokens: 50,
      signal: controller.signal,
    });
    // Abort once the call has reached the API (in that order, however long it takes to get there).
    await vi.waitFor(() => expect(api!.requests).toHaveLength(1), { timeout: 20_000 });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(ModelAbortedError);
    expect(api!.requests).toHaveLength(1);
  });

  it('does not even send a call whose signal is already aborted', async () => {
    const model = await modelAgainst(() => textReply('slow'));
    const controller = new AbortController();
    controller.abort();
    await expect(
      model.complete({ messages: [{ role: 'user', content: 'hello' }], maxTokens: 50, signal: controller.signal }),
    ).rejects.toBeInstanceOf(ModelAbortedError);
    expect(api!.requests).toHaveLength(0);
  });
});
