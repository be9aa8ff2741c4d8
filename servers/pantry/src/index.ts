// @kitchen/server-pantry: the pantry domain and buildServer. Server side: the host reaches
// list_pantry and place_order only over MCP.

export { buildServer } from './build-server.js';
export type { PantryOptions } from './build-server.js';
export { MAX_ORDER_QUANTITY, PANTRY_ITEMS, PANTRY_ITEM_IDS, Pantry } from './pantry.js';
export type { Order, OrderOutcome, PantryItem } from './pantry.js';
