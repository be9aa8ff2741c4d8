// cancel_order, the tool that comes and goes: through real MCP clients over in-memory pairs, the
// tool list changes at run time and every session sharing the pantry hears
// notifications/tools/list_changed after the call that changed it. Server side.

import { callTool, createInMemoryClients, resultText } from '@kitchen/server-kit/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from './build-server.js';
import { Pantry } from './pantry.js';

const clients = createInMemoryClients();
afterEach(() => clients.closeAll());

/** A client that counts the tools/list_changed notifications it hears. */
async function connect(pantry: Pantry): Promise<{ client: Client; listChanges: () => number }> {
  const client = await clients.connect(buildServer({ pantry }));
  let heard = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    heard += 1;
  });
  return { client, listChanges: () => heard };
}

async function toolNames(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((tool) => tool.name).sort();
}

describe('cancel_order', () => {
  it('is not offered before any order, and the server says its tool list can change', async () => {
    const { client } = await connect(new Pantry());
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
    expect(await toolNames(client)).toEqual(['list_pantry', 'place_order']);
  });

  it('appears after the first order, announced to every session with tools/list_changed', async () => {
    const pantry = new Pantry();
    const buyer = await connect(pantry);
    const onlooker = await connect(pantry);

    await callTool(buyer.client, 'place_order', { item: 'flour', quantity: 2 });
    await Promise.all([buyer.client.ping(), onlooker.client.ping()]);
    expect([buyer.listChanges(), onlooker.listChanges()]).toEqual([1, 1]);
    expect(await toolNames(onlooker.client)).toEqual(['cancel_order', 'list_pantry', 'place_order']);

    // A second open order does not change the list again.
    await callTool(buyer.client, 'place_order', { item: 'sugar', quantity: 1 });
    await buyer.client.ping();
    expect(buyer.listChanges()).toBe(1);
  });

  it('refunds an order, and disappears again when no order is left open', async () => {
    const pantry = new Pantry();
    const { client, listChanges } = await connect(pantry);
    await callTool(client, 'place_order', { item: 'butter', quantity: 2 });
    const tools = (await client.listTools()).tools;
    expect(tools.find((tool) => tool.name === 'cancel_order')?.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: true,
    });

    const cancelled = await callTool(client, 'cancel_order', { orderId: 'order-0001' });
    expect(cancelled.structuredContent).toEqual({
      orderId: 'order-0001',
      item: 'butter',
      quantity: 2,
      refundCents: 900,
      stockLeft: 24,
    });
    expect(JSON.parse(resultText(cancelled))).toEqual(cancelled.structuredContent);
    await client.ping();
    expect(listChanges()).toBe(2);
    expect(await toolNames(client)).toEqual(['list_pantry', 'place_order']);
  });

  it('is already offered to a session that connects while an order is open', async () => {
    const pantry = new Pantry();
    pantry.placeOrder('eggs', 1);
    const { client, listChanges } = await connect(pantry);
    expect(await toolNames(client)).toContain('cancel_order');
    const refused = await callTool(client, 'cancel_order', { orderId: 'order-0042' });
    expect(refused.isError).toBe(true);
    expect(resultText(refused)).toBe('There is no open order "order-0042": open orders are order-0001.');
    expect(listChanges()).toBe(0);
  });

  it('stops listening to the shared pantry when its session closes', async () => {
    const pantry = new Pantry();
    const { client } = await connect(pantry);
    expect(pantry.listenerCount).toBe(1);
    await client.close();
    expect(pantry.listenerCount).toBe(0);
    expect(pantry.placeOrder('flour', 1).kind).toBe('placed');
  });
});
