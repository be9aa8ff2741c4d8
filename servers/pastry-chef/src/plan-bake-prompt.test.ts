// The plan_bake prompt through a real MCP client over an in-memory pair: listed, its recipe
// argument completed from the book, and rendered with the recipe's own baking time. Server side.

import { createInMemoryClients } from '@kitchen/server-kit/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from './build-server.js';

const clients = createInMemoryClients();
afterEach(() => clients.closeAll());

const connect = (): Promise<Client> => clients.connect(buildServer());

async function promptText(client: Client, recipe: string): Promise<string> {
  const { messages } = await client.getPrompt({ name: 'plan_bake', arguments: { recipe } });
  expect(messages).toHaveLength(1);
  const [message] = messages;
  expect(message?.role).toBe('user');
  return message?.content.type === 'text' ? message.content.text : '';
}

describe('plan_bake prompt', () => {
  it('is listed with one required recipe argument, and the server offers completions', async () => {
    const client = await connect();
    expect(client.getServerCapabilities()?.completions).toEqual({});
    expect((await client.listPrompts()).prompts).toEqual([
      {
        name: 'plan_bake',
        title: 'Plan a bake',
        description: expect.stringContaining('Critique a recipe from the book'),
        arguments: [
          {
            name: 'recipe',
            description: 'A recipe from the book: tarte tatin, lemon tart, pain au chocolat.',
            required: true,
          },
        ],
      },
    ]);
  });

  it('completes the recipe from the book by what was typed, in any case', async () => {
    const client = await connect();
    const complete = async (value: string) =>
      (await client.complete({ ref: { type: 'ref/prompt', name: 'plan_bake' }, argument: { name: 'recipe', value } }))
        .completion.values;
    expect(await complete('')).toEqual(['tarte tatin', 'lemon tart', 'pain au chocolat']);
    expect(await complete('T')).toEqual(['tarte tatin']);
    expect(await complete('pain')).toEqual(['pain au chocolat']);
    expect(await complete('croissant')).toEqual([]);
  });

  it("walks through the chef's three tools with the recipe's own baking time", async () => {
    const client = await connect();
    const tatin = await promptText(client, 'Tarte Tatin');
    expect(tatin).toContain('Plan a bake of tarte tatin. The recipe: Caramelise 150 g sugar');
    expect(tatin).toContain('critique_recipe');
    expect(tatin).toContain('choose_filling');
    expect(tatin).toContain('bake { minutes: 30 }');
    expect(await promptText(client, 'lemon tart')).toContain('bake { minutes: 25 }');
    expect(await promptText(client, 'pain au chocolat')).toContain('bake { minutes: 15 }');
  });

  it('refuses a recipe that is not in the book with invalid params, naming the book', async () => {
    const error = await (await connect())
      .getPrompt({ name: 'plan_bake', arguments: { recipe: 'croissant' } })
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((error as McpError).message).toContain(
      '"croissant" is not in the recipe book: choose one of tarte tatin, lemon tart, pain au chocolat.',
    );
  });
});
