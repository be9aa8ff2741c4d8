import { describe, expect, it } from 'vitest';
import { parseKitchenConfig } from './kitchen-config.js';

const file = '/kitchen/kitchen.config.json';
const servers = { far: { url: 'http://127.0.0.1:4100/mcp' } };

describe('the config\'s "model" section', () => {
  it('reads an Anthropic-compatible endpoint, its model and its price', () => {
    const model = {
      baseUrl: 'http://localhost:11434',
      name: 'qwen3:8b',
      price: { inputPerMillion: 3, outputPerMillion: 6 },
    };
    const result = parseKitchenConfig({ mcpServers: servers, model }, file);
    expect(result.ok && result.config.model).toEqual(model);
  });

  it('names the field and the fix for a bad one', () => {
    const refused = (model: unknown) => {
      const result = parseKitchenConfig({ mcpServers: servers, model }, file);
      return result.ok ? 'accepted' : result.message;
    };
    expect(refused({ baseUrl: 'localhost:11434' })).toMatch(
      /"model\.baseUrl" is not allowed .*fix: give the endpoint's URL without \/v1/,
    );
    expect(refused({ url: 'http://localhost:11434' })).toMatch(
      /unknown field "model\.url"; "model" holds "baseUrl", "name" and "price"/,
    );
    expect(refused({ price: { inputPerMillion: -1, outputPerMillion: 0 } })).toMatch(/"model\.price\.inputPerMillion"/);
  });
});
