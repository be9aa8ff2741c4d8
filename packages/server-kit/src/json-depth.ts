// How deep a JSON text nests, measured on its bytes before anything parses it: JSON.parse copes
// with deep nesting, but the schema checks and copies that walk the value afterwards recurse, and
// 5,000 levels (10 KB) overflow their stack. Server side; pure, so it is tested directly.

/** Levels of arrays and objects a request body may nest (an MCP message needs a handful). */
export const DEFAULT_MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * True when `bytes` (UTF-8 JSON, valid or not) opens more than `maxDepth` arrays and objects
 * inside one another. One pass, no allocation; brackets inside strings do not count (no byte of a
 * multi-byte UTF-8 character is ASCII, so scanning bytes is exact).
 */
export function nestsDeeperThan(bytes: Uint8Array, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (inString) {
      if (byte === BACKSLASH) index++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/** The same for a value already parsed (a body express.json() read): iterative, so it cannot overflow. */
export function valueNestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > maxDepth) return true;
    for (const child of Object.values(next.value)) pending.push({ value: child, depth });
  }
  return false;
}
