// What one part of a task asks for, read from its words alone: a jar audit, a jar action, a
// question about jars, dice, an order, a listing, or something else. The tools on offer decide
// later whether it can be done. Host side, pure.

import { unknownWords } from './action-words.js';
import { type DiceRequest, mentionsDice, parseDiceRequest } from './dice-request.js';
import { readJarScope } from './jar-scope.js';
import { type JarSelection, mentionsJars } from './jar-selection.js';
import { replaceNumberWords } from './number-words.js';

export type JarAction = 'discard' | 'reseal';

/**
 * Which jars an action is for. "tampered", "broken-seal" and "clean" are judged from an audit of
 * the selection; "selected" acts on the jars the person named (after looking at them);
 * "unknown" is a word the model does not know ("the dodgy jars"): it inspects and asks.
 */
export type JarActionTarget = 'tampered' | 'broken-seal' | 'weight-off' | 'clean' | 'selected' | 'unknown';

/** What a question about one jar asks for. */
export type JarField = 'weight' | 'note' | 'seal' | 'label';

/** What a count of jars counts. */
export type JarCriterion = 'tampered' | 'broken-seal' | 'weight-off' | 'clean';

export type TaskIntent =
  | {
      kind: 'jar-audit';
      selection: JarSelection;
      unread: string[];
      /** An action that was asked for but not taken, because part of the task could not be read. */
      withheld?: { action: JarAction; qualifier: string | undefined };
    }
  | {
      kind: 'jar-action';
      action: JarAction;
      target: JarActionTarget;
      selection: JarSelection;
      /** The word the model did not know, for target "unknown". */
      qualifier?: string;
      /** Words of the clause it could not read: while there are any, nothing is destroyed. */
      unread: string[];
    }
  | { kind: 'jar-count' }
  | { kind: 'jar-question'; field: JarField; ids: number[] }
  | { kind: 'jar-tally'; criterion: JarCriterion; selection: JarSelection; unread: string[] }
  | ({ kind: 'dice' } & DiceRequest)
  | { kind: 'order'; quantity: number; unit: string | undefined; item: string }
  | { kind: 'listing'; subject: string }
  /** `cannot`: what the clause asks that is outside the repertoire ("send email"), when it is clear. */
  | { kind: 'other'; cannot?: string };

const DISCARD =
  /\b(?:discard|throw (?:away|out)|bin|trash|dispose of|get rid of|toss(?: out)?|remove|chuck(?: out)?|ditch|dump|scrap)\b/;
const RESEAL = /\b(?:re-?seal|seal (?:up|again)|fix the seals?)\b/;
const BROKEN_SEAL = /\b(?:broken seals?|broken (?:cookie )?jars?|seals? (?:is |are )?broken|unsealed)\b/;
const SUSPECT = /\b(?:tamper\w*|bad|compromised|suspicious|spoiled|interfered)\b/;
const CLEAN = /\b(?:clean|untampered|fine|good|ok|okay)\b/;
const AUDIT =
  /\b(?:inspect\w*|check\w*|audit\w*|look\w*|examin\w*|review\w*|verif\w*|survey\w*|scan\w*|go through|tamper\w*|report)\b/;
const COUNT = /\b(?:how many|count|number of)\b/;
const ORDER = /\b(?:order|buy|purchase|restock|reorder)\b/;
const ROLL = /\b(?:roll|throw|toss|cast)\b/;
const LISTING =
  /\b(?:what(?:'s| is| are)? (?:in|on|inside)(?: the)?|list(?: the| all| all the| every)?|show(?: me)?(?: the| all the| what's in the)?|contents of(?: the)?|what does the)\s+([a-z]+)/;
// Words that may stand between "the" and "jars" without saying which jars qualify.
const PLAIN_WORDS = new Set([
  'cookie',
  'jar',
  'jars',
  'other',
  'remaining',
  'first',
  'last',
  'listed',
  'named',
  'numbered',
  'following',
  'above',
  'same',
  'two',
  'these',
  'those',
  'of',
  'the',
  'my',
  'our',
  'your',
]);

