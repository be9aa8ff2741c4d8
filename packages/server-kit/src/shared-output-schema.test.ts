// An output schema's JSON Schema is converted once for every McpServer registering the same schema
// object. Pure; no network.

import { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shareOutputSchemaJson } from './shared-output-schema.js';

const weighOutput = z.object({ id: z.number(), grams: z.number() });
const register = (server: McpServer, outputSchema = weighOutput) =>
  server.registerTool('weigh', { outputSchema }, () => ({ content: [] }));

describe('shareOutputSchemaJson', () => {
  it('hands a later registration of the same output schema the JSON Schema the first one converted', () => {
    const converted = register(new McpServer({ name: 'first', version: '0.0.0' }));
    shareOutputSchemaJson(converted);
    const later = register(new McpServer({ name: 'second', version: '0.0.0' }));
    shareOutputSchemaJson(later);
    expect(converted.outputSchemaJson).toMatchObject({ type: 'object', required: expect.arrayContaining(['id']) });
    expect(later.outputSchemaJson).toBe(converted.outputSchemaJson);
  });

  it('converts another schema object on its own, even when it has the same shape', () => {
    const first = register(new McpServer({ name: 'first', version: '0.0.0' }));
    shareOutputSchemaJson(first);
    const other = register(
      new McpServer({ name: 'other', version: '0.0.0' }),
      z.object({ id: z.number(), grams: z.number() }),
    );
    shareOutputSchemaJson(other);
    expect(other.outputSchemaJson).toEqual(first.outputSchemaJson);
    expect(other.outputSchemaJson).not.toBe(first.outputSchemaJson);
  });
});
