// Every way a person narrows a jar job, read into one scope: the jars (ranges, lists, "#7",
// number words, ordinals, first/last N, "except"), odd or even ids, shelves, and seal or weight
// problems; and the words that narrow a job but could not be read, so the model can say so and
// do nothing destructive instead of widening the job. Host side, pure.

import { withDefined } from '@kitchen/host';
import { type JarSelection, parseJarSelection } from './jar-selection.js';
import { replaceNumberWords } from './number-words.js';

export type JarProblem = 'seal' | 'weight';

export interface JarScope {
  selection: JarSelection;
  /** "broken seals only", "weight problems": which kind of tampering the person asked about. */
  problem: JarProblem | undefined;
  /** Words that narrow the job which the model could not read, as written (lowercase). */
  unread: string[];
  /** The clause without what was read as scope (for a stricter reading of destructive clauses). */
  rest: string;
}

const ORDINAL_UNITS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
};
const ORDINAL_TENS: Record<string, number> = {
  twentieth: 20,
  thirtieth: 30,
  fortieth: 40,
  fiftieth: 50,
  sixtieth: 60,
  seventieth: 70,
  eightieth: 80,
  ninetieth: 90,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const ORDINAL_WORD = new RegExp(
  `\\b(?:(${Object.keys(TENS).join('|')})[- ]?)?(${[...Object.keys(ORDINAL_UNITS), ...Object.keys(ORDINAL_TENS)].join('|')})\\b`,
  'g',
);
const LIST_GLUE = String.raw`\s*(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or|&)\s|&)\s*(?:the\s+)?`;

const SHELF_LETTERS = '[a-z](?![a-z0-9])';
const SHELF_LIST = `${SHELF_LETTERS}(?:${LIST_GLUE}(?:shelf\\s+)?${SHELF_LETTERS})*`;
const SHELF_AFTER = new RegExp(
  String.raw`(\b(?:except|excluding|but not|not|other than|apart from|without|skipping|skip)\s+(?:(?:for|the|those|ones|one|jars?|that|which|are|is|on|from|in)\s+)*)?\bshel(?:f|ves)\s*[-:]?\s*(${SHELF_LIST})`,
  'g',
);
// "the first 3 tampered jars" counts qualifying jars, which no listing can say before inspecting.
const COUNTED_QUALIFIER = /\b(?:first|last|final)\s+(\d+)\s+(?!cookie\b|jars?\b)([a-z-]+)\s+(?:cookie\s+)?jars?\b/g;
const SHELF_BEFORE = /\bthe\s+([b-z])\s+shelf\b/g;
const PARITY = /\b(?:the\s+)?(odd|even)(?:[- ]?numbered|[- ]?numbers?|[- ]?ids?)?(?:\s+ones)?\b/g;
const SEAL_PROBLEM =
  /\b(?:broken[- ]seals?|broken(?=\s+(?:cookie\s+)?jars?\b)|seals?\s+(?:that\s+(?:are|is)\s+|which\s+(?:are|is)\s+|(?:is|are)\s+)?broken|unsealed|seal\s+(?:problems?|issues?))\b/g;
const WEIGHT_PROBLEM =
  /\b(?:weights?\s+(?:that\s+(?:are|is)\s+|which\s+(?:are|is)\s+|(?:is|are)\s+)?(?:off|wrong|out)|off[- ]weight|wrong\s+weights?|underweight|overweight|weight\s+(?:problems?|issues?))\b/g;

// Words that narrow a job. Each must be explained by the scope that was read, or it is unread.
const NARROWING = new Set([
  'first',
  'last',
  'final',
  'next',
  'previous',
  'top',
  'bottom',
  'left',
  'right',
  'middle',
  'front',
  'back',
  'row',
  'rows',
  'shelf',
  'shelves',
  'odd',
  'even',
  'other',
  'alternate',
  'half',
  'dozen',
  'except',
  'excluding',
  'exclude',
  'skip',
  'skipping',
  'ignoring',
  'without',
  'between',
  'before',
  'after',
  'above',
  'below',
  'under',
  'newest',
  'oldest',
  'newer',
  'older',
  'recent',
  'nearest',
  'near',
  'heaviest',
  'lightest',
  ...Object.keys(ORDINAL_UNITS).filter((word) => word !== 'first'),
  ...Object.keys(ORDINAL_TENS),
]);

// A number after these is a count or "one of them", never a jar: "all 80 jars", "every one of them".
const COUNT_WORDS = new Set([
  'all',
  'the',
  'these',
  'those',
  'our',
  'my',
  'of',
  'every',
  'each',
  'any',
  'this',
  'that',
  'which',
  'no',
]);

/** Reads the scope of one jar clause. */
export function readJarScope(clause: string): JarScope {
  const lower = clause.toLowerCase().replace(/[–—−]/g, '-');
  const shelves: string[] = [];
  const notShelves: string[] = [];
  let text = lower.replace(/\bshelf\s+([a-z])\s*-\s*([a-z])\b/g, (_match, from: string, to: string) =>
    lettersBetween(from, to).join(', '),
  );
  // Shelves first: "shelf a" must not reach the number and article readers.
  text = text.replace(SHELF_AFTER, (_match, exclusion: string | undefined, list: string) => {
    const letters = (list.match(/(?<![a-z])[a-z](?![a-z])/g) ?? []).map((letter) => letter.toUpperCase());
    (exclusion === undefined ? shelves : notShelves).push(...letters);
    return ' ';
  });
  text = text.replace(SHELF_BEFORE, (_match, letter: string) => {
    shelves.push(letter.toUpperCase());
    return ' ';
  });
  let parity: 'odd' | 'even' | undefined;
  text = text.replace(PARITY, (_match, which: 'odd' | 'even') => {
    parity = parity === undefined || parity === which ? which : undefined;
    return ' ';
  });
  let problem: JarProblem | undefined;
  if (SEAL_PROBLEM.test(text)) problem = 'seal';
  if (WEIGHT_PROBLEM.test(text)) problem = problem === 'seal' ? undefined : 'weight';
  SEAL_PROBLEM.lastIndex = 0;
  WEIGHT_PROBLEM.lastIndex = 0;
  text = withBounds(
    withOrdinalPositions(replaceNumberWords(text).replace(/\b(first|last|final|next)\s+dozen\b/g, '$1 12')),
  );
  const counted = [...text.matchAll(COUNTED_QUALIFIER)].map((match) => match[0].replace(/\s+jars?$/, ''));

  const base = parseJarSelection(text);
  const selection: JarSelection = {
    ...base,
    ...withDefined({ parity }),
    ...(shelves.length === 0 ? {} : { shelves: [...new Set(shelves)].sort() }),
    ...(notShelves.length === 0 ? {} : { notShelves: [...new Set(notShelves)].sort() }),
  };
  const rest = text.replace(SEAL_PROBLEM, ' ').replace(WEIGHT_PROBLEM, ' ');
  return { selection, problem, unread: [...new Set([...counted, ...unexplained(rest, selection)])], rest };
}

/**
 * Bounds in words, as ranges the selection parser reads: "under 15" → jars 1 to 14, "20 or
 * below" → jars 1 to 20, "above 70" → jars 71 onwards, "the top ten" → the first 10, "in 10-19".
 */
function withBounds(text: string): string {
  const label = String.raw`(?:(?:jars?|ids?|numbers?|numbered|with)\s+)*`;
  return text
    .replace(/\btop\s+(\d+)\b/g, 'first $1')
    .replace(
      new RegExp(String.raw`\b${label}(?:under|below|less than|lower than|smaller than)\s+(\d+)\b`, 'g'),
      (match, bound: string) => (Number(bound) > 1 ? ` jars 1 to ${Number(bound) - 1} ` : match),
    )
    .replace(
      new RegExp(String.raw`\b${label}(?:up to|at most|no (?:more|higher) than)\s+(\d+)\b`, 'g'),
      ' jars 1 to $1 ',
    )
    .replace(
      new RegExp(String.raw`\b${label}(\d+)\s+or\s+(?:below|under|less|lower|fewer|smaller)\b`, 'g'),
      ' jars 1 to $1 ',
    )
    .replace(
      new RegExp(String.raw`\b${label}(?:above|over|greater than|more than|higher than|beyond|past)\s+(\d+)\b`, 'g'),
      (_match, bound: string) => ` jars ${Number(bound) + 1} onwards `,
    )
    .replace(
      new RegExp(String.raw`\b${label}(\d+)\s+or\s+(?:above|more|higher|over|greater)\b`, 'g'),
      ' jars $1 onwards ',
    )
    .replace(/\b(in|of|among|within)\s+(\d+\s*-\s*\d+)\b/g, '$1 jars $2');
}

/** "the third jar and the tenth jar", "the 3rd and 10th jars" → "jars 3 and 10". */
function withOrdinalPositions(text: string): string {
  const marked = text
    .replace(/\b(\d+)(?:st|nd|rd|th)\b/g, '§$1')
    .replace(ORDINAL_WORD, (match, tens: string | undefined, unit: string) => {
      const value = (tens === undefined ? 0 : (TENS[tens] ?? 0)) + (ORDINAL_UNITS[unit] ?? ORDINAL_TENS[unit] ?? 0);
      // "the first 5 jars" and "the first jar" are counts, read by the selection parser.
      return unit === 'first' && tens === undefined ? match : `§${value}`;
    });
  const positions = new RegExp(
    String.raw`(?:the\s+)?(§\d+(?:\s+(?:cookie\s+)?jar)?(?:${LIST_GLUE}§\d+(?:\s+(?:cookie\s+)?jar)?)*)\s+(?:cookie\s+)?jars?\b`,
    'g',
  );
  const ordered = marked.replace(positions, (_match, list: string) => {
    const ids = list.match(/§(\d+)/g)?.map((mark) => mark.slice(1)) ?? [];
    return ` jars ${ids.join(', ')} `;
  });
  // "jar 5 and the 7th": a position after a jar word is an id too.
  return ordered.replace(/§(\d+)/g, (match, id: string, offset: number) =>
    /\bjars?\b[^.;!?]*$/.test(ordered.slice(0, offset)) ? id : match,
  );
}

/** The narrowing words the selection does not account for, and numbers it did not use. */
function unexplained(text: string, selection: JarSelection): string[] {
  const tokens = text.match(/§\d+|\d+|[a-z]+/g) ?? [];
  const used = usedNumbers(selection);
  const unread: string[] = [];
  for (const [index, token] of tokens.entries()) {
    if (token.startsWith('§')) {
      unread.push(`${ordinalOf(Number(token.slice(1)))}`);
      continue;
    }
    if (/^\d+$/.test(token)) {
      const before = tokens[index - 1] ?? '';
      const after = tokens[index + 1] ?? '';
      if (used.has(Number(token)) || COUNT_WORDS.has(before) || after === 'jars' || after === 'cookie') continue;
      unread.push([before, token].filter((word) => word !== '').join(' '));
      continue;
    }
    if (!NARROWING.has(token) || explains(token, tokens[index + 1], selection)) continue;
    unread.push(token);
  }
  return [...new Set(unread)];
}

function explains(word: string, next: string | undefined, selection: JarSelection): boolean {
  switch (word) {
    case 'first':
    case 'last':
    case 'final':
      return selection.kind === 'first' || selection.kind === 'last';
    case 'except':
    case 'excluding':
    case 'exclude':
    case 'skip':
    case 'skipping':
    case 'ignoring':
    case 'without':
      return selection.exclude.length > 0 || (word === 'without' && next !== undefined && !/^\d/.test(next));
    case 'other':
      return selection.exclude.length > 0;
    case 'between':
      return selection.kind === 'ids';
    default:
      return false;
  }
}

function usedNumbers(selection: JarSelection): Set<number> {
  const used = new Set<number>(selection.exclude);
  if (selection.kind === 'ids') for (const id of selection.ids) used.add(id);
  if (selection.kind === 'first' || selection.kind === 'last') used.add(selection.count);
  if (selection.kind === 'from') used.add(selection.start);
  return used;
}

function lettersBetween(from: string, to: string): string[] {
  const start = Math.min(from.charCodeAt(0), to.charCodeAt(0));
  const end = Math.max(from.charCodeAt(0), to.charCodeAt(0));
  return Array.from({ length: end - start + 1 }, (_unused, offset) => String.fromCharCode(start + offset));
}

function ordinalOf(value: number): string {
  const tail = value % 100;
  const suffix =
    tail >= 11 && tail <= 13
      ? 'th'
      : value % 10 === 1
        ? 'st'
        : value % 10 === 2
          ? 'nd'
          : value % 10 === 3
            ? 'rd'
            : 'th';
  return `${value}${suffix}`;
}
