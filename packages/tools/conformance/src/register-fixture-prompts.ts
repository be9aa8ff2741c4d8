// The prompts the conformance suite lists, gets and completes (test_simple_prompt,
// test_prompt_with_arguments, …), on the v1 SDK. Server side, test fixture.

import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { PROMPTS, suggestArgument } from './fixture-contents.js';

export function registerFixturePrompts(server: McpServer): void {
  const { simple, withArguments, withEmbeddedResource, withImage } = PROMPTS;
  server.registerPrompt(simple.name, { description: simple.description }, simple.messages);
  // Wire arguments are strings; completable() also declares the completions capability.
  server.registerPrompt(
    withArguments.name,
    {
      description: withArguments.description,
      argsSchema: {
        arg1: completable(z.string().describe('First test argument'), suggestArgument),
        arg2: completable(z.string().describe('Second test argument'), suggestArgument),
      },
    },
    withArguments.messages,
  );
  server.registerPrompt(
    withEmbeddedResource.name,
    {
      description: withEmbeddedResource.description,
      argsSchema: { resourceUri: z.string().describe('URI of the resource to embed') },
    },
    withEmbeddedResource.messages,
  );
  server.registerPrompt(withImage.name, { description: withImage.description }, withImage.messages);
}
