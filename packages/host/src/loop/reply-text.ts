// The text of a model reply and of a conversation's first user message. Host side, pure.

import type { ContentBlock, Message, TextBlock } from '../model.js';

/** The text blocks of a reply, joined; tool calls and other blocks are left out. */
export function replyText(content: readonly ContentBlock[]): string {
  return content
    .filter((block): block is TextBlock => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
}

/** The task an agent starts with: its first user message's text. */
export function firstUserText(messages: readonly Message[]): string {
  const first = messages.find((message) => message.role === 'user');
  if (!first) return '';
  return typeof first.content === 'string' ? first.content : replyText(first.content);
}
