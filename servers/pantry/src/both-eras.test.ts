// The pantry over real HTTP on loopback in both eras, one endpoint and one shared pantry: a v1 SDK
// client speaking 2025-11-25 (a session) and a v2 SDK client pinned to 2026-07-28 (every request
// stands alone). Orders and refunds are side effects, so each call must take effect exactly once,
// whichever era carried it. Server side.

import { serveMcp } from '@kitchen/server-kit';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { InMemoryServerEventBus } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer, publishToolListChanges } from './build-server.js';
import { Pantry } from './pantry.js';

type Era = '2025-11-25' | '2026-07-28';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Shopper {
  call(name: string, input?: Record<string, unknown>): Promise<CallToolResult>;
  toolNames(): Promise<string[]>;
  /** How many tools/call POSTs went over the wire so far. */
  toolCallPosts(): number;
}

async function servePantry(pantry: Pantry): Promise<string> {
  // As main.ts does: 2026 listeners hear of list changes on the kit's event bus.
  const eventBus = new InMemoryServerEventBus();
  const stopPublishing = publishToolListChanges(pantry, eventBus);
  const served = await serveMcp({
    name: 'pantry',
    buildServer: ({ era }) => buildServer({ pantry, era }),
    eventBus,
    log: { level: 'silent' },
  });
  cleanups.push(async () => {
    stopPublishing();
    await served.close();
  });
  return served.url;
}

async function shopper(url: string, era: Era): Promise<Shopper> {
  let posts = 0;
  const countingFetch = async (input: string | URL | Request, init?: RequestInit) => {
    if (init?.method === 'POST' && typeof init.body === 'string' && init.body.includes('"tools/call"')) posts += 1;
    return fetch(input, init);
  };
  const info = { name: 'pantry-test', version: '0.0.0' };
  if (era === '2025-11-25') {
    const client = new LegacyClient(info);
    await client.connect(new LegacyTransport(new URL(url), { fetch: countingFetch }));
    cleanups.push(() => client.close());
    return {
      call: async (name, input = {}) => (await client.callTool({ name, arguments: input })) as CallToolResult,
      toolNames: async () => (await client.listTools()).tools.map((tool) => tool.name).sort(),
      toolCallPosts: () => posts,
    };
  }
  const client = new ModernClient(info, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new ModernTransport(new URL(url), { fetch: countingFetch }));
  cleanups.push(() => client.close());
  expect(client.getProtocolEra()).toBe('modern');
  return {
    call: async (name, input = {}) => (await client.callTool({ name, arguments: input })) as CallToolResult,
    toolNames: async () => (await client.listTools()).tools.map((tool) => tool.name).sort(),
    toolCallPosts: () => posts,
  };
}

