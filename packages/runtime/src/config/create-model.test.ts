import { AnthropicModel, ConfigurationError, DEFAULT_ANTHROPIC_MODEL, TreeBudget } from '@kitchen/host';
import { startFakeMessagesApi, textReply } from '@kitchen/host/testing';
import { OfflineModel } from '@kitchen/offline-model';
import { describe, expect, it } from 'vitest';
import { chooseModel, createModel, pricesFor } from './create-model.js';

describe('createModel', () => {
  it('picks the offline model for "auto" when no API key is set', () => {
    expect(createModel('auto', {})).toBeInstanceOf(OfflineModel);
    expect(createModel('auto', { ANTHROPIC_API_KEY: '  ' })).toBeInstanceOf(OfflineModel);
  });

  it('picks Claude for "auto" when ANTHROPIC_API_KEY is set, with the default model name', () => {
    const model = createModel('auto', { ANTHROPIC_API_KEY: 'sk-ant-x' });
    expect(model).toBeInstanceOf(AnthropicModel);
    expect(model.id).toBe(DEFAULT_ANTHROPIC_MODEL);
  });

  it('takes the model name from --model-name first, then KITCHEN_MODEL', () => {
    expect(createModel('anthropic', { ANTHROPIC_API_KEY: 'k', KITCHEN_MODEL: 'claude-opus-5-5' }).id).toBe(
      'claude-opus-5-5',
    );
    expect(
      createModel(
        'anthropic',
        { ANTHROPIC_API_KEY: 'k', KITCHEN_MODEL: 'claude-opus-5-5' },
        { modelName: 'claude-haiku-5-5' },
      ).id,
    ).toBe('claude-haiku-5-5');
  });

  it('uses the offline model when asked, even with a key, and passes its latency', async () => {
    const model = createModel('offline', { ANTHROPIC_API_KEY: 'sk-ant-x' }, { latencyMs: 40 });
    expect(model.label).toBe('offline model');
    const started = performance.now();
    await model.complete({ messages: [{ role: 'user', content: 'roll 2 dice' }], maxTokens: 100 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
  });

  it('honours ANTHROPIC_BASE_URL: the call reaches the Messages API it names', async () => {
    const api = await startFakeMessagesApi({ script: [textReply('Hello from the fake.')], apiKey: 'sk-ant-x' });
    try {
      const model = createModel('anthropic', { ANTHROPIC_API_KEY: 'sk-ant-x', ANTHROPIC_BASE_URL: api.url });
      const response = await model.complete({ messages: [{ role: 'user', content: 'Hi' }], maxTokens: 50 });
      expect(response.content).toEqual([{ type: 'text', text: 'Hello from the fake.' }]);
    } finally {
      await api.close();
    }
  });

  it('explains how to fix "anthropic" without a key', () => {
    expect(() => createModel('anthropic', {})).toThrow(ConfigurationError);
    expect(() => createModel('anthropic', {})).toThrow(
      /needs an API key: set ANTHROPIC_API_KEY .*or use --model offline/,
    );
  });

  it('names the allowed choices when given another', () => {
    expect(() => createModel('gpt' as 'auto', {})).toThrow(
      '--model must be one of offline, anthropic, auto; got "gpt".',
    );
  });
});

describe('chooseModel at an Anthropic-compatible endpoint', () => {
  it('selects the model at a non-Anthropic base URL with no key and prices it 0, the flag over the environment over the config', async () => {
    const api = await startFakeMessagesApi({
      script: [{ ...textReply('Hi from a local model.'), usage: { input_tokens: 1000, output_tokens: 100 } }],
    });
    try {
      const chosen = chooseModel(
        'auto',
        { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' },
        { baseUrl: `${api.url}/v1`, modelName: 'qwen3:8b', configured: { baseUrl: 'http://127.0.0.1:8' } },
      );
      expect(chosen.local).toEqual({ baseUrl: api.url, droppedV1: true });
      expect(chosen.model.id).toBe('qwen3:8b');
      expect(chosen.model.label).toBe('qwen3:8b');
      const reply = await chosen.model.complete({ messages: [{ role: 'user', content: 'Hi' }], maxTokens: 50 });
      expect(reply.model).toBe('qwen3:8b');
      const budget = new TreeBudget({ maxTokens: 10_000, prices: pricesFor([chosen]) });
      expect(budget.priceOf('qwen3:8b', reply.usage)).toBe(0);
    } finally {
      await api.close();
    }
  });

  it("takes the name and the price from the config's model section", () => {
    const chosen = chooseModel(
      'anthropic',
      {},
      {
        configured: {
          baseUrl: 'http://localhost:11434',
          name: 'llama',
          price: { inputPerMillion: 30, outputPerMillion: 60 },
        },
      },
    );
    expect(chosen.local?.price).toEqual({ inputPerMillion: 30, outputPerMillion: 60 });
    expect(pricesFor([chosen])['llama']).toEqual({ inputPerMillion: 30, outputPerMillion: 60 });
  });

  it('asks for the name of a local model, and keeps the offline model when it is asked for', () => {
    expect(() => chooseModel('auto', { ANTHROPIC_BASE_URL: 'http://localhost:1234' })).toThrow(
      /The model at http:\/\/localhost:1234 needs a name: give --model-name NAME/,
    );
    expect(chooseModel('offline', { ANTHROPIC_BASE_URL: 'http://localhost:1234' }).model).toBeInstanceOf(OfflineModel);
    expect(
      chooseModel('auto', { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: 'https://api.anthropic.com' }).local,
    ).toBeUndefined();
  });
});
