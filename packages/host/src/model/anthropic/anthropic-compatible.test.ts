// The Anthropic model pointed at another endpoint that speaks the Messages API (a local runtime, a
// proxy): no key needed, its replies reported as the model it was asked for.

import { afterEach, describe, expect, it } from 'vitest';
import { type FakeMessagesApi, startFakeMessagesApi, textReply } from '../../testing/fake-messages-api.js';
import { AnthropicModel, isAnthropicApiUrl } from './anthropic-model.js';

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('an Anthropic-compatible endpoint', () => {
  it('needs no key when the base URL is not Anthropic API, and sends a placeholder as the key', async () => {
    api = await startFakeMessagesApi({
      script: [{ ...textReply('Hello.'), usage: { input_tokens: 9, output_tokens: 2 } }],
    });
    const model = new AnthropicModel({
      baseURL: api.url,
      model: 'qwen3:8b',
      label: 'qwen3:8b (local)',
      reportAs: 'qwen3:8b',
    });
    const reply = await model.complete({ messages: [{ role: 'user', content: 'Hi' }], maxTokens: 64 });
    expect(reply).toMatchObject({ content: [{ type: 'text', text: 'Hello.' }], model: 'qwen3:8b' });
    expect(api.requests[0]?.body.model).toBe('qwen3:8b');
    const headers = api.requests[0]?.headers ?? {};
    expect(headers['x-api-key'] ?? headers['authorization']).toMatch(/^(Bearer )?none$/);
    expect(model.label).toBe('qwen3:8b (local)');
  });

  it("still refuses to call Anthropic's own API without a key", () => {
    expect(() => new AnthropicModel({})).toThrow(/needs an API key/);
    expect(() => new AnthropicModel({ baseURL: 'https://api.anthropic.com' })).toThrow(/needs an API key/);
  });

  it("tells Anthropic's API apart from every other base URL", () => {
    expect(isAnthropicApiUrl('https://api.anthropic.com')).toBe(true);
    expect(isAnthropicApiUrl('https://eu.api.anthropic.com/')).toBe(true);
    expect(isAnthropicApiUrl('http://localhost:11434')).toBe(false);
    expect(isAnthropicApiUrl('https://anthropic.com.example.net')).toBe(false);
    expect(isAnthropicApiUrl('not a url')).toBe(false);
  });
});
