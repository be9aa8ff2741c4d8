// The pantry tools through a real MCP client over an in-memory pair: annotations that say an
// order spends money, results, and bad input as isError results. Server side.

import { callTool as call, createInMemoryClients, resultText as text } from '@kitchen/server-kit/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer, type PantryOptions } from './build-server.js';
import { Pantry } from './pantry.js';

const clients = createInMemoryClients();
afterEach(() => clients.closeAll());

function connect(options: PantryOptions = {}): Promise<Client> {
  return clients.connect(buildServer(options));
}

describe('pantry buildServer', () => {
  it('marks list_pantry read-only and place_order as an open-world, non-idempotent write', async () => {
    const { tools } = await (await connect()).listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(byName.list_pantry?.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(byName.place_order?.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(byName.place_order?.description).toContain('spends money');
    expect(byName.place_order?.inputSchema).toMatchObject({
      properties: { item: { enum: ['flour', 'sugar', 'butter', 'eggs', 'chocolate-chips', 'vanilla'] } },
    });
  });

  it('lists supplies and places an order, with the same facts in structuredContent and text', async () => {
    const client = await connect();
    const listed = await call(client, 'list_pantry');
    expect((listed.structuredContent as { items: unknown[] }).items).toHaveLength(6);
    const ordered = await call(client, 'place_order', { item: 'flour', quantity: 2 });
    expect(ordered.structuredContent).toEqual({
      orderId: 'order-0001',
      item: 'flour',
      name: 'Flour, 1 kg bag',
      quantity: 2,
      unitPriceCents: 189,
      totalCents: 378,
      stockLeft: 38,
    });
    expect(JSON.parse(text(ordered))).toEqual(ordered.structuredContent);
  });

  it('shares one pantry across sessions when the caller passes it', async () => {
    const pantry = new Pantry();
    await call(await connect({ pantry }), 'place_order', { item: 'eggs', quantity: 5 });
    const second = await call(await connect({ pantry }), 'place_order', { item: 'eggs', quantity: 1 });
    expect(second.structuredContent).toMatchObject({ orderId: 'order-0002', stockLeft: 12 });
  });

  it.each([
    [
      { item: 'saffron', quantity: 1 },
      'item must be one of flour, sugar, butter, eggs, chocolate-chips, vanilla (got "saffron")',
    ],
    [{ item: 'flour', quantity: 0 }, 'quantity must be a whole number from 1 to 50 (got 0)'],
    [{ item: 'flour', quantity: 51 }, 'quantity must be a whole number from 1 to 50 (got 51)'],
    [{ item: 'flour', quantity: 1.5 }, 'quantity must be a whole number from 1 to 50 (got 1.5)'],
    [{ item: 'vanilla', quantity: 7 }, 'Only 6 of vanilla left in stock: order at most 6, or choose another item.'],
  ])('refuses %j with an isError result that says what is allowed', async (args, message) => {
    const result = await call(await connect(), 'place_order', args);
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(message);
  });
});
