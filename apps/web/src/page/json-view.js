// Readable tool results: JSON drawn as a folded, highlighted tree (objects and arrays open one
// level, longer ones fold), other text as it is. App side, in the browser; every value goes in
// with textContent.

import { el } from './dom.js';

/** Objects and arrays with more entries than this start folded. */
const OPEN_UP_TO = 8;
/** Drawn at most this many entries of one object or array; the rest are counted. */
const MOST_ENTRIES = 200;

/** The text's JSON value, or undefined when it is not JSON (or is a bare string or number). */
export function parseJsonObject(text) {
  const trimmed = text.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

/** A <div class="json"> for `value`. */
export function renderJson(value) {
  return el('div', 'json', undefined, renderValue(value, 0));
}

function renderValue(value, depth) {
  if (value === null) return el('span', 'json-null', 'null');
  if (typeof value === 'string') return el('span', 'json-string', JSON.stringify(value));
  if (typeof value === 'number') return el('span', 'json-number', String(value));
  if (typeof value === 'boolean') return el('span', 'json-boolean', String(value));
  if (typeof value !== 'object') return el('span', '', String(value));
  const isArray = Array.isArray(value);
  const entries = isArray ? value.map((item, index) => [index, item]) : Object.entries(value);
  const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return el('span', 'json-punct', `${open}${close}`);
  const list = el('ul', 'json-entries');
  for (const [key, item] of entries.slice(0, MOST_ENTRIES)) {
    list.append(
      el(
        'li',
        '',
        undefined,
        isArray ? null : el('span', 'json-key', `${JSON.stringify(key)}: `),
        renderValue(item, depth + 1),
      ),
    );
  }
  if (entries.length > MOST_ENTRIES) list.append(el('li', 'json-more', `… ${entries.length - MOST_ENTRIES} more`));
  const details = el(
    'details',
    'json-fold',
    undefined,
    el('summary', 'json-punct', `${open} ${entries.length} ${isArray ? 'items' : 'fields'} ${close}`),
    list,
  );
  details.open = depth === 0 || entries.length <= OPEN_UP_TO;
  return details;
}
