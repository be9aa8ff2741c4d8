// The tools, resources and prompts that the suite's 2026-07-28 server scenarios read by name
// (test_simple_text, test://static-text, test_prompt_with_arguments, …), registered with the v2
// server SDK the ordinary way. Server side, test fixture.

import { completable, fromJsonSchema, type McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { FIXTURE_PNG_BASE64, FIXTURE_WAV_BASE64 } from '../fixture-media.js';
import { VERBATIM_SCHEMA_TOOL } from '../register-verbatim-schema-tool.js';

/**
 * The 2020-12 schema the 2026 scenario looks for (SEP-1613, SEP-2106): $schema, $defs with an
 * $anchor, $ref, composition (allOf/anyOf) and conditional (if/then/else) keywords, listed as written.
 */
const VERBATIM_INPUT_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object' as const,
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's own if/then/else keyword, never awaited.
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

/** `x-mcp-header` is an extension keyword, not in the SDK's JSON Schema type, hence the cast where it is used. */
const CUSTOM_HEADERS_INPUT_SCHEMA = {
  type: 'object',
  properties: {
    region: { type: 'string', 'x-mcp-header': 'Region' },
    priority: { type: 'integer', 'x-mcp-header': 'Priority' },
    verbose: { type: 'boolean', 'x-mcp-header': 'Verbose' },
    query: { type: 'string' },
  },
};

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const noInput = z.object({});

export function registerModernFixtureTools(server: McpServer): void {
  server.registerTool('test_simple_text', { description: 'Returns one text block.', inputSchema: noInput }, () =>
    text('This is a simple text response for testing.'),
  );
  server.registerTool('test_image_content', { description: 'Returns one PNG image.', inputSchema: noInput }, () => ({
    content: [{ type: 'image', data: FIXTURE_PNG_BASE64, mimeType: 'image/png' }],
  }));
  server.registerTool('test_audio_content', { description: 'Returns one WAV sound.', inputSchema: noInput }, () => ({
    content: [{ type: 'audio', data: FIXTURE_WAV_BASE64, mimeType: 'audio/wav' }],
  }));
  const embedded = {
    uri: 'test://embedded-resource',
    mimeType: 'text/plain',
    text: 'This is an embedded resource content.',
  };
  server.registerTool(
    'test_embedded_resource',
    { description: 'Returns an embedded text resource.', inputSchema: noInput },
    () => ({ content: [{ type: 'resource', resource: embedded }] }),
  );
  server.registerTool(
    'test_multiple_content_types',
    { description: 'Returns text, an image and an embedded resource.', inputSchema: noInput },
    () => ({
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: FIXTURE_PNG_BASE64, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: {
            uri: 'test://mixed-content-resource',
            mimeType: 'application/json',
            text: JSON.stringify({ test: 'data', value: 123 }),
          },
        },
      ],
    }),
  );
  server.registerTool(
    'test_error_handling',
    { description: 'Always fails, as an isError result.', inputSchema: noInput },
    () => ({
      isError: true,
      content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }],
    }),
  );
  // The v2 SDK takes a JSON Schema as it is (the 2025 fixture has to answer tools/list itself).
  server.registerTool(
    VERBATIM_SCHEMA_TOOL,
    { description: 'Tool with JSON Schema 2020-12 features', inputSchema: fromJsonSchema(VERBATIM_INPUT_SCHEMA) },
    (input) => text(`Received ${JSON.stringify(input)}`),
  );
  // SEP-2243: arguments a client must mirror into Mcp-Param-* headers, which the SDK checks against the body.
  server.registerTool(
    'test_custom_headers',
    {
      description: 'Echoes arguments that a client also sends as Mcp-Param headers.',
      inputSchema: fromJsonSchema(CUSTOM_HEADERS_INPUT_SCHEMA as Parameters<typeof fromJsonSchema>[0]),
    },
    (input) => text(`Received ${JSON.stringify(input)}`),
  );
  server.registerTool(
    'test_tool_with_progress',
    { description: 'Reports progress 0, 50 and 100 of 100 to the caller’s progress token.', inputSchema: noInput },
    async (_input, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      if (progressToken === undefined) return text('No progress token was sent, so no progress was reported.');
      for (const progress of [0, 50, 100]) {
        await ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken, progress, total: 100, message: `Completed step ${progress} of 100` },
        });
      }
      return text('Progress reported: 0, 50, 100 of 100.');
    },
  );
}

export function registerModernFixtureResources(server: McpServer): void {
  server.registerResource(
    'static-text',
    'test://static-text',
    { title: 'Static text', description: 'A fixed text resource.', mimeType: 'text/plain' },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
    }),
  );
  server.registerResource(
    'static-binary',
    'test://static-binary',
    { title: 'Static binary', description: 'A fixed PNG image.', mimeType: 'image/png' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'image/png', blob: FIXTURE_PNG_BASE64 }] }),
  );
  server.registerResource(
    'template',
    new ResourceTemplate('test://template/{id}/data', { list: undefined }),
    { title: 'Template', description: 'JSON data for any id.', mimeType: 'application/json' },
    (uri, { id }) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${String(id)}` }),
        },
      ],
    }),
  );
}

export function registerModernFixturePrompts(server: McpServer): void {
  const suggest = (value: string) => ['paris', 'park', 'party'].filter((word) => word.startsWith(value));
  server.registerPrompt('test_simple_prompt', { description: 'A prompt without arguments.' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }],
  }));
  server.registerPrompt(
    'test_prompt_with_arguments',
    {
      description: 'A prompt with two required arguments, both completable.',
      argsSchema: z.object({
        arg1: completable(z.string().describe('First test argument'), suggest),
        arg2: completable(z.string().describe('Second test argument'), suggest),
      }),
    },
    ({ arg1, arg2 }) => ({
      messages: [
        { role: 'user', content: { type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } },
      ],
    }),
  );
  server.registerPrompt(
    'test_prompt_with_embedded_resource',
    {
      description: 'A prompt that embeds a resource.',
      argsSchema: z.object({ resourceUri: z.string().describe('URI of the resource to embed') }),
    },
    ({ resourceUri }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: { uri: resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' },
          },
        },
        { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
      ],
    }),
  );
  server.registerPrompt('test_prompt_with_image', { description: 'A prompt that carries an image.' }, () => ({
    messages: [
      { role: 'user', content: { type: 'image', data: FIXTURE_PNG_BASE64, mimeType: 'image/png' } },
      { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
    ],
  }));
}
