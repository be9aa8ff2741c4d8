// Registers the __NAME__ server's tool, resource and prompt on a fresh McpServer (the v2 server
// SDK, so the kit serves it in both eras: 2025-11-25 sessions and 2026-07-28 requests). Server
// side; called once per 2025 session and once per 2026 request.

import { jsonToolResult } from '@kitchen/server-kit';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { countWords, MAX_TEXT_LENGTH } from './__NAME__.js';

export const ABOUT_URI = '__NAME__://about';

export function buildServer(): McpServer {
  const server = new McpServer({ name: '__NAME__', version: '0.1.0' });

  // Bad input never reaches the handler: the SDK answers with an isError result naming the field.
  server.registerTool(
    'count_words',
    {
      title: 'Count words',
      description: `Count the words of a text (at most ${MAX_TEXT_LENGTH} characters) and name its longest word.`,
      inputSchema: z.object({
        text: z.string().max(MAX_TEXT_LENGTH).describe('The text to count.'),
      }),
      outputSchema: z.object({
        words: z.number().int(),
        characters: z.number().int(),
        longestWord: z.string(),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ text }) => jsonToolResult(countWords(text)),
  );

  server.registerResource(
    'about',
    ABOUT_URI,
    { title: 'About __TITLE__', description: 'What this server offers.', mimeType: 'text/markdown' },
    (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'text/markdown',
          text: '# __TITLE__\n\nOne tool, `count_words`, counts the words of a text and names the longest.',
        },
      ],
    }),
  );

  // Prompt arguments arrive as strings.
  server.registerPrompt(
    'count_words_in',
    {
      title: 'Count the words in a text',
      description: 'Asks the model to count the words of a text with the count_words tool.',
      argsSchema: z.object({ text: z.string().describe('The text whose words to count.') }),
    },
    ({ text }) => ({
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: `Use the count_words tool to count the words in this text:\n\n${text}` },
        },
      ],
    }),
  );

  return server;
}
