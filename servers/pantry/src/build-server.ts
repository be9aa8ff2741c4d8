// Registers the pantry tools on a fresh McpServer: list_pantry (a read), place_order, which
// spends money and is the kind of call a host's gate should ask about, and cancel_order, which is
// offered only while an order is open: the tool list changes at run time, and every 2025 session
// hears `notifications/tools/list_changed`. Server side; once per 2025 session, once per 2026
// request (a 2026 server lives for one request, so its list is simply read from the pantry).

import { errorToolResult, jsonToolResult, wholeNumber } from '@kitchen/server-kit';
import { McpServer, type ServerEventBus } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { MAX_ORDER_QUANTITY, PANTRY_ITEM_IDS, Pantry } from './pantry.js';

export interface PantryOptions {
  /** The process-wide pantry. Pass one to every session so stock and order ids are shared;
   * without it each call starts a fresh pantry. */
  pantry?: Pantry;
  /**
   * The revision this server will answer in (the kit says). A 2025 server holds a session open
   * and follows the pantry to announce list changes; a 2026 one answers one request and does not.
   * Without it the server follows the pantry, as a 2025 one does.
   */
  era?: '2025-11-25' | '2026-07-28';
}

const itemShape = { id: z.string(), name: z.string(), priceCents: z.number().int(), stock: z.number().int() };

export function buildServer(options: PantryOptions = {}): McpServer {
  const pantry = options.pantry ?? new Pantry();
  const server = new McpServer({ name: 'pantry', version: '0.1.0' });

  server.registerTool(
    'list_pantry',
    {
      title: 'List pantry supplies',
      description: 'List the supplies that can be ordered, with their price in cents (USD) and how many are in stock.',
      inputSchema: z.object({}),
      outputSchema: z.object({ items: z.array(z.object(itemShape)) }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () => jsonToolResult({ items: pantry.list() }),
  );

  server.registerTool(
    'place_order',
    {
      title: 'Place an order',
      description: `Order supplies from the supplier. This spends money: the total (price × quantity, in cents) is charged, and every call places a new order. At most ${MAX_ORDER_QUANTITY} per order.`,
      inputSchema: z.object({
        item: z
          .enum(PANTRY_ITEM_IDS, {
            error: (issue) =>
              `item must be one of ${PANTRY_ITEM_IDS.join(', ')} (got ${JSON.stringify(issue.input) ?? 'nothing'})`,
          })
          .describe('Item id from list_pantry.'),
        quantity: wholeNumber('quantity', { min: 1, max: MAX_ORDER_QUANTITY }).describe(
          `How many, 1 to ${MAX_ORDER_QUANTITY}.`,
        ),
      }),
      outputSchema: z.object({
        orderId: z.string(),
        item: z.string(),
        name: z.string(),
        quantity: z.number().int(),
        unitPriceCents: z.number().int(),
        totalCents: z.number().int(),
        stockLeft: z.number().int(),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    ({ item, quantity }) => {
      const outcome = pantry.placeOrder(item, quantity);
      return outcome.kind === 'placed' ? jsonToolResult(outcome.order) : errorToolResult(outcome.reason);
    },
  );

  const cancelOrder = server.registerTool(
    'cancel_order',
    {
      title: 'Cancel an order',
      description:
        'Cancel an open order placed with place_order: its stock goes back on the shelf and its total is refunded. Offered only while some order is open.',
      inputSchema: z.object({ orderId: z.string().describe('The orderId place_order returned, e.g. "order-0001".') }),
      outputSchema: z.object({
        orderId: z.string(),
        item: z.string(),
        quantity: z.number().int(),
        refundCents: z.number().int(),
        stockLeft: z.number().int(),
      }),
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    },
    ({ orderId }) => {
      const outcome = pantry.cancelOrder(orderId);
      return outcome.kind === 'cancelled' ? jsonToolResult(outcome.cancellation) : errorToolResult(outcome.reason);
    },
  );

  // enable() and disable() send notifications/tools/list_changed once the server is connected
  // (before connect they only set the starting list). The pantry is shared by every session, so
  // an order placed in one session changes the list in all of them.
  const offerCancelWhenOrdersAreOpen = () => {
    const anyOpen = pantry.openOrderIds().length > 0;
    if (anyOpen && !cancelOrder.enabled) cancelOrder.enable();
    if (!anyOpen && cancelOrder.enabled) cancelOrder.disable();
  };
  offerCancelWhenOrdersAreOpen();
  if (options.era === '2026-07-28') return server;
  const stopListening = pantry.onChange(offerCancelWhenOrdersAreOpen);
  const previousOnClose = server.server.onclose;
  server.server.onclose = () => {
    stopListening();
    previousOnClose?.();
  };

  return server;
}

/**
 * Announces to 2026-07-28 clients that listen (`subscriptions/listen`) each time cancel_order comes
 * or goes: publishes on the kit's event bus when the first order opens and when the last one
 * closes, the moments a 2025 session hears `notifications/tools/list_changed`. Once per process;
 * returns the way to stop.
 */
export function publishToolListChanges(pantry: Pantry, bus: ServerEventBus): () => void {
  let anyOpen = pantry.openOrderIds().length > 0;
  return pantry.onChange(() => {
    const nowOpen = pantry.openOrderIds().length > 0;
    if (nowOpen === anyOpen) return;
    anyOpen = nowOpen;
    bus.publish({ kind: 'tools_list_changed' });
  });
}
