// The __NAME__ server through a real MCP client over an in-memory pair: the tool (and its
// refusal of bad input), the resource and the prompt. Server side.

import { callTool, createInMemoryClients, resultText } from '@kitchen/server-kit/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { countWords, MAX_TEXT_LENGTH } from './__NAME__.js';
import { ABOUT_URI, buildServer } from './build-server.js';

const clients = createInMemoryClients();
afterEach(() => clients.closeAll());

const connect = (): Promise<Client> => clients.connect(buildServer());

describe('__NAME__ buildServer', () => {
  it('counts words with count_words, as structured content and as JSON text', async () => {
    const result = await callTool(await connect(), 'count_words', { text: 'one two three' });
    expect(result.structuredContent).toEqual(countWords('one two three'));
    expect(JSON.parse(resultText(result))).toEqual(result.structuredContent);
  });

  it('refuses a missing or too long text with an isError result naming the field', async () => {
    const client = await connect();
    for (const args of [{}, { text: 'a'.repeat(MAX_TEXT_LENGTH + 1) }]) {
      const result = await callTool(client, 'count_words', args);
      expect(result.isError).toBe(true);
      expect(resultText(result)).toContain('text');
    }
  });

  it('lists its tool with both schemas and a read-only annotation', async () => {
    const { tools } = await (await connect()).listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['count_words']);
    expect(tools[0]).toMatchObject({
      inputSchema: { required: ['text'] },
      outputSchema: { required: ['words', 'characters', 'longestWord'] },
      annotations: { readOnlyHint: true },
    });
  });

  it('serves the about resource', async () => {
    const { contents } = await (await connect()).readResource({ uri: ABOUT_URI });
    expect(contents).toEqual([
      { uri: ABOUT_URI, mimeType: 'text/markdown', text: expect.stringContaining('count_words') },
    ]);
  });

  it('fills the prompt with the text it is given', async () => {
    const { messages } = await (await connect()).getPrompt({ name: 'count_words_in', arguments: { text: 'a b' } });
    expect(messages).toEqual([{ role: 'user', content: { type: 'text', text: expect.stringMatching(/a b$/) } }]);
  });
});
