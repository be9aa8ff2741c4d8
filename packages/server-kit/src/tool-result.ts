// Builds tool results the kitchen's way: structuredContent plus one text block holding the same
// JSON, so a model that reads only text sees the same facts. Server side.

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A successful result carrying `value` both as structuredContent and as JSON text. */
export function jsonToolResult(value: object): CallToolResult {
  return {
    structuredContent: value as Record<string, unknown>,
    content: [{ type: 'text', text: JSON.stringify(value) }],
  };
}

/** A failed call the model can read and act on: say what was wrong and what is allowed. */
export function errorToolResult(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}
