// The pantry domain: a few supplies with prices in cents, stock, orders that spend money, and
// cancellations that refund them. Server side, pure apart from its own counters (one Pantry per
// server process), and it tells listeners when the set of open orders changes.

export interface PantryItem {
  id: string;
  name: string;
  priceCents: number;
  stock: number;
}

export interface Order {
  orderId: string;
  item: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  stockLeft: number;
}

export type OrderOutcome = { kind: 'placed'; order: Order } | { kind: 'refused'; reason: string };

export interface Cancellation {
  orderId: string;
  item: string;
  quantity: number;
  refundCents: number;
  stockLeft: number;
}

export type CancelOutcome = { kind: 'cancelled'; cancellation: Cancellation } | { kind: 'refused'; reason: string };

export const MAX_ORDER_QUANTITY = 50;

export const PANTRY_ITEMS: readonly PantryItem[] = [
  { id: 'flour', name: 'Flour, 1 kg bag', priceCents: 189, stock: 40 },
  { id: 'sugar', name: 'Caster sugar, 1 kg bag', priceCents: 249, stock: 30 },
  { id: 'butter', name: 'Butter, 250 g block', priceCents: 450, stock: 24 },
  { id: 'eggs', name: 'Eggs, box of 12', priceCents: 399, stock: 18 },
  { id: 'chocolate-chips', name: 'Chocolate chips, 200 g', priceCents: 329, stock: 20 },
  { id: 'vanilla', name: 'Vanilla extract, 50 ml', priceCents: 899, stock: 6 },
];

export const PANTRY_ITEM_IDS = PANTRY_ITEMS.map((item) => item.id) as [string, ...string[]];

export class Pantry {
  private readonly items: Map<string, PantryItem>;
  private ordersPlaced = 0;
  /** Orders that can still be cancelled, by id. */
  private readonly openOrders = new Map<string, Order>();
  private readonly listeners = new Set<() => void>();

  constructor(items: readonly PantryItem[] = PANTRY_ITEMS) {
    this.items = new Map(items.map((item) => [item.id, { ...item }]));
  }

  list(): PantryItem[] {
    return [...this.items.values()].map((item) => ({ ...item }));
  }

  /** Places an order when the item exists and enough is in stock; never throws for bad input. */
  placeOrder(itemId: string, quantity: number): OrderOutcome {
    const item = this.items.get(itemId);
    if (!item) {
      return {
        kind: 'refused',
        reason: `There is no item "${itemId}" in the pantry: choose one of ${[...this.items.keys()].join(', ')}.`,
      };
    }
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_ORDER_QUANTITY) {
      return {
        kind: 'refused',
        reason: `quantity must be a whole number from 1 to ${MAX_ORDER_QUANTITY} (got ${quantity}).`,
      };
    }
    if (quantity > item.stock) {
      return {
        kind: 'refused',
        reason: `Only ${item.stock} of ${item.id} left in stock: order at most ${item.stock}, or choose another item.`,
      };
    }
    item.stock -= quantity;
    this.ordersPlaced += 1;
    const order: Order = {
      orderId: `order-${String(this.ordersPlaced).padStart(4, '0')}`,
      item: item.id,
      name: item.name,
      quantity,
      unitPriceCents: item.priceCents,
      totalCents: item.priceCents * quantity,
      stockLeft: item.stock,
    };
    this.openOrders.set(order.orderId, order);
    this.changed();
    return { kind: 'placed', order };
  }

  /** The ids of the orders that can still be cancelled, oldest first. */
  openOrderIds(): string[] {
    return [...this.openOrders.keys()];
  }

  /** Cancels an open order: its stock comes back and its total is refunded. Never throws. */
  cancelOrder(orderId: string): CancelOutcome {
    const order = this.openOrders.get(orderId);
    if (!order) {
      const open = this.openOrderIds();
      return {
        kind: 'refused',
        reason: `There is no open order "${orderId}": ${open.length > 0 ? `open orders are ${open.join(', ')}` : 'no order is open'}.`,
      };
    }
    const item = this.items.get(order.item);
    if (item) item.stock += order.quantity;
    this.openOrders.delete(orderId);
    this.changed();
    return {
      kind: 'cancelled',
      cancellation: {
        orderId,
        item: order.item,
        quantity: order.quantity,
        refundCents: order.totalCents,
        stockLeft: item?.stock ?? 0,
      },
    };
  }

  /** How many listeners are attached (one per open session). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Calls `listener` after every order placed or cancelled; returns the way to stop. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
