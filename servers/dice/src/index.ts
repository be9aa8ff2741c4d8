// @kitchen/server-dice: the dice domain and buildServer. Server side: the host reaches
// roll_dice only over MCP.

export type { DiceOptions } from './build-server.js';
export { buildServer } from './build-server.js';
export type { DiceRoll } from './dice.js';
export { DICE_LIMITS, rollDice } from './dice.js';
