// A JSON-RPC message written so a person can read it beside another: the same JSON, with what
// does not tell the two eras apart elided behind a marker — capabilities, schemas, long `_meta`,
// each tool past its name, long strings. Runtime side: wording only; `kitchen wire --json` keeps all.

import { isRecord } from './wire-steps.js';

/** `{…}` marks an object left out, `{…a,b}` one named by its keys, `…` the cut end of a string. */
export const ELIDED = '{…}';

/** Objects whose contents are the same in both eras and long: shown as {…}. */
const ELIDED_KEYS = new Set([
  'capabilities',
  'clientCapabilities',
  'clientInfo',
  'serverInfo',
  'inputSchema',
  'outputSchema',
  'requestedSchema',
  'annotations',
  'execution',
  'modelPreferences',
]);

/** `_meta` up to this long is shown (a progress token); longer, {…}. */
const SHORT_META = 32;
/** Strings are cut to this many characters; an opaque requestState to fewer. */
const STRING_CHARS = 48;
const STATE_CHARS = 12;

/** One line of JSON; `"jsonrpc":"2.0"` is left out of the message itself (every message has it). */
export function readableJson(message: unknown): string {
  if (isRecord(message)) {
    const { jsonrpc: _version, ...rest } = message;
    return write(rest, undefined);
  }
  return write(message, undefined);
}

function write(value: unknown, key: string | undefined): string {
  if (typeof value === 'string') {
    const limit = key === 'requestState' ? STATE_CHARS : STRING_CHARS;
    return JSON.stringify(value.length > limit ? `${value.slice(0, limit - 1)}…` : value);
  }
  if (Array.isArray(value)) {
    if (key === 'tools') return `[${value.map((tool) => toolName(tool)).join(',')}]`;
    return `[${value.map((item) => write(item, undefined)).join(',')}]`;
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    if (key !== undefined && (ELIDED_KEYS.has(key) || key.startsWith('io.modelcontextprotocol/client'))) return ELIDED;
    // A long _meta is named by its keys: in 2026-07-28 it carries what a session used to hold.
    if (key === '_meta' && JSON.stringify(value).length > SHORT_META)
      return `{…${entries.map(([name]) => name.replace(/^io\.modelcontextprotocol\//, '')).join(',')}}`;
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${write(item, name)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function toolName(tool: unknown): string {
  return isRecord(tool) && typeof tool['name'] === 'string' ? `{"name":${JSON.stringify(tool['name'])},…}` : ELIDED;
}
