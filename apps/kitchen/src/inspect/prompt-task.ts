// `kitchen prompt SERVER NAME --arg k=v`: a run whose task is a server's prompt (prompts/get),
// fetched once the toolbox is connected. App side.

import type { PromptResult, Toolbox } from '@kitchen/host';

export function promptTask(command: {
  server: string;
  prompt: string;
  promptArgs: string[];
}): (toolbox: Toolbox) => Promise<string> {
  return async (toolbox) => {
    const server = toolbox.server(command.server);
    if (server === undefined)
      throw new Error(`server "${command.server}" is not connected, so its prompt cannot be read`);
    const args = Object.fromEntries(
      command.promptArgs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    );
    try {
      return promptText(await server.getPrompt(command.prompt, args));
    } catch (error) {
      const detail = (error instanceof Error ? error.message : String(error)).replace(/^(MCP error -?\d+: )+/, '');
      throw new Error(`${command.server} answered prompts/get "${command.prompt}" with an error: ${detail}`);
    }
  };
}

/**
 * The prompt's messages as one task: the text of each, an embedded resource with its text, other
 * content named. When the prompt has more than one speaker, each part says who speaks.
 */
export function promptText(result: PromptResult): string {
  const speakers = new Set(result.messages.map((message) => message.role));
  return result.messages
    .map((message) => {
      const content = message.content;
      const text =
        content.type === 'text'
          ? content.text
          : content.type === 'resource'
            ? `[resource ${content.resource.uri}]${'text' in content.resource ? `\n${content.resource.text}` : ''}`
            : content.type === 'resource_link'
              ? `[resource link: ${content.uri}]`
              : `[${content.type}: ${'mimeType' in content ? content.mimeType : ''}]`;
      return speakers.size > 1 ? `${message.role}: ${text}` : text;
    })
    .join('\n\n');
}
