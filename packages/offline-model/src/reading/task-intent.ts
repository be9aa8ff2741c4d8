// What a task asks for, read from its words alone: a jar audit, a jar action, dice, an order, or
// something else. The tools on offer decide later whether it can be done. Host side, pure.

import { type JarSelection, mentionsJars, parseJarSelection } from './jar-selection.js';
import { replaceNumberWords } from './number-words.js';

export type JarAction = 'discard' | 'reseal';

/**
 * "tampered" and "broken-seal": audit the selection first, then act on what was found;
 * "selected": act on the named jars as asked.
 */
export type JarActionTarget = 'tampered' | 'broken-seal' | 'selected';

export type TaskIntent =
  | { kind: 'jar-audit'; selection: JarSelection }
  | { kind: 'jar-action'; action: JarAction; target: JarActionTarget; selection: JarSelection }
  | { kind: 'jar-count' }
  | { kind: 'dice'; count: number | undefined; sides: number | undefined; seed: number | undefined }
  | { kind: 'order'; quantity: number; unit: string | undefined; item: string }
  | { kind: 'other' };

const DISCARD = /\b(?:discard|throw (?:away|out)|bin|trash|dispose of|get rid of|toss out)\b/;
const RESEAL = /\b(?:re-?seal|seal (?:up|again)|fix the seals?)\b/;
const BROKEN_SEAL = /\b(?:broken seals?|seals? (?:is |are )?broken|unsealed)\b/;
const SUSPECT = /\b(?:tamper\w*|bad|broken|compromised|suspicious|spoiled|interfered)\b/;
const AUDIT =
  /\b(?:inspect\w*|check\w*|audit\w*|look\w*|examin\w*|review\w*|verif\w*|survey\w*|scan\w*|go through|tamper\w*|report)\b/;
const COUNT = /\b(?:how many jars|count the jars|list (?:all |the |every )*(?:cookie )?jars|number of jars)\b/;
const DICE = /\b(?:dice|die|\d*\s?d\d+)\b/;
const ORDER = /\b(?:order|buy|purchase|restock|reorder)\b/;

export function parseTaskIntent(task: string): TaskIntent {
  const text = replaceNumberWords(task.toLowerCase()).replace(/\s+/g, ' ');
  if (/\b(?:roll|throw|toss|cast)\b/.test(text) && DICE.test(text)) return { kind: 'dice', ...parseDice(text) };
  if (mentionsJars(text)) {
    const action = DISCARD.test(text) ? 'discard' : RESEAL.test(text) ? 'reseal' : undefined;
    const selection = parseJarSelection(task);
    if (action !== undefined) {
      const target = BROKEN_SEAL.test(text) ? 'broken-seal' : SUSPECT.test(text) ? 'tampered' : 'selected';
      return { kind: 'jar-action', action, target, selection };
    }
    if (COUNT.test(text) && !/\btamper/.test(text)) return { kind: 'jar-count' };
  }
  const order = ORDER.test(text.replace(/\bin order (?:to|for)\b/g, '')) ? parseOrder(text) : undefined;
  if (order !== undefined) return order;
  if (mentionsJars(text)) {
    // Jars are the offline model's main job: naming particular jars, or just "the cookie jars", is enough.
    const selection = parseJarSelection(task);
    if (
      AUDIT.test(text) ||
      selection.kind !== 'all' ||
      /^\W*(?:(?:all|the|every|each|of|cookie)\s+)*jars?\b/.test(text)
    ) {
      return { kind: 'jar-audit', selection };
    }
  }
  if (/\btamper/.test(text)) return { kind: 'jar-audit', selection: parseJarSelection(task) };
  return { kind: 'other' };
}

/** "roll 3 dice", "roll two d20", "roll 4d6 with seed 7", "roll a six-sided die", "roll 5 dice with 10 sides". */
export function parseDice(text: string): {
  count: number | undefined;
  sides: number | undefined;
  seed: number | undefined;
} {
  const notation = /\b(\d+)?\s?d(\d+)\b/.exec(text);
  const counted = /\b(\d+)\s+(?:[\w-]+\s+){0,2}?(?:dice|die|d\d+)\b/.exec(text);
  const single = /\b(?:a|an|one|the)\s+(?:[\w-]+\s+)?(?:die|dice|d\d+)\b/.test(text);
  const sided =
    /\b(\d+)[\s-]*(?:sided|faced)\b/.exec(text) ?? /\b(?:with|of|having)\s+(\d+)\s+(?:sides|faces)\b/.exec(text);
  const seed = /\bseed(?:\s*(?:=|:|of|is|number))?\s*(-?\d+)\b/.exec(text);
  const count = notation?.[1] ?? counted?.[1];
  return {
    count: count !== undefined ? Number(count) : single ? 1 : undefined,
    sides: notation?.[2] !== undefined ? Number(notation[2]) : sided?.[1] !== undefined ? Number(sided[1]) : undefined,
    seed: seed?.[1] !== undefined ? Number(seed[1]) : undefined,
  };
}

const UNITS = new Set([
  'bag',
  'bags',
  'sack',
  'sacks',
  'box',
  'boxes',
  'jar',
  'jars',
  'bottle',
  'bottles',
  'pack',
  'packs',
  'packet',
  'packets',
  'tin',
  'tins',
  'can',
  'cans',
  'carton',
  'cartons',
  'kg',
  'kilo',
  'kilos',
  'kilograms',
  'g',
  'grams',
  'litre',
  'litres',
  'liter',
  'liters',
  'l',
  'ml',
  'pound',
  'pounds',
  'lb',
  'lbs',
  'loaf',
  'loaves',
  'bunch',
  'bunches',
  'piece',
  'pieces',
  'pot',
  'pots',
  'tub',
  'tubs',
  'block',
  'blocks',
  'bar',
  'bars',
  'crate',
  'crates',
  'units',
  'unit',
]);

/** "order 3 bags of flour", "buy 12 eggs", "place an order for 2 kg of sugar", "order flour". */
export function parseOrder(text: string): TaskIntent | undefined {
  const match =
    /\b(?:order|buy|purchase|restock|reorder)\b(?:\s+(?:an order|some more|some|more))?(?:\s+for)?\s+(.*)$/.exec(text);
  if (match?.[1] === undefined) return undefined;
  const words =
    match[1]
      .split(/[.!?;]/)[0]
      ?.split(/\s+/)
      .filter((word) => word !== '') ?? [];
  let position = 0;
  let quantity = 1;
  if (/^\d+$/.test(words[0] ?? '')) {
    quantity = Number(words[0]);
    position = 1;
  } else if (words[0] === 'a' || words[0] === 'an') {
    position = 1;
  }
  let unit: string | undefined;
  if (UNITS.has(words[position] ?? '') && words.length > position + 1) {
    unit = words[position];
    position += 1;
  }
  if (words[position] === 'of') position += 1;
  const item = words
    .slice(position)
    .join(' ')
    .replace(/\b(?:from|for|in|at|to|on|please|and)\b.*$/, '')
    .replace(/[^a-z0-9' -]/g, '')
    .trim();
  return item === '' ? undefined : { kind: 'order', quantity, unit, item };
}
