// What a tools/call result becomes on the host's side of the wire: the text the model reads, the
// images a model that can look may see, and a description of every other part for the person.
// Host side. Each kind of MCP content is handled on purpose, none flattened to a placeholder.

import { isDeepStrictEqual } from 'node:util';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { base64Bytes, formatBytes } from '../limits/format-units.js';
import type { ToolImage } from '../model.js';
import type { ToolResultAttachment } from '../tool-types.js';
import { withDefined } from '../with-defined.js';

type ContentBlock = CallToolResult['content'][number];

/** The image types a model seam that takes images accepts (those the Anthropic API reads). */
export const MODEL_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/**
 * The largest image passed to the model. The tree budget bounds a request by its bytes (an image
 * is far fewer tokens than bytes, but the bound must hold for any model), so a big picture would
 * reserve much of the budget: past this size the model gets a description instead.
 */
export const MAX_MODEL_IMAGE_BYTES = 64 * 1024;
/** Images passed to the model from one result, at most. */
export const MAX_MODEL_IMAGES = 4;

export interface ToolResultContent {
  text: string;
  images: ToolImage[];
  attachments: ToolResultAttachment[];
}

export interface ReadToolResultOptions {
  /** The server the result came from: a resource link is read from it. */
  server: string;
  /** The local tool that reads a resource, when the model is offered one. */
  readResourceTool?: string;
}

/**
 * Blocks in order, each as text the model can read: text as it is, an embedded text resource with
 * its URI, everything else as one bracketed line naming its type and size. Structured content is
 * added as JSON unless a text block already says the same. Content annotated for the user alone
 * (audience ["user"]) never reaches the model; the person still sees it.
 */
export function readToolResult(
  result: Pick<CallToolResult, 'content' | 'structuredContent'>,
  options: ReadToolResultOptions,
): ToolResultContent {
  const parts: string[] = [];
  const images: ToolImage[] = [];
  const attachments: ToolResultAttachment[] = [];
  for (const block of result.content ?? []) {
    const forModel = block.annotations?.audience === undefined || block.annotations.audience.includes('assistant');
    if (!forModel) {
      attachments.push(
        block.type === 'text' ? { kind: 'for-user', text: block.text } : describeForPerson(block, false),
      );
      continue;
    }
    if (block.type === 'image' && imageFitsModel(block, images.length)) {
      images.push({ mimeType: block.mimeType, data: block.data });
      attachments.push(describeForPerson(block, true));
      parts.push(`[image: ${block.mimeType}, ${formatBytes(base64Bytes(block.data))}]`);
      continue;
    }
    if (block.type !== 'text') attachments.push(describeForPerson(block, false));
    parts.push(describeForModel(block, options, images.length));
  }
  const structured = result.structuredContent;
  if (structured !== undefined) {
    const texts = (result.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : []));
    // Most servers write their structured content out as a text block too: then it is not repeated.
    if (!texts.some((text) => saysTheSame(text, structured))) {
      attachments.push({ kind: 'structured', value: structured });
      const json = JSON.stringify(structured);
      parts.push(parts.length === 0 ? json : `[structured content]\n${json}`);
    }
  }
  return { text: parts.length > 0 ? parts.join('\n\n') : '(the tool returned no content)', images, attachments };
}

function imageFitsModel(block: Extract<ContentBlock, { type: 'image' }>, passed: number): boolean {
  return (
    MODEL_IMAGE_TYPES.includes(block.mimeType) &&
    base64Bytes(block.data) <= MAX_MODEL_IMAGE_BYTES &&
    passed < MAX_MODEL_IMAGES
  );
}

function describeForModel(block: ContentBlock, options: ReadToolResultOptions, imagesPassed: number): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image': {
      const why =
        imagesPassed >= MAX_MODEL_IMAGES
          ? `only ${MAX_MODEL_IMAGES} images of a result are`
          : `only PNG, JPEG, GIF or WebP images up to ${formatBytes(MAX_MODEL_IMAGE_BYTES)} are`;
      return `[image: ${block.mimeType}, ${formatBytes(base64Bytes(block.data))}, not passed to the model: ${why}]`;
    }
    case 'audio':
      return `[audio: ${block.mimeType}, ${formatBytes(base64Bytes(block.data))}, not passed to the model: it takes no audio]`;
    case 'resource': {
      const { resource } = block;
      const mime = resource.mimeType === undefined ? '' : ` (${resource.mimeType})`;
      if ('text' in resource) return `[embedded resource ${resource.uri}${mime}]\n${resource.text}`;
      return `[embedded resource ${resource.uri}${mime}: binary, ${formatBytes(base64Bytes(resource.blob))}, not shown]`;
    }
    case 'resource_link': {
      const mime = block.mimeType === undefined ? '' : ` (${block.mimeType})`;
      const how =
        options.readResourceTool === undefined
          ? ''
          : ` — read it with ${options.readResourceTool} {"server": ${JSON.stringify(options.server)}, "uri": ${JSON.stringify(block.uri)}}`;
      return `[resource link: "${block.title ?? block.name}" at ${block.uri}${mime}${how}]`;
    }
  }
}

function describeForPerson(block: Exclude<ContentBlock, { type: 'text' }>, toModel: boolean): ToolResultAttachment {
  switch (block.type) {
    case 'image':
      // The picture itself rides along only when it is as small as the model's: traces stay bounded.
      return {
        kind: 'image',
        mimeType: block.mimeType,
        bytes: base64Bytes(block.data),
        toModel,
        ...(toModel ? { data: block.data } : {}),
      };
    case 'audio':
      return { kind: 'audio', mimeType: block.mimeType, bytes: base64Bytes(block.data) };
    case 'resource': {
      const { resource } = block;
      const text = 'text' in resource;
      return {
        kind: 'resource',
        uri: resource.uri,
        ...withDefined({ mimeType: resource.mimeType }),
        bytes: text ? Buffer.byteLength(resource.text) : base64Bytes(resource.blob),
        text,
      };
    }
    case 'resource_link':
      return {
        kind: 'resource-link',
        uri: block.uri,
        name: block.title ?? block.name,
        ...withDefined({ mimeType: block.mimeType }),
      };
  }
}

/** True when a text block is the structured content written out as JSON. */
function saysTheSame(text: string, structured: unknown): boolean {
  try {
    return isDeepStrictEqual(JSON.parse(text), structured);
  } catch {
    return false;
  }
}