describe.each<Era>(['2025-11-25', '2026-07-28'])('the pantry in revision %s', (era) => {
  it('places each order exactly once: one request, one order, one charge to the stock', async () => {
    const pantry = new Pantry();
    const buyer = await shopper(await servePantry(pantry), era);
    const flourBefore = pantry.list().find((item) => item.id === 'flour')?.stock ?? 0;

    const orders = [];
    for (let round = 0; round < 3; round += 1)
      orders.push((await buyer.call('place_order', { item: 'flour', quantity: 2 })).structuredContent);

    expect(orders.map((order) => (order as { orderId: string }).orderId)).toEqual([
      'order-0001',
      'order-0002',
      'order-0003',
    ]);
    expect(pantry.openOrderIds()).toEqual(['order-0001', 'order-0002', 'order-0003']);
    expect(pantry.list().find((item) => item.id === 'flour')?.stock).toBe(flourBefore - 6);
    expect(buyer.toolCallPosts()).toBe(3);
  });

  it('refunds an order once, refuses the second cancel, and offers cancel_order only while one is open', async () => {
    const pantry = new Pantry();
    const buyer = await shopper(await servePantry(pantry), era);
    expect(await buyer.toolNames()).toEqual(['list_pantry', 'place_order']);
    await buyer.call('place_order', { item: 'butter', quantity: 2 });
    expect(await buyer.toolNames()).toEqual(['cancel_order', 'list_pantry', 'place_order']);

    const refunded = await buyer.call('cancel_order', { orderId: 'order-0001' });
    expect(refunded.structuredContent).toEqual({
      orderId: 'order-0001',
      item: 'butter',
      quantity: 2,
      refundCents: 900,
      stockLeft: 24,
    });
    expect(await buyer.toolNames()).toEqual(['list_pantry', 'place_order']);
    // A stale call to the tool that is gone is refused (the SDK answers -32602 for a disabled
    // tool), and the stock does not move again.
    await expect(buyer.call('cancel_order', { orderId: 'order-0001' })).rejects.toThrow('Tool cancel_order disabled');
    expect(pantry.list().find((item) => item.id === 'butter')?.stock).toBe(24);
    expect(buyer.toolCallPosts()).toBe(3);
  });

  it('refuses bad input with an isError result and changes nothing', async () => {
    const pantry = new Pantry();
    const buyer = await shopper(await servePantry(pantry), era);
    const refused = await buyer.call('place_order', { item: 'vanilla', quantity: 7 });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]).toMatchObject({ text: expect.stringContaining('Only 6 of vanilla left in stock') });
    expect(pantry.openOrderIds()).toEqual([]);
  });
});

describe('one pantry, both eras', () => {
  it('numbers orders from 2025 sessions and 2026 requests in one sequence', async () => {
    const pantry = new Pantry();
    const url = await servePantry(pantry);
    const [legacy, modern] = await Promise.all([shopper(url, '2025-11-25'), shopper(url, '2026-07-28')]);
    await legacy.call('place_order', { item: 'eggs', quantity: 1 });
    const second = await modern.call('place_order', { item: 'eggs', quantity: 1 });
    const third = await legacy.call('place_order', { item: 'eggs', quantity: 1 });
    expect(second.structuredContent).toMatchObject({ orderId: 'order-0002' });
    expect(third.structuredContent).toMatchObject({ orderId: 'order-0003', stockLeft: 15 });
  });

  it('leaves no listener on the pantry from the 2026 requests it answered', async () => {
    const pantry = new Pantry();
    const modern = await shopper(await servePantry(pantry), '2026-07-28');
    await modern.call('place_order', { item: 'sugar', quantity: 1 });
    await modern.toolNames();
    // The one listener left is the process's own publisher for 2026 listeners.
    expect(pantry.listenerCount).toBe(1);
  });

  it('tells a 2026 listener when cancel_order comes and goes, whichever era placed or cancelled the order', async () => {
    const pantry = new Pantry();
    const url = await servePantry(pantry);
    const listener = new ModernClient(
      { name: 'pantry-listener', version: '0.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await listener.connect(new ModernTransport(new URL(url)));
    cleanups.push(() => listener.close());
    let heard = 0;
    const waiting: Array<() => void> = [];
    listener.setNotificationHandler('notifications/tools/list_changed', () => {
      heard += 1;
      waiting.shift()?.();
    });
    const nextChange = () => new Promise<void>((resolve) => waiting.push(resolve));
    const subscription = await listener.listen({ toolsListChanged: true });
    cleanups.push(() => subscription.close());

    const [legacy, modern] = await Promise.all([shopper(url, '2025-11-25'), shopper(url, '2026-07-28')]);
    const opened = nextChange();
    await legacy.call('place_order', { item: 'flour', quantity: 1 });
    await opened;
    await modern.call('place_order', { item: 'sugar', quantity: 1 }); // still open: no change
    await modern.call('cancel_order', { orderId: 'order-0001' }); // one still open: no change
    const closed = nextChange();
    await modern.call('cancel_order', { orderId: 'order-0002' });
    await closed;
    expect(heard).toBe(2);
    expect(await modern.toolNames()).toEqual(['list_pantry', 'place_order']);
  });
});
