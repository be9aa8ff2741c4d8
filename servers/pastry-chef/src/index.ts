// The pastry chef's public surface: buildServer() and its pure domain. Server side.

export type { PastryChefOptions } from './build-server.js';
export { buildServer } from './build-server.js';
export type { Critique, FillingPlan, Recipe, Verdict } from './pastry.js';
export {
  bakeStage,
  bakingMinutes,
  buildCritiqueRequest,
  completeRecipeName,
  DEFAULT_BAKE_MINUTES,
  FILLING_FORM,
  FILLINGS,
  parseCritique,
  planFilling,
  RECIPE_BOOK,
  resolveRecipe,
} from './pastry.js';
