import { afterEach, describe, expect, it } from 'vitest';
import type { ModelRetry } from '../../model.js';
import {
  type FakeMessagesApi,
  type FakeScript,
  overloadedReply,
  startFakeMessagesApi,
  textReply,
} from '../../testing/fake-messages-api.js';
import { ModelApiError } from '../model-errors.js';
import { AnthropicModel } from './anthropic-model.js';

const KEY = 'sk-ant-test-key';

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function modelAgainst(script: FakeScript, maxRetries?: number): Promise<AnthropicModel> {
  api = await startFakeMessagesApi({ script, apiKey: KEY });
  return new AnthropicModel({ apiKey: KEY, baseURL: api.url, ...(maxRetries === undefined ? {} : { maxRetries }) });
}

const hello = { messages: [{ role: 'user' as const, content: 'hello' }], maxTokens: 50 };

describe('AnthropicModel: retries and faults a person can read', () => {
  it('announces each retry of an overloaded API before it waits, with the wait the API asked for', async () => {
    const model = await modelAgainst([overloadedReply(), overloadedReply(), textReply('fine now')], 3);
    const retries: ModelRetry[] = [];
    const response = await model.complete({ ...hello, onRetry: (retry) => retries.push(retry) });
    expect(response.content).toEqual([{ type: 'text', text: 'fine now' }]);
    expect(retries).toEqual([
      {
        attempt: 1,
        maxRetries: 3,
        delayMs: 5,
        code: 'model-overloaded',
        reason: 'The Anthropic API is overloaded (529)',
      },
      {
        attempt: 2,
        maxRetries: 3,
        delayMs: 5,
        code: 'model-overloaded',
        reason: 'The Anthropic API is overloaded (529)',
      },
    ]);
    expect(api!.requests).toHaveLength(3);
  });

  it('honours retry-after in seconds and a rate limit is announced as one', async () => {
    const model = await modelAgainst([
      { status: 429, type: 'rate_limit_error', message: 'Slow down', headers: { 'retry-after': '0.01' } },
      textReply('ok'),
    ]);
    const retries: ModelRetry[] = [];
    await model.complete({ ...hello, onRetry: (retry) => retries.push(retry) });
    expect(retries).toEqual([
      {
        attempt: 1,
        maxRetries: 2,
        delayMs: 10,
        code: 'model-rate-limited',
        reason: 'The Anthropic API is rate limiting this key (429)',
      },
    ]);
  });

  it('does not retry when the API says x-should-retry: false', async () => {
    const model = await modelAgainst([{ ...overloadedReply(), headers: { 'x-should-retry': 'false' } }]);
    const retries: ModelRetry[] = [];
    await expect(model.complete({ ...hello, onRetry: (retry) => retries.push(retry) })).rejects.toMatchObject({
      code: 'model-overloaded',
    });
    expect(retries).toEqual([]);
    expect(api!.requests).toHaveLength(1);
  });

  it.each([
    ['a body that is not JSON', { raw: '{"id": "msg_1", "content": [' }, /its body is not JSON \(/],
    [
      'an HTML page',
      { raw: '<html>Bad gateway</html>', contentType: 'text/html' },
      /the body is text \("<html>Bad gateway<\/html>"\), not a JSON object/,
    ],
    [
      'a reply without content',
      {
        raw: JSON.stringify({
          type: 'message',
          stop_reason: 'end_turn',
          model: 'm',
          usage: { input_tokens: 1, output_tokens: 1 },
        }),
      },
      /"content" is missing/,
    ],
    [
      'content of the wrong type',
      {
        raw: JSON.stringify({
          content: 'hi',
          stop_reason: 'end_turn',
          model: 'm',
          usage: { input_tokens: 1, output_tokens: 1 },
        }),
      },
      /"content" is text \("hi"\), expected an array/,
    ],
    [
      'a text block whose text is a number',
      {
        raw: JSON.stringify({
          content: [{ type: 'text', text: 7 }],
          stop_reason: 'end_turn',
          model: 'm',
          usage: { input_tokens: 1, output_tokens: 1 },
        }),
      },
      /"content\.0\.text" is a number, expected a string/,
    ],
    [
      'a stop reason the API does not define',
      {
        raw: JSON.stringify({
          content: [],
          stop_reason: 'tired',
          model: 'm',
          usage: { input_tokens: 1, output_tokens: 1 },
        }),
      },
      /"stop_reason" is "tired", which the API does not define/,
    ],
    [
      'usage missing a count',
      { raw: JSON.stringify({ content: [], stop_reason: 'end_turn', model: 'm', usage: { input_tokens: 1 } }) },
      /"usage\.output_tokens" is missing/,
    ],
  ])('says in one sentence what is wrong with %s, naming the API and its base URL', async (_name, reply, problem) => {
    const model = await modelAgainst([reply]);
    const failure = model.complete(hello);
    await expect(failure).rejects.toBeInstanceOf(ModelApiError);
    await expect(failure).rejects.toMatchObject({ code: 'model-bad-response', retryable: false });
    const message = await failure.then(
      () => '',
      (error: Error) => error.message,
    );
    expect(message).toMatch(
      new RegExp(`^The Anthropic API at ${api!.url} sent a reply that is not a Messages API message: `),
    );
    expect(message).toMatch(problem);
    expect(message.split('\n')).toHaveLength(1);
  });

  it.each(['max_tokens', 'refusal', 'pause_turn', 'stop_sequence'] as const)(
    'keeps the stop reason %s',
    async (reason) => {
      const model = await modelAgainst([{ ...textReply('so far'), stop_reason: reason }]);
      await expect(model.complete(hello)).resolves.toMatchObject({ stopReason: reason });
    },
  );
});
