// Refuses a JSON body nested too deep before express.json() parses it: the parse copes, but the
// zod checks and the MCP client that walk the value afterwards recurse, and 5,000 levels (10 KB)
// overflowed their stack with a 500. App side; the server kit has its own for MCP endpoints
// (packages/server-kit/src/json-depth.ts), as the app never loads server code at run time.

import type { IncomingMessage } from 'node:http';

/** Levels of arrays and objects a body may nest; the page's deepest is a tool's arguments. */
export const MAX_JSON_DEPTH = 64;

/** The error express.json() passes on when `verify` throws, told apart by its `type`. */
export class JsonTooDeepError extends Error {
  readonly status = 400;
  readonly type = 'entity.too.deep';
  constructor() {
    super(`The body is JSON nested deeper than ${MAX_JSON_DEPTH} levels; send a flatter JSON object.`);
  }
}

/** express.json()'s `verify` hook: one pass over the raw bytes, brackets inside strings skipped. */
export function refuseDeepJson(_request: IncomingMessage, _response: unknown, bytes: Buffer): void {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (inString) {
      if (byte === 0x5c)
        index++; // a backslash: the next byte is escaped
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) {
      inString = true;
    } else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) throw new JsonTooDeepError();
    } else if (byte === 0x5d || byte === 0x7d) {
      depth--;
    }
  }
}
