// The pantry domain: a few supplies with prices in cents, stock, and orders that spend money.
// Server side, pure apart from its own counters (one Pantry per server process).

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
    return { kind: 'placed', order };
  }
}
