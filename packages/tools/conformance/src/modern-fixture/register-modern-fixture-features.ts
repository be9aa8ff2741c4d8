// The tools, resources and prompts that the suite's 2026-07-28 server scenarios read by name
// (test_simple_text, test://static-text, test_prompt_with_arguments, …), registered with the v2
// server SDK the ordinary way. Server side, test fixture.

import { completable, fromJsonSchema, type McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { z } from 'zod';
import {
  ERROR_TOOL_TEXT,
  FIXED_RESOURCES,
  FIXED_TOOLS,
  PROMPTS,
  suggestArgument,
  TEMPLATE_RESOURCE,
  textResult,
} from '../fixture-contents.js';
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

const text = textResult;
const noInput = z.object({});

export function registerModernFixtureTools(server: McpServer): void {
  for (const fixed of FIXED_TOOLS) {
    server.registerTool(fixed.name, { description: fixed.description, inputSchema: noInput }, fixed.result);
  }
  server.registerTool(
    'test_error_handling',
    { description: 'Always fails, as an isError result.', inputSchema: noInput },
    () => ({ isError: true, content: [{ type: 'text', text: ERROR_TOOL_TEXT }] }),
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
  for (const fixed of FIXED_RESOURCES) {
    server.registerResource(fixed.name, fixed.uri, fixed.meta, (uri) => ({ contents: fixed.contents(uri.href) }));
  }
  server.registerResource(
    TEMPLATE_RESOURCE.name,
    new ResourceTemplate(TEMPLATE_RESOURCE.uriTemplate, { list: undefined }),
    TEMPLATE_RESOURCE.meta,
    (uri, { id }) => ({ contents: TEMPLATE_RESOURCE.contents(uri.href, id) }),
  );
}

export function registerModernFixturePrompts(server: McpServer): void {
  const { simple, withArguments, withEmbeddedResource, withImage } = PROMPTS;
  server.registerPrompt(simple.name, { description: simple.description }, simple.messages);
  server.registerPrompt(
    withArguments.name,
    {
      description: withArguments.description,
      argsSchema: z.object({
        arg1: completable(z.string().describe('First test argument'), suggestArgument),
        arg2: completable(z.string().describe('Second test argument'), suggestArgument),
      }),
    },
    withArguments.messages,
  );
  server.registerPrompt(
    withEmbeddedResource.name,
    {
      description: withEmbeddedResource.description,
      argsSchema: z.object({ resourceUri: z.string().describe('URI of the resource to embed') }),
    },
    withEmbeddedResource.messages,
  );
  server.registerPrompt(withImage.name, { description: withImage.description }, withImage.messages);
}
