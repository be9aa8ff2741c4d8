import { AnthropicModel, ConfigurationError, DEFAULT_ANTHROPIC_MODEL } from '@kitchen/host';
import { startFakeMessagesApi, textReply } from '@kitchen/host/testing';
import { OfflineModel } from '@kitchen/offline-model';
import { describe, expect, it } from 'vitest';
import { createModel } from './create-model.js';

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
