// The pantry domain: orders cost price × quantity, draw down stock, and get fresh ids; bad
// orders are refused with a reason. Server side, pure.

import { describe, expect, it } from 'vitest';
import { Pantry } from './pantry.js';

describe('Pantry', () => {
  it('lists every supply with a price in cents and its stock', () => {
    const items = new Pantry().list();
    expect(items.map((item) => item.id)).toEqual(['flour', 'sugar', 'butter', 'eggs', 'chocolate-chips', 'vanilla']);
    expect(items.every((item) => Number.isInteger(item.priceCents) && item.priceCents > 0 && item.stock > 0)).toBe(
      true,
    );
  });

  it('places an order for price × quantity, draws down stock, and numbers orders', () => {
    const pantry = new Pantry();
    expect(pantry.placeOrder('butter', 3)).toEqual({
      kind: 'placed',
      order: {
        orderId: 'order-0001',
        item: 'butter',
        name: 'Butter, 250 g block',
        quantity: 3,
        unitPriceCents: 450,
        totalCents: 1350,
        stockLeft: 21,
      },
    });
    expect(pantry.placeOrder('butter', 1)).toMatchObject({ order: { orderId: 'order-0002', stockLeft: 20 } });
    expect(pantry.list().find((item) => item.id === 'butter')?.stock).toBe(20);
  });

  it('refuses more than the stock, an unknown item, and a bad quantity, saying what is allowed', () => {
    const pantry = new Pantry();
    expect(pantry.placeOrder('vanilla', 7)).toEqual({
      kind: 'refused',
      reason: 'Only 6 of vanilla left in stock: order at most 6, or choose another item.',
    });
    expect(pantry.placeOrder('saffron', 1)).toMatchObject({
      kind: 'refused',
      reason: expect.stringContaining('choose one of flour, sugar'),
    });
    expect(pantry.placeOrder('flour', 0)).toMatchObject({
      kind: 'refused',
      reason: 'quantity must be a whole number from 1 to 50 (got 0).',
    });
    expect(pantry.list().find((item) => item.id === 'vanilla')?.stock).toBe(6);
  });

  it('cancels an open order: the stock comes back and the total is refunded, once', () => {
    const pantry = new Pantry();
    pantry.placeOrder('butter', 3);
    pantry.placeOrder('eggs', 2);
    expect(pantry.openOrderIds()).toEqual(['order-0001', 'order-0002']);
    expect(pantry.cancelOrder('order-0001')).toEqual({
      kind: 'cancelled',
      cancellation: { orderId: 'order-0001', item: 'butter', quantity: 3, refundCents: 1350, stockLeft: 24 },
    });
    expect(pantry.openOrderIds()).toEqual(['order-0002']);
    expect(pantry.cancelOrder('order-0001')).toEqual({
      kind: 'refused',
      reason: 'There is no open order "order-0001": open orders are order-0002.',
    });
    pantry.cancelOrder('order-0002');
    expect(pantry.cancelOrder('order-0009')).toMatchObject({ reason: expect.stringContaining('no order is open') });
    expect(pantry.placeOrder('eggs', 1)).toMatchObject({ order: { orderId: 'order-0003', stockLeft: 17 } });
  });

  it('tells listeners after each order placed or cancelled, not after a refusal', () => {
    const pantry = new Pantry();
    let changes = 0;
    const stop = pantry.onChange(() => (changes += 1));
    pantry.placeOrder('flour', 1);
    pantry.placeOrder('vanilla', 99);
    pantry.cancelOrder('order-0001');
    pantry.cancelOrder('order-0001');
    expect(changes).toBe(2);
    stop();
    pantry.placeOrder('flour', 1);
    expect(changes).toBe(2);
    expect(pantry.listenerCount).toBe(0);
  });

  it('keeps separate pantries apart', () => {
    const first = new Pantry();
    first.placeOrder('eggs', 18);
    expect(new Pantry().placeOrder('eggs', 1).kind).toBe('placed');
  });
});