// Verbs the kitchen has no tool for, and how the answer names them.
const OUTSIDE: Array<[RegExp, string]> = [
  [/^(?:send|write)\b.*\be-?mails?\b|^e-?mail\b|^mail\b/, 'send email'],
  [/^(?:send|text|message|sms|tweet|post|publish|share|upload)\b/, 'send or post messages'],
  [/^(?:call|phone|ring)\s+(?!the\b|a\b|an\b)/, 'make phone calls'],
  [/^(?:print|fax|photograph|photo|film|record)\b/, 'print, photograph or record anything'],
  [
    /^(?:move|relabel|rename|refill|fill|open|eat|taste|sell|ship|deliver|wash|sort|stack|hide|lock|unlock|repair|label|paint|translate|sing|cook|make)\b/,
    'do that',
  ],
];

// "inspect 12-30", "discard #7": a jar verb followed straight by ids names jars.
const VERB_THEN_IDS =
  /^(\s*(?:inspect|check|audit|examine|look at|verify|discard|bin|trash|toss|throw away|get rid of|reseal)\s+)(?=#?\d)/i;

// "check the first dozen", "discard the last five": a count after a jar verb counts jars.
const VERB_THEN_COUNT =
  /^(\s*(?:inspect|check|audit|examine|look at|verify|discard|bin|trash|toss|throw away|get rid of|reseal)\s+(?:the\s+)?(?:first|last|final|top)\s+(?:\d+|dozen|[a-z]+(?:-[a-z]+)?))(?=\s*(?:[.,;!?]|$))/i;

export function parseTaskIntent(asked: string): TaskIntent {
  const task = asked.replace(VERB_THEN_IDS, '$1jars ').replace(VERB_THEN_COUNT, '$1 jars');
  const text = replaceNumberWords(task.toLowerCase()).replace(/\s+/g, ' ');
  for (const [pattern, cannot] of OUTSIDE)
    if (pattern.test(text.trim()) && (cannot !== 'do that' || mentionsJars(text)))
      return { kind: 'other', cannot: cannot === 'do that' ? verbPhrase(text) : cannot };
  if ((ROLL.test(text) || /\b\d+d\d+\b/.test(text)) && mentionsDice(text))
    return { kind: 'dice', ...parseDiceRequest(task) };
  const backReference =
    (DISCARD.test(text) || RESEAL.test(text)) && /\b(?:seals?|ones?|them|those|any|it)\b/.test(text);
  if (mentionsJars(text) || backReference) {
    const jarIntent = parseJarIntent(text, task);
    if (jarIntent !== undefined) return jarIntent;
  }
  const order = ORDER.test(text.replace(/\bin order (?:to|for)\b/g, '')) ? parseOrder(text) : undefined;
  if (order !== undefined) return order;
  const subject = listingSubject(text);
  if (subject !== undefined && !mentionsJars(text)) return { kind: 'listing', subject };
  if (mentionsJars(text)) {
    // Jars are the offline model's main job: naming particular jars, or just "the cookie jars", is enough.
    const { selection, unread } = readJarScope(task);
    if (
      AUDIT.test(text) ||
      selection.kind !== 'all' ||
      selection.shelves !== undefined ||
      selection.notShelves !== undefined ||
      /^\W*(?:(?:all|the|every|each|of|cookie)\s+)*jars?\b/.test(text)
    ) {
      return { kind: 'jar-audit', selection, unread };
    }
  }
  if (/\btamper/.test(text)) {
    const { selection, unread } = readJarScope(task);
    return { kind: 'jar-audit', selection, unread };
  }
  return { kind: 'other' };
}

/** "move jar 5 to shelf B" → "move jars". */
function verbPhrase(text: string): string {
  const verb = /^[a-z]+/.exec(text.trim())?.[0] ?? 'do';
  return `${verb} jars`;
}

/** "what's in the pantry", "get me a list of what the pantry stocks": the thing to list. */
function listingSubject(text: string): string | undefined {
  const match = LISTING.exec(text) ?? /\ba list of\s+([a-z]+)/.exec(text);
  if (match?.[1] === undefined) return undefined;
  const words = text.slice((match.index ?? 0) + match[0].length - match[1].length).split(/[^a-z']+/);
  return words.find((word) => word !== '' && !LISTING_FILLERS.has(word));
}

const LISTING_FILLERS = new Set([
  'of',
  'what',
  "what's",
  'the',
  'all',
  'everything',
  'in',
  'me',
  'is',
  'are',
  'that',
  'there',
  'stuff',
  'things',
]);

/** Actions, questions and counts about jars; undefined leaves the part to audits and the rest. */
function parseJarIntent(text: string, task: string): TaskIntent | undefined {
  const action = DISCARD.test(text) ? 'discard' : RESEAL.test(text) ? 'reseal' : undefined;
  const scope = readJarScope(task.replace(/\([^)]*\)/g, ' '));
  const { selection, unread } = scope;
  if (action !== undefined) {
    const target =
      scope.problem === 'weight' ? { target: 'weight-off' as const } : actionTarget(text, scope.rest, selection);
    const unknown = unknownWords(scope.rest).filter((word) => word !== target.qualifier);
    const qualifier = target.target === 'unknown' && target.qualifier !== 'the jars' ? [target.qualifier ?? ''] : [];
    return {
      kind: 'jar-action',
      action,
      selection,
      ...target,
      unread: [...new Set([...unread, ...qualifier, ...unknown])],
    };
  }
  if (COUNT.test(text)) {
    const criterion =
      scope.problem === 'weight'
        ? 'weight-off'
        : BROKEN_SEAL.test(text) || /\bbroken\b/.test(text)
          ? 'broken-seal'
          : SUSPECT.test(text)
            ? 'tampered'
            : CLEAN.test(text)
              ? 'clean'
              : undefined;
    return criterion === undefined ? { kind: 'jar-count' } : { kind: 'jar-tally', criterion, selection, unread };
  }
  const field = questionField(text);
  if (field !== undefined && selection.kind === 'ids') return { kind: 'jar-question', field, ids: selection.ids };
  if (/\b(?:list|show)\b/.test(text) && !AUDIT.test(text) && selection.kind === 'all') return { kind: 'jar-count' };
  return undefined;
}

/** The jars an action is for: a criterion it knows, the jars named, or a word it does not know. */
function actionTarget(
  text: string,
  rest: string,
  selection: JarSelection,
): { target: JarActionTarget; qualifier?: string } {
  if (BROKEN_SEAL.test(text)) return { target: 'broken-seal' };
  if (SUSPECT.test(text)) return { target: 'tampered' };
  // The qualifier is looked for where the scope words (shelves, parity, ordinals) were taken out.
  const qualifier =
    /\b(?:the|all|any|every|each|those|these)\s+(?:of the\s+)?([a-z][a-z-]*)\s+(?:cookie\s+)?jars?\b/.exec(rest)?.[1];
  if (qualifier !== undefined && !PLAIN_WORDS.has(qualifier)) {
    return CLEAN.test(qualifier) ? { target: 'clean' } : { target: 'unknown', qualifier };
  }
  const described = /\bjars? (?:that|which) (?:are|look|seem|seems|looks?) ([a-z-]+)/.exec(rest)?.[1];
  if (described !== undefined)
    return CLEAN.test(described) ? { target: 'clean' } : { target: 'unknown', qualifier: described };
  // Acting on every jar needs the person to say so ("all", "every"); "discard the jars" is a question.
  const narrowed =
    selection.shelves !== undefined || selection.notShelves !== undefined || selection.parity !== undefined;
  if (selection.kind === 'all' && !narrowed && !/\b(?:all|every|each|entire|whole)\b/.test(text)) {
    return { target: 'unknown', qualifier: 'the jars' };
  }
  return { target: 'selected' };
}

/** "how heavy is jar 33", "what does the note on jar 8 say", "is jar 5's seal intact", "what's in jar 2". */
function questionField(text: string): JarField | undefined {
  if (/\b(?:how heavy|weigh\w*|weight|how much does)\b/.test(text)) return 'weight';
  if (/\bnotes?\b/.test(text)) return 'note';
  if (/\bseals?\b|\bintact\b|\bsealed\b/.test(text)) return 'seal';
  if (/\b(?:label\w*|what(?:'s| is) in|what kind|which cookies|flavou?r)\b/.test(text)) return 'label';
  return undefined;
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
