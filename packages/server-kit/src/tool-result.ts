// Builds tool results the kitchen's way: structuredContent plus one text block holding the same
// JSON, so a model that reads only text sees the same facts. Server side.
//
// The result type is the kit's own, the shape both SDKs' CallToolResult accept, so a server on
// either SDK can return it.

/** A tool result as both SDKs take it: text (and other) content, optional structured content. */
export interface ToolResult {
  [key: string]: unknown;
  content: ToolResultContent[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** The content blocks the kitchen's servers return: text, and images or audio as base64. */
export type ToolResultContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string };

type CallToolResult = ToolResult;

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
