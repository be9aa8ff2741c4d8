// @kitchen/server-__NAME__: the domain and buildServer. Server side: a host reaches it only over MCP.

export type { WordCount } from './__NAME__.js';
export { countWords, MAX_TEXT_LENGTH } from './__NAME__.js';
export { ABOUT_URI, buildServer } from './build-server.js';
