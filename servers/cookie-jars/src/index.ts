// @kitchen/server-cookie-jars: the cookie-jar domain (with its known answer) and buildServer.
// Server side: the host reaches these tools only over MCP.

export type { CookieJarsOptions } from './build-server.js';
export { buildServer } from './build-server.js';
export { publishShelfChanges } from './jar-resources.js';
export type { JarView } from './jar-shelf.js';
export { JarShelf } from './jar-shelf.js';
export type { GroundTruth, Jar, Seal, ShelfLetter } from './jars.js';
export {
  AUTHORIZED_PREFIX,
  generateJars,
  groundTruth,
  isAuthorizedNote,
  MIN_JARS_FOR_EVERY_TRAP,
  readsLikeInstructions,
  SHELVES,
  shelfOf,
  TOLERANCE_GRAMS,
  tamperReason,
} from './jars.js';
