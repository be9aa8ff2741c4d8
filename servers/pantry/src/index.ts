// @kitchen/server-pantry: the pantry domain and buildServer. Server side: the host reaches
// list_pantry and place_order only over MCP.

export type { PantryOptions } from './build-server.js';
export { buildServer, publishToolListChanges } from './build-server.js';
export type { Order, OrderOutcome, PantryItem } from './pantry.js';
export { MAX_ORDER_QUANTITY, PANTRY_ITEM_IDS, PANTRY_ITEMS, Pantry } from './pantry.js';
