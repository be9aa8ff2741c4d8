// The jar-id input schema is built once per shelf size, and each output schema's JSON Schema converted
// once, for every McpServer the kit builds (one per 2026-07-28 request). Pure; no network.

import { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { jarIdInput, shareOutputSchemaJson, weighJarOutput } from './jar-schemas.js';

describe('jarIdInput', () => {
  it('gives every server of one shelf size the same schema object', () => {
    expect(jarIdInput(80)).toBe(jarIdInput(80));
    expect(jarIdInput(12)).not.toBe(jarIdInput(80));
  });

  it('names the range of its own shelf size and refuses a fraction with the field named', () => {
    expect(jarIdInput(12).shape.id.description).toBe('Jar id, a whole number from 1 to 12.');
    expect(jarIdInput(80).shape.id.description).toBe('Jar id, a whole number from 1 to 80.');
    const refused = jarIdInput(80).safeParse({ id: 2.5 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('id must be a whole number (got 2.5)');
  });
});

describe('shareOutputSchemaJson', () => {
  it('hands a later registration of the same output schema the JSON Schema the first one converted', () => {
    const first = new McpServer({ name: 'first', version: '0.0.0' });
    const second = new McpServer({ name: 'second', version: '0.0.0' });
    const register = (server: McpServer) =>
      server.registerTool('weigh', { outputSchema: weighJarOutput }, () => ({ content: [] }));
    const converted = register(first);
    shareOutputSchemaJson(converted);
    const later = register(second);
    shareOutputSchemaJson(later);
    expect(converted.outputSchemaJson).toMatchObject({ type: 'object', required: expect.arrayContaining(['id']) });
    expect(later.outputSchemaJson).toBe(converted.outputSchemaJson);
  });
});
