// The prompts the conformance suite lists, gets and completes (test_simple_prompt,
// test_prompt_with_arguments, …). Server side, test fixture.

import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { FIXTURE_PNG_BASE64 } from './fixture-media.js';

const ARGUMENT_SUGGESTIONS = ['paris', 'park', 'parsley', 'test', 'testing'];

export function registerFixturePrompts(server: McpServer): void {
  server.registerPrompt('test_simple_prompt', { description: 'A prompt without arguments.' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }],
  }));

  // Wire arguments are strings; completable() also declares the completions capability.
  const suggest = (value: string) => ARGUMENT_SUGGESTIONS.filter((suggestion) => suggestion.startsWith(value));
  server.registerPrompt(
    'test_prompt_with_arguments',
    {
      description: 'A prompt with two required arguments, both completable.',
      argsSchema: {
        arg1: completable(z.string().describe('First test argument'), suggest),
        arg2: completable(z.string().describe('Second test argument'), suggest),
      },
    },
    ({ arg1, arg2 }) => ({
      messages: [
        { role: 'user', content: { type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } },
      ],
    }),
  );

  server.registerPrompt(
    'test_prompt_with_embedded_resource',
    {
      description: 'A prompt that embeds the resource it is given.',
      argsSchema: { resourceUri: z.string().describe('URI of the resource to embed') },
    },
    ({ resourceUri }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: { uri: resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' },
          },
        },
        { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
      ],
    }),
  );

  server.registerPrompt('test_prompt_with_image', { description: 'A prompt that carries an image.' }, () => ({
    messages: [
      { role: 'user', content: { type: 'image', data: FIXTURE_PNG_BASE64, mimeType: 'image/png' } },
      { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
    ],
  }));
}
