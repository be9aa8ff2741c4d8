// json_schema_2020_12_tool for the suite's json-schema-2020-12 scenario (SEP-1613): a tool whose
// hand-written JSON Schema 2020-12 input schema ($schema, $defs, $ref, additionalProperties) is
// listed verbatim. Server side, test fixture.
//
// The v1 McpServer lists every input schema as draft-07 JSON Schema converted from zod and has no
// way to pass a JSON Schema through. So the tool is registered the ordinary way (its zod schema
// checks tools/call), and the fixture answers tools/list itself: McpServer's own listing, read
// once from an in-memory copy through the public client API, with this one schema as written.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

export const VERBATIM_SCHEMA_TOOL = 'json_schema_2020_12_tool';

const VERBATIM_INPUT_SCHEMA: Tool['inputSchema'] = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
  },
  additionalProperties: false,
};

/** Registers the tool; call `listToolsVerbatim` once every tool of the server is registered. */
export function registerVerbatimSchemaTool(server: McpServer): void {
  const address = z.object({ street: z.string(), city: z.string() }).partial();
  server.registerTool(
    VERBATIM_SCHEMA_TOOL,
    {
      description: 'Tool with JSON Schema 2020-12 features',
      inputSchema: z.strictObject({ name: z.string().optional(), address: address.optional() }),
    },
    (input) => ({ content: [{ type: 'text', text: `Received ${JSON.stringify(input)}` }] }),
  );
}

/**
 * Replaces McpServer's tools/list handler on `server` with its own listing, where the verbatim
 * tool carries its hand-written schema. `register` registers the same tools on a fresh server.
 */
export function listToolsVerbatim(server: McpServer, register: (copy: McpServer) => void): void {
  server.server.setRequestHandler(ListToolsRequestSchema, async () => {
    const tools = await listingOf(register);
    return {
      tools: tools.map((tool) =>
        tool.name === VERBATIM_SCHEMA_TOOL ? { ...tool, inputSchema: VERBATIM_INPUT_SCHEMA } : tool,
      ),
    };
  });
}

// The tools are fixed, so the listing is read once per process.
let listing: Promise<Tool[]> | undefined;

function listingOf(register: (copy: McpServer) => void): Promise<Tool[]> {
  listing ??= (async () => {
    const copy = new McpServer({ name: 'listing-copy', version: '0.0.0' });
    register(copy);
    const client = new Client({ name: 'listing-reader', version: '0.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([copy.connect(serverSide), client.connect(clientSide)]);
    try {
      return (await client.listTools()).tools;
    } finally {
      await client.close();
      await copy.close();
    }
  })();
  return listing;
}
