// Which jars a task is about, in the words people use: "all 80 jars", "jars 12 to 30", "jars 3, 7
// and 41", "the last 10 jars", "jar #5", "from jar 70 on", "1-20 except 13". Host side, pure.

import { MAX_IDS, sortedIds } from '../jars/id-list.js';
import { replaceNumberWords } from './number-words.js';

/** Narrowing that applies on top of any selection: odd or even ids, jars on these shelves. */
export interface JarNarrowing {
  parity?: 'odd' | 'even';
  /** Shelf letters, upper case; a jar's label names its shelf. */
  shelves?: string[];
  /** Shelves whose jars are left out ("except those on shelf A"). */
  notShelves?: string[];
}

export type JarSelection = (
  | { kind: 'all'; exclude: number[] }
  | { kind: 'ids'; ids: number[]; exclude: number[] }
  | { kind: 'first'; count: number; exclude: number[] }
  | { kind: 'last'; count: number; exclude: number[] }
  | { kind: 'from'; start: number; exclude: number[] }
) &
  JarNarrowing;

type Item = { kind: 'ids'; ids: number[] } | { kind: 'from'; start: number };

const JAR_WORDS = new Set(['jar', 'jars']);
const RANGE_WORDS = new Set(['-', 'to', 'through', 'thru', 'till', 'until', 'til']);
const LIST_WORDS = new Set([',', 'and', '&', 'or', 'plus']);
const OPEN_AFTER_LIST = new Set(['up', 'upwards', 'above', 'higher', 'beyond', 'later', 'over', 'onwards', 'onward']);
const FILLERS_AFTER_JAR = new Set([
  'number',
  'numbers',
  'no',
  'nos',
  'id',
  'ids',
  'numbered',
  'labelled',
  'labeled',
  'from',
  'with',
  'the',
  'range',
  'between',
  'in',
  'among',
  'amongst',
  'within',
]);
const END_WORDS = new Set(['end', 'last', 'final', 'top', 'rest']);
const EXCLUSION_WORDS = new Set([
  'except',
  'excluding',
  'exclude',
  'skip',
  'skipping',
  'ignoring',
  'minus',
  'without',
  'but',
  'apart',
  'other',
]);
const SENTENCE_END = new Set(['.', '!', '?', ';', ':']);

