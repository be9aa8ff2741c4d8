// An output schema's JSON Schema converted once for every McpServer built from the same schema
// object. Server side: in 2026-07-28 the kit serves each request with a fresh McpServer, and each
// converts a tool's outputSchema again on the tools/call that reads it (the SDK memoises on the
// RegisteredTool, which dies with the request).

import type { RegisteredTool } from '@modelcontextprotocol/server';

/** Each output schema's JSON Schema, converted once for every server that registers it. */
const outputSchemaJsons = new WeakMap<object, Record<string, unknown> | undefined>();

/**
 * Hands `tool` the JSON Schema an earlier registration of the same output schema object converted,
 * or converts it now for later ones. Share the schema objects across builds (module constants) for
 * this to save anything.
 */
export function shareOutputSchemaJson(tool: RegisteredTool): void {
  const schema = tool.outputSchema;
  if (schema === undefined) return;
  if (outputSchemaJsons.has(schema)) tool.outputSchemaJson = outputSchemaJsons.get(schema);
  else outputSchemaJsons.set(schema, tool.outputSchemaJson);
}
