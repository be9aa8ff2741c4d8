// `kitchen prompt SERVER NAME --show`: what prompts/get returns, printed without running it — the
// description, then each message with its speaker and its whole content. App side; server text is
// cleaned before it is shown.

import type { PromptResult } from '@kitchen/host';
import { cleanText } from '@kitchen/runtime/text/clean-text';

interface Sink {
  write(text: string): unknown;
}

export function printPrompt(
  out: Sink,
  asked: { server: string; prompt: string; result: PromptResult },
  json: boolean,
): void {
  const { result } = asked;
  if (json) {
    out.write(`${JSON.stringify({ server: asked.server, prompt: asked.prompt, ...result })}\n`);
    return;
  }
  const count = `${result.messages.length} message${result.messages.length === 1 ? '' : 's'}`;
  out.write(`📝 ${cleanText(asked.server)} prompt "${cleanText(asked.prompt)}": ${count}\n`);
  if (result.description) out.write(`${cleanText(result.description, { keepNewlines: true })}\n`);
  for (const message of result.messages) {
    out.write(`── ${message.role}\n`);
    out.write(`${cleanText(messageText(message.content), { keepNewlines: true })}\n`);
  }
}

function messageText(content: PromptResult['messages'][number]['content']): string {
  switch (content.type) {
    case 'text':
      return content.text;
    case 'resource':
      return `[resource ${content.resource.uri}]${'text' in content.resource ? `\n${content.resource.text}` : ''}`;
    case 'resource_link':
      return `[resource link: ${content.uri}]`;
    default:
      return `[${content.type}${'mimeType' in content ? `: ${content.mimeType}` : ''}]`;
  }
}
