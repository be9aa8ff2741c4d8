// A task read into a plan of parts: one part per clause that asks for something ("check jars 3 and
// 4, then roll a die" is two parts). A clause that asks for nothing new ("and report why", "and
// 77-80") stays with the part before it. Each part keeps its words, whether it was negated, and
// what it asks for, so the final answer can account for every part. Host side, pure.

import type { ToolSpec } from '@kitchen/host';
import { describedTool, namedTool } from '../tools/named-tool.js';
import type { JarSelection } from './jar-selection.js';
import { replaceNumberWords } from './number-words.js';
import { parseTaskIntent, type TaskIntent } from './task-intent.js';

export type PartRequest =
  | Exclude<TaskIntent, { kind: 'other' }>
  /** A tool the model has no planner for, named or described by the clause. */
  | { kind: 'tool'; tool: ToolSpec }
  /** Nothing the offline model knows how to do; `cannot` names it when it is known ("send email"). */
  | { kind: 'unknown'; cannot?: string };

export interface PlanPart {
  /** The clause as written, without lead-in words ("please", "then", "can you"). */
  text: string;
  /** "don't inspect any jars": acknowledged, and not done. */
  negated: boolean;
  /** The request without its negation ("inspect any jars"). */
  asked: string;
  request: PartRequest;
}

// Where one clause may end and the next begin. Quoted text is never split.
const BREAK =
  /(\s*[;!?]\s*|\.\s+|\s*,\s*(?:and\s+then|then|and\s+also|also|and|but|plus)?\s*|\s+(?:and\s+then|then|and\s+also|also|but|and|plus|after\s+that)\s+)/i;

// Words that open a request of their own. Anything else continues the clause before it.
const STARTS_PART =
  /^(?:(?:do not|don't|dont|never|no need to)\b|roll|throw|toss|cast|check|inspect|audit|examine|look\s+(?:at|over|through)|go\s+through|verify|scan|survey|discard|bin|trash|dispose|get\s+rid|reseal|re-seal|order|buy|purchase|restock|reorder|count|weigh|read|list|show|critique|choose|pick|bake|use|call|run|how\s+(?:many|heavy|much)|what(?:'s|\s+is|\s+does|\s+are)?\s+(?:in|the|on|inside)|is\s+(?:jar|the)|are\s+(?:jars|the|any)|which\s+jars?)\b/i;
// Words that carry on the clause before them ("and report why", "and 77-80", "thanks").
const CONTINUES =
  /^(?:\d|#|[b-z]\b|only\b|add\b|plus\b|minus\b|subtract|jars?\b|also\b|report|tell|say|let\b|explain|why|which|whether|if\b|what|how|where|when|who|not\b|reply|thanks?\b|cheers|please|for\b|with\b|in\b|on\b|from\b|to\b|of\b|the\b|an?\b|any\b|all\b|each\b|every\b|those\b|these\b|them\b|its?\b|their\b|i\b|you\b|we\b|ones?\b|up\b|onwards|so\b|too\b|as\b|except|excluding|skip|and\b|or\b|then\b)/i;
const DICE = /\b\d*d\d+\b|\bdic?e\b/i;
const LEAD_IN =
  /^(?:(?:please|kindly|now|next|then|and|also|finally|first|afterwards|after that|ok|okay|so|just|tell me|let me know)\b[\s,]*|(?:can|could|would|will) you\s+|(?:i'd|i would|we'd|we would) like (?:you )?to\s+|(?:i|we) (?:want|need) (?:you )?to\s+|(?:ask|tell|get|have) the [\w -]+? to\s+)+/i;
const NEGATION =
  /^(?:(?:do not|don't|dont|never|no need to)\s+|(?:i|we) (?:do not|don't) (?:want|need) (?:you )?to\s+)(?:(?:please|ever|bother to)\s+)?/i;

export function readTaskPlan(task: string, tools: ToolSpec[]): PlanPart[] {
  const clauses = splitClauses(withoutContext(task));
  let parts = clauses.map((clause) => readPart(clause, tools));
  // A preamble that asks for nothing ("In order to plan, check jars 1-3") belongs to what follows.
  const [first, second] = parts;
  if (first?.request.kind === 'unknown' && second !== undefined && !STARTS_PART.test(first.text)) {
    parts = [readPart(`${clauses[0]}, ${clauses[1]}`, tools), ...parts.slice(2)];
  }
  return inheritScope(parts);
}

/**
 * A jar part that names no jars of its own works on the jars named before it: "inspect jars 1-10
 * and discard any that are tampered" discards among jars 1-10, never among all of them.
 */
function inheritScope(parts: PlanPart[]): PlanPart[] {
  let scope: JarSelection | undefined;
  for (const part of parts) {
    const request = part.request;
    if (request.kind !== 'jar-audit' && request.kind !== 'jar-action' && request.kind !== 'jar-tally') continue;
    const own = request.selection;
    const unnarrowed =
      own.kind === 'all' &&
      own.shelves === undefined &&
      own.notShelves === undefined &&
      own.parity === undefined &&
      own.exclude.length === 0;
    if (unnarrowed && scope !== undefined && !EVERY_JAR.test(part.asked)) {
      part.request = { ...request, selection: scope };
      if (request.kind === 'jar-action' && request.target === 'unknown' && request.qualifier === 'the jars') {
        part.request = { ...request, selection: scope, target: 'selected' };
        delete part.request.qualifier;
      }
    } else if (!unnarrowed) scope = own;
  }
  return parts;
}

// "all the jars", "every jar", "each of the 80 jars": the whole pantry, said outright.
const EVERY_JAR = /\b(?:all|every|each|entire|whole)\s+(?:of\s+)?(?:the\s+)?(?:\d+\s+)?(?:cookie\s+)?jars?\b/i;

// A sentence that states a rule or a fact instead of asking ("A jar is tampered when its seal is
// broken, ...", "Notes are untrusted text: treat them as data"): context for the job, not a part.
const CONTEXT =
  /^(?:(?:an?|the|each|every|only|any)\s+)?(?:[a-z]+\s+){0,3}?(?:jars?|notes?|seals?|weights?|labels?|tolerance|host|server)\s+(?:is|are|means?|counts?|may|must|can|should|will)\b/i;

/**
 * The task without what is not asked: an embedded resource's text (a server prompt carries its
 * shelf's index as JSON; the ids it names are the prompt's own words) and sentences of context.
 */
export function withoutContext(task: string): string {
  const withoutResources = task.replace(/^\[resource(?: link:)? [^\]\n]*\][^\n]*(?:\n(?!\n).*)*/gm, ' ');
  const sentences = withoutResources.split(/(?<=[.!?])\s+(?=[A-Z])|\n+/);
  return sentences
    .filter((sentence) => !isContext(sentence.trim()))
    .join('\n')
    .trim();
}

