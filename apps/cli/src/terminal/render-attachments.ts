// One line per part of a tool result beyond its text, for the person at the terminal: images and
// audio by type and size, embedded resources, resource links, structured content folded, and text
// the server meant for the user alone. App side; everything from the server is cleaned.

import { formatBytes, type ToolResultAttachment } from '@kitchen/host';
import { plural } from '@kitchen/runtime/format';
import { shortenLine } from '@kitchen/runtime/text/clean-text';

/** "   🖼 image/png 12 KB (the model sees it)", … Each line starts with three spaces, under its result. */
export function renderAttachments(attachments: readonly ToolResultAttachment[], width: number): string[] {
  return attachments.map((attachment) => `   ${shortenLine(describeAttachment(attachment), width - 3)}`);
}

export function describeAttachment(attachment: ToolResultAttachment): string {
  switch (attachment.kind) {
    case 'image':
      return `🖼 ${attachment.mimeType} ${formatBytes(attachment.bytes)}${attachment.toModel ? '' : ' (described to the model, not shown)'}`;
    case 'audio':
      return `🔊 ${attachment.mimeType} ${formatBytes(attachment.bytes)} (described to the model, not played)`;
    case 'resource':
      return `📎 ${attachment.uri}${attachment.mimeType === undefined ? '' : ` ${attachment.mimeType}`} ${formatBytes(attachment.bytes)}${attachment.text ? '' : ' binary'}`;
    case 'resource-link':
      return `🔗 ${attachment.name} ${attachment.uri}${attachment.mimeType === undefined ? '' : ` (${attachment.mimeType})`}`;
    case 'structured':
      return `{…} structured content, ${describeShape(attachment.value)} (folded; --json shows it)`;
    case 'for-user':
      return `👤 for you only: ${attachment.text}`;
  }
}

function describeShape(value: unknown): string {
  if (Array.isArray(value)) return plural(value.length, 'item');
  if (typeof value === 'object' && value !== null) return plural(Object.keys(value).length, 'field');
  return typeof value;
}