/** Lowercase tokens: numbers, words and the punctuation that separates ids. */
export function tokenize(text: string): string[] {
  const normalised = replaceNumberWords(text.toLowerCase())
    .replace(/[–—−]/g, '-')
    .replace(/(\d)\s*\.{2,3}\s*(\d)/g, '$1-$2')
    .replace(/n°|#|\bnos?\.(?=\s*\d)/g, ' ')
    .replace(/'s\b/g, '');
  return normalised.match(/\d+|[a-z]+|[,&+\-.;:!?]/g) ?? [];
}

export function mentionsJars(text: string): boolean {
  return tokenize(text).some((token) => JAR_WORDS.has(token));
}

/** The jars a task names; "all" when it names none in particular. */
export function parseJarSelection(text: string): JarSelection {
  const tokens = tokenize(text);
  const { exclude, excludedSpans } = findExclusions(tokens);
  const items: Item[] = [];
  let counted: JarSelection | undefined;
  for (const [index, token] of tokens.entries()) {
    if (!JAR_WORDS.has(token) || excludedSpans.has(index)) continue;
    let start = index + 1;
    // "18 jars, ids 7, 12 and 17": a comma may stand before the word that opens the list.
    while (
      FILLERS_AFTER_JAR.has(tokens[start] ?? '') ||
      (tokens[start] === ',' && ['ids', 'numbers', 'namely', 'numbered'].includes(tokens[start + 1] ?? ''))
    )
      start += 1;
    const between = tokens[index - 1] === 'between' || tokens.slice(index + 1, start).includes('between');
    const fromBefore = tokens[index - 1] === 'from' || tokens.slice(index + 1, start).includes('from');
    items.push(...readNumbers(tokens, start, { between, fromBefore }).items);
    const before = readBefore(tokens, index);
    // "all"/"every" is the default anyway; a count ("the first 20") wins over a later "each jar".
    if (before !== undefined && before !== 'all' && counted === undefined) counted = before;
  }
  // "the jars with broken seals between 3 and 9": a range after other words still names the jars.
  if (items.length === 0) {
    for (const [index, token] of tokens.entries()) {
      if ((token !== 'between' && token !== 'from') || !isNumber(tokens[index + 1]) || excludedSpans.has(index))
        continue;
      items.push(
        ...readNumbers(tokens, index + 1, { between: token === 'between', fromBefore: token === 'from' }).items,
      );
    }
  }
  const ids = sortedIds(items.flatMap((item) => (item.kind === 'ids' ? item.ids : [])));
  const from = items.find((item): item is { kind: 'from'; start: number } => item.kind === 'from');
  if (from !== undefined) return { kind: 'from', start: from.start, exclude };
  if (ids.length > 0) return { kind: 'ids', ids: ids.filter((id) => !exclude.includes(id)), exclude };
  if (counted !== undefined) return { ...counted, exclude };
  return { kind: 'all', exclude };
}

/** Numbers after a jar word: "3, 7 and 41", "12 to 30", "between 5 and 9", "70 onwards". */
function readNumbers(
  tokens: string[],
  start: number,
  context: { between: boolean; fromBefore: boolean },
): { items: Item[]; end: number } {
  const items: Item[] = [];
  let position = start;
  let end = start;
  while (isNumber(tokens[position])) {
    const first = Number(tokens[position]);
    position += 1;
    const upTo = tokens[position] === 'up' && tokens[position + 1] === 'to';
    const rangeWord =
      RANGE_WORDS.has(tokens[position] ?? '') ||
      upTo ||
      (context.between && items.length === 0 && tokens[position] === 'and');
    const afterRange = skipJarWord(tokens, position + (upTo ? 2 : 1));
    if (rangeWord && isNumber(tokens[afterRange])) {
      items.push({ kind: 'ids', ids: range(first, Number(tokens[afterRange])) });
      position = afterRange + 1;
    } else if (openEndLength(tokens, position, context.fromBefore) > 0) {
      items.push({ kind: 'from', start: first });
      position += openEndLength(tokens, position, context.fromBefore);
    } else {
      items.push({ kind: 'ids', ids: [first] });
    }
    end = position;
    if (!LIST_WORDS.has(tokens[position] ?? '')) break;
    let next = position + 1;
    if (tokens[next] === 'and') next += 1;
    if (tokens[next] === 'also') next += 1;
    next = skipJarWord(tokens, next);
    if (!isNumber(tokens[next])) break;
    position = next;
  }
  return { items, end };
}

/** How many tokens an open end takes ("onwards", "and up", "to the end"); 0 when there is none. */
function openEndLength(tokens: string[], position: number, fromBefore: boolean): number {
  const token = tokens[position] ?? '';
  if (token === 'onwards' || token === 'onward' || token === 'upwards' || token === '+') return 1;
  if (token === 'on' && fromBefore) return 1;
  if ((token === 'and' || token === 'or') && OPEN_AFTER_LIST.has(tokens[position + 1] ?? '')) return 2;
  const endAt = tokens[position + 1] === 'the' ? position + 2 : position + 1;
  if (RANGE_WORDS.has(token) && END_WORDS.has(tokens[endAt] ?? '')) return endAt - position + 1;
  return 0;
}

/** Words before a jar word: "the first 20", "the last ten", "all 80", "every", "20 jars". */
function readBefore(tokens: string[], jarIndex: number): JarSelection | 'all' | undefined {
  const window: string[] = [];
  for (let index = jarIndex - 1; index >= 0 && index >= jarIndex - 5; index -= 1) {
    const token = tokens[index] ?? '';
    if (SENTENCE_END.has(token) || JAR_WORDS.has(token)) break;
    window.unshift(token);
  }
  if (window.some((token) => ['all', 'every', 'each', 'entire', 'whole'].includes(token))) return 'all';
  for (const [index, token] of window.entries()) {
    const kind = token === 'first' ? 'first' : token === 'last' || token === 'final' ? 'last' : undefined;
    if (kind === undefined) continue;
    const next = window[index + 1];
    const count = isNumber(next) ? Number(next) : tokens[jarIndex] === 'jar' ? 1 : undefined;
    if (count !== undefined) return { kind, count, exclude: [] };
  }
  const numberIndex = window.findIndex((token, index) => isNumber(token) && index >= window.length - 3);
  if (numberIndex < 0) return undefined;
  const leading = window[numberIndex - 1];
  if (leading === 'the' || leading === 'these' || leading === 'those' || leading === 'our') return 'all';
  return { kind: 'first', count: Number(window[numberIndex]), exclude: [] };
}

function findExclusions(tokens: string[]): { exclude: number[]; excludedSpans: Set<number> } {
  const exclude: number[] = [];
  const excludedSpans = new Set<number>();
  for (const [index, token] of tokens.entries()) {
    if (!EXCLUSION_WORDS.has(token)) continue;
    if (token === 'but' && tokens[index + 1] !== 'not') continue;
    if ((token === 'apart' || token === 'other') && !['from', 'than'].includes(tokens[index + 1] ?? '')) continue;
    let start = index + 1;
    while (['not', 'from', 'than', 'for', 'the', 'jar', 'jars', 'number', 'numbers'].includes(tokens[start] ?? ''))
      start += 1;
    const { items, end } = readNumbers(tokens, start, { between: false, fromBefore: false });
    for (const item of items) if (item.kind === 'ids') exclude.push(...item.ids);
    for (let position = index; position < end; position += 1) excludedSpans.add(position);
  }
  return { exclude: sortedIds(exclude), excludedSpans };
}

function skipJarWord(tokens: string[], position: number): number {
  return JAR_WORDS.has(tokens[position] ?? '') ? position + 1 : position;
}

function isNumber(token: string | undefined): token is string {
  return token !== undefined && /^\d+$/.test(token);
}

function range(first: number, last: number): number[] {
  const low = Math.min(first, last);
  const high = Math.min(Math.max(first, last), low + MAX_IDS - 1);
  return Array.from({ length: high - low + 1 }, (_unused, offset) => low + offset);
}