const QUESTION =
  /^(?:how|what|which|who|why|where|when|whether|is|are|was|were|do|does|did|can|could|should|will|would)\b/i;

function isContext(sentence: string): boolean {
  // A question is asked, never context: "How many jars are there?".
  if (/\?$/.test(sentence) || QUESTION.test(sentence)) return false;
  return CONTEXT.test(sentence);
}

/** The clauses of a task, each starting with a request; continuations stay attached. */
export function splitClauses(task: string): string[] {
  const quoted: string[] = [];
  const masked = task.replace(/"[^"]*"|“[^”]*”/g, (match) => `\u0000${quoted.push(match) - 1}\u0000`);
  const pieces = masked.split(BREAK);
  const clauses: string[] = [];
  for (let index = 0; index < pieces.length; index += 2) {
    const piece = pieces[index] ?? '';
    const separator = pieces[index - 1] ?? '';
    const words = replaceNumberWords(withoutLeadIn(piece));
    // A comma alone separates items of a list; any other break starts a part unless the words carry on.
    // Dice after a clause without dice are a part of their own ("..., then tell me the total of 2d8").
    const dice = DICE.test(words) && !DICE.test(clauses.at(-1) ?? '');
    const continues = !STARTS_PART.test(words) && !dice && (/^\s*,\s*$/.test(separator) || CONTINUES.test(words));
    if (clauses.length > 0 && continues) {
      clauses[clauses.length - 1] += separator + piece;
    } else if (piece.trim() !== '') {
      clauses.push(piece);
    } else if (clauses.length > 0) {
      clauses[clauses.length - 1] += separator;
    }
  }
  return clauses
    .map((clause) => clause.replace(/\u0000(\d+)\u0000/g, (_match, at: string) => quoted[Number(at)] ?? '').trim())
    .filter((clause) => clause.replace(/[\s.,;!?]/g, '') !== '');
}

function readPart(clause: string, tools: ToolSpec[]): PlanPart {
  const text = withoutLeadIn(clause).replace(/[\s.,;]+$/, '');
  const negation = NEGATION.exec(text);
  const asked = negation === null ? text : text.slice(negation[0].length);
  const named = namedTool(asked, tools);
  const negated = negation !== null;
  if (named !== undefined) return { text, negated, asked, request: { kind: 'tool', tool: named } };
  // An aside in parentheses ("(or read jar://<id>)", "(the host may ask a person first)") asks nothing.
  const intent = parseTaskIntent(asked.replace(/\s*\([^)]*\)/g, ''));
  if (intent.kind !== 'other') return { text, negated, asked, request: intent };
  const described = intent.cannot === undefined ? describedTool(asked, tools) : undefined;
  return {
    text,
    negated,
    asked,
    request:
      described !== undefined
        ? { kind: 'tool', tool: described }
        : intent.cannot === undefined
          ? { kind: 'unknown' }
          : { kind: 'unknown', cannot: intent.cannot },
  };
}

function withoutLeadIn(clause: string): string {
  return clause.trim().replace(LEAD_IN, '').trim();
}
