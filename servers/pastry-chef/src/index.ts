// The pastry chef's public surface: buildServer() and its pure domain. Server side.

export type { PastryChefOptions } from './build-server.js';
export { buildServer, DEFAULT_BAKE_MINUTES } from './build-server.js';
export type { Critique, FillingPlan, Recipe, Verdict } from './pastry.js';
export {
  bakeStage,
  buildCritiqueRequest,
  FILLING_FORM,
  FILLINGS,
  parseCritique,
  planFilling,
  RECIPE_BOOK,
  resolveRecipe,
} from './pastry.js';
