// Turns an MCP tools/call result into the one string the model reads. Host side: this is where
// content from the wire (text, structured data, images, links) becomes a tool_result block.

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

type ContentBlock = CallToolResult['content'][number];

/**
 * Text blocks are joined with blank lines. With no text at all, structuredContent is given as
 * JSON so a model that reads only text still sees the facts. Other blocks get a short note,
 * because the model seam carries text only.
 */
export function toolResultText(result: Pick<CallToolResult, 'content' | 'structuredContent'>): string {
  // Content annotated for the user alone (audience ["user"]) is shown to the person, not the model.
  const blocks = (result.content ?? []).filter((block) => {
    const audience = block.annotations?.audience;
    return audience === undefined || audience.includes('assistant');
  });
  const texts = blocks.filter((block) => block.type === 'text').map((block) => block.text);
  const notes = blocks.filter((block) => block.type !== 'text').map(describeBlock);
  const parts = [...texts];
  if (texts.length === 0 && result.structuredContent !== undefined) {
    parts.push(JSON.stringify(result.structuredContent));
  }
  parts.push(...notes);
  return parts.length > 0 ? parts.join('\n\n') : '(the tool returned no content)';
}

function describeBlock(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return `[image: ${block.mimeType}, ${approximateBytes(block.data)} bytes, not shown]`;
    case 'audio':
      return `[audio: ${block.mimeType}, ${approximateBytes(block.data)} bytes, not played]`;
    case 'resource_link':
      return `[resource link: ${block.name} at ${block.uri}]`;
    case 'resource':
      return 'text' in block.resource
        ? `[resource ${block.resource.uri}]\n${block.resource.text}`
        : `[binary resource ${block.resource.uri}, not shown]`;
  }
}

/** Base64 carries 3 bytes in 4 characters. */
function approximateBytes(base64: string): number {
  return Math.floor((base64.length * 3) / 4);
}
