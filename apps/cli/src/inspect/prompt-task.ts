// `kitchen prompt SERVER NAME --arg k=v`: a run whose task is a server's prompt (prompts/get),
// fetched once the toolbox is connected. App side.

import type { Completion, PromptResult, ServerFeatures, Toolbox } from '@kitchen/host';
import { argumentPairs } from './argument-pairs.js';

export function promptTask(command: {
  server: string;
  prompt: string;
  promptArgs: string[];
}): (toolbox: Toolbox) => Promise<string> {
  return async (toolbox) => {
    const server = toolbox.server(command.server);
    if (server === undefined)
      throw new Error(`server "${command.server}" is not connected, so its prompt cannot be read`);
    const args = argumentPairs(command.promptArgs);
    const missing = await missingArguments(server, command.prompt, args);
    if (missing !== undefined) throw new Error(missing);
    try {
      return promptText(await server.getPrompt(command.prompt, args));
    } catch (error) {
      const detail = (error instanceof Error ? error.message : String(error)).replace(/^(MCP error -?\d+: )+/, '');
      throw new Error(`${command.server} answered prompts/get "${command.prompt}" with an error: ${detail}`);
    }
  };
}

/**
 * Undefined when every required argument is given; otherwise a sentence naming each missing one
 * with the server's suggestions for it (completion/complete), so the next try can succeed.
 */
export async function missingArguments(
  server: ServerFeatures,
  prompt: string,
  args: Record<string, string>,
): Promise<string | undefined> {
  const known = (await server.listPrompts().catch(() => [])).find((offered) => offered.name === prompt);
  const missing = (known?.arguments ?? []).filter((argument) => argument.required === true && !(argument.name in args));
  if (missing.length === 0) return undefined;
  const described = await Promise.all(
    missing.map(async (argument) => {
      const completion = await server
        .complete({ type: 'ref/prompt', name: prompt }, { name: argument.name, value: '' }, args)
        .catch((): Completion => ({ values: [] }));
      const values = completion.values.slice(0, 10);
      const more = completion.values.length > values.length || completion.hasMore === true ? ', …' : '';
      return `--arg ${argument.name}=…${values.length === 0 ? '' : ` (the server suggests ${values.join(', ')}${more})`}`;
    }),
  );
  return `the prompt "${prompt}" of ${server.server} needs ${described.join(' and ')}`;
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
