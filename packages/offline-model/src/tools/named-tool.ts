// Tools the offline model was not written for: when the task names one ("use the critique_recipe
// tool on tarte tatin") or clearly matches its name and description, call it with inputs filled
// from the task by its schema, then report what it said. Deliberately modest. Host side, pure.

import type { ToolSpec } from '@kitchen/host';
import type { Conversation } from '../conversation.js';
import { answer, callTools, type Decision } from '../decision.js';
import { replaceNumberWords } from '../reading/number-words.js';
import { inputProperties, plainToolName, requiredInputs } from './tool-names.js';
import { errorSummary, parseJsonResult } from './tool-results.js';

/** Tools with their own planner; they are never picked here. */
const HANDLED = new Set([
  'list_jars',
  'inspect_jar',
  'spawn_agent',
  'discard_jar',
  'reseal_jar',
  'roll_dice',
  'place_order',
  'list_pantry',
  'weigh_jar',
  'read_note',
]);

const STOPWORDS = new Set(
  (
    'the a an and or of to for with this that these those please use using tool tools me my on in it its is are be can you your ' +
    'what which how from all any some into by at as do does i we our give tell run call then now just'
  ).split(' '),
);

/**
 * A tool the task names outright ("use critique_recipe on ..."), or whose name parts all appear
 * in it with the first one leading the task ("weigh jar 5" → weigh_jar, but not "check every
 * jar and read the notes" → read_note).
 */
export function namedTool(task: string, tools: ToolSpec[]): ToolSpec | undefined {
  const text = task.toLowerCase();
  const ordered = wordsOf(text);
  const words = new Set(ordered);
  const candidates = tools.filter((tool) => !HANDLED.has(plainToolName(tool.name)));
  const byName = candidates
    .filter((tool) => {
      const plain = plainToolName(tool.name).toLowerCase();
      // A one-word name ("bake") is an ordinary word too: it counts only as "the bake tool" or "use bake".
      const spelled = /[_-]/.test(plain)
        ? [tool.name.toLowerCase(), plain, plain.replace(/[_-]+/g, ' ')].map(
            (name) => `(?<![\\w-])${escapeRegExp(name)}(?![\\w-])`,
          )
        : [`\\b(?:use|call|run)\\s+(?:the\\s+)?${escapeRegExp(plain)}\\b`, `\\b${escapeRegExp(plain)}\\s+tool\\b`];
      return spelled.some((pattern) => new RegExp(pattern).test(text));
    })
    .sort((left, right) => right.name.length - left.name.length)[0];
  return (
    byName ??
    candidates.find((tool) => {
      const parts = nameParts(tool);
      return parts.length > 0 && parts[0] === ordered[0] && parts.every((part) => words.has(part));
    })
  );
}

/** The tool whose name and description share the most words with the task (name words count double). */
export function describedTool(task: string, tools: ToolSpec[]): ToolSpec | undefined {
  const words = new Set(wordsOf(task.toLowerCase()));
  let best: { tool: ToolSpec; score: number } | undefined;
  for (const tool of tools.filter((candidate) => !HANDLED.has(plainToolName(candidate.name)))) {
    const parts = new Set(nameParts(tool));
    const described = new Set(wordsOf(tool.description.toLowerCase()).filter((word) => !parts.has(word)));
    const score =
      2 * [...parts].filter((part) => words.has(part)).length + [...described].filter((word) => words.has(word)).length;
    if (score >= 3 && (best === undefined || score > best.score)) best = { tool, score };
  }
  return best?.tool;
}

export function planNamedTool(conversation: Conversation, tool: ToolSpec, reportNow: boolean): Decision {
  const done = conversation.exchanges.find((exchange) => exchange.call.name === tool.name);
  if (done !== undefined) {
    const result = done.result;
    if (result === undefined || result.is_error === true) {
      return answer(
        `The ${tool.name} tool did not do it: ${result === undefined ? 'no result came back' : errorSummary(result.content)}.`,
      );
    }
    return answer(`I called ${tool.name}. It answered:\n${readable(result.content)}`);
  }
  if (reportNow) return answer(`I did not get to call ${tool.name} before I ran out of room.`);
  const { input, missing } = fillInput(tool, conversation.task);
  if (missing.length > 0) {
    return answer(
      `To use ${tool.name} I need ${missing.join(', ')}, and I could not find ${missing.length === 1 ? 'it' : 'them'} in the task. Try quoting the value, e.g. ${missing[0]} "...".`,
    );
  }
  return callTools(`Calling ${tool.name}.`, [{ tool: tool.name, input }]);
}

/**
 * Inputs only from the task's own words, typed to the schema: a value named ("city: Paris",
 * "minutes 20", "b=3"), quoted, or given in order ("on 2 and 3" fills a then b, each value used
 * once); a short phrase after the tool's name for one required string. A required input with no
 * such value is missing, never guessed: the caller says which it could not fill.
 */
export function fillInput(tool: ToolSpec, task: string): { input: Record<string, unknown>; missing: string[] } {
  const required = new Set(requiredInputs(tool));
  const quoted = [...task.matchAll(/"([^"]+)"|“([^”]+)”|(?:^|\s)'([^']+)'(?=[\s.,!?]|$)/g)].map((match) =>
    (match[1] ?? match[2] ?? match[3] ?? '').trim(),
  );
  let remainder: string | undefined = shortPhrase(remainderAfter(task, tool));
  const numberText = replaceNumberWords(task.replace(tool.name, ' ').replace(plainToolName(tool.name), ' '));
  const numbers = [...numberText.matchAll(/(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])/g)].map((match) => ({
    value: Number(match[0]),
    at: match.index ?? 0,
    used: false,
  }));
  const input: Record<string, unknown> = {};
  const properties = Object.entries(inputProperties(tool));
  // Values named for an input are taken first, so a value in order never takes one named for another.
  for (const [name, schema] of properties) {
    if (schema['type'] !== 'integer' && schema['type'] !== 'number') continue;
    const label = escapeRegExp(name).replace(/[_-]+/g, '[ _-]?');
    const named =
      new RegExp(`(?<![\\w-])${label}(?![\\w-])\\s*(?:=|:|of|is)?\\s*(-?\\d+(?:\\.\\d+)?)`, 'i').exec(numberText) ??
      new RegExp(`(-?\\d+(?:\\.\\d+)?)\\s*${label}(?![\\w-])`, 'i').exec(numberText);
    if (named?.[1] === undefined) continue;
    const valueAt = (named.index ?? 0) + named[0].lastIndexOf(named[1]);
    const number = numbers.find((candidate) => candidate.at === valueAt && !candidate.used);
    if (number === undefined) continue;
    const typed = typedNumber(number.value, schema);
    if (typed === undefined) continue;
    number.used = true;
    input[name] = typed;
  }
  // Required inputs first, so an optional one never takes the only value the task gives.
  const ordered = properties.sort(([left], [right]) => Number(required.has(right)) - Number(required.has(left)));
  for (const [name, schema] of ordered) {
    if (input[name] !== undefined) continue;
    const type = schema['type'];
    const isRequired = required.has(name);
    if (type === 'string') {
      const choices = Array.isArray(schema['enum'])
        ? schema['enum'].filter((value): value is string => typeof value === 'string')
        : undefined;
      const named = namedString(task, name);
      if (choices !== undefined) {
        const chosen = choices.find((choice) => new RegExp(`\\b${escapeRegExp(choice)}\\b`, 'i').test(task));
        if (chosen !== undefined) input[name] = chosen;
      } else if (named !== undefined) {
        input[name] = named;
      } else if (quoted.length > 0) {
        input[name] = quoted.shift();
      } else if (isRequired && remainder !== undefined) {
        input[name] = remainder;
        remainder = undefined;
      }
    } else if ((type === 'integer' || type === 'number') && isRequired) {
      const next = numbers.find((candidate) => !candidate.used);
      const typed = next === undefined ? undefined : typedNumber(next.value, schema);
      if (next !== undefined && typed !== undefined) {
        next.used = true;
        input[name] = typed;
      }
    } else if (type === 'boolean' && isRequired) {
      const said = new RegExp(`\\b${escapeRegExp(name)}\\s*(?:=|:|is)?\\s*(true|false|yes|no)\\b`, 'i').exec(task)?.[1];
      if (said !== undefined) input[name] = /^(?:true|yes)$/i.test(said);
    }
  }
  return { input, missing: [...required].filter((name) => input[name] === undefined) };
}

/** The number as the schema types it: an integer input takes only a whole number. */
function typedNumber(value: number, schema: Record<string, unknown>): number | undefined {
  return schema['type'] === 'integer' && !Number.isInteger(value) ? undefined : value;
}

/** "city: Paris", "city = Paris", "city is Paris": a string named for the input. */
function namedString(task: string, name: string): string | undefined {
  const label = escapeRegExp(name).replace(/[_-]+/g, '[ _-]?');
  const value = new RegExp(`(?<![\\w-])${label}\\s*(?:=|:|is)\\s*([^,;.!?\\n]+)`, 'i').exec(task)?.[1];
  return value === undefined ? undefined : shortPhrase(value.replace(/^["“']|["”']$/g, ''));
}

/**
 * A phrase short enough to be a value, cut where a new clause begins: "Paris and tell me whether
 * tomorrow suits a picnic" is "Paris"; a phrase of more than six words is not a value.
 */
function shortPhrase(text: string): string | undefined {
  const cut = text.split(
    /\s*[,;:!?]\s*|\.\s|\s+(?:and|then|but|so|or)\s+(?=(?:tell|let|say|show|give|check|also|then|please|what|whether|if|how|why|is|are|do|does|can|could|would|will|i|me|we|you)\b)/i,
  )[0];
  const phrase = (cut ?? '').replace(/[.!?]+$/, '').trim();
  if (phrase === '' || phrase.split(/\s+/).length > 6) return undefined;
  return phrase;
}

/** "use the critique_recipe tool on tarte tatin" → "tarte tatin"; "review this: X" → "X". */
function remainderAfter(task: string, tool: ToolSpec): string {
  const lower = task.toLowerCase();
  const plain = plainToolName(tool.name).toLowerCase();
  const mentions = [tool.name.toLowerCase(), plain, plain.replace(/[_-]+/g, ' ')];
  const at = mentions
    .map((mention) => ({ index: lower.indexOf(mention), length: mention.length }))
    .find((found) => found.index >= 0);
  const colon = task.indexOf(':');
  if (at === undefined && colon < 0) return withoutToolWords(task, tool);
  const rest = at !== undefined ? task.slice(at.index + at.length) : task.slice(colon + 1);
  const sentence =
    rest
      .replace(/^\s*(?:tool\b)?\s*(?:on|with|for|to|about|against|over)?\s*(?:the\s+)?/i, '')
      .split(/(?<=[.!?])\s/)[0] ?? '';
  return sentence.replace(/[.!?]+$/, '').trim();
}

const FILLER_WORDS = new Set([
  'please',
  'the',
  'a',
  'an',
  'this',
  'that',
  'my',
  'our',
  'your',
  'for',
  'me',
  'us',
  'can',
  'you',
  'could',
  'would',
]);

/** "critique the recipe for tarte tatin" → "tarte tatin": the task without the tool's own words and fillers. */
function withoutToolWords(task: string, tool: ToolSpec): string {
  const parts = new Set(nameParts(tool));
  const sentence = task.split(/(?<=[.!?])\s/)[0] ?? task;
  return sentence
    .split(/\s+/)
    .filter((word) => {
      const bare = word.toLowerCase().replace(/[^a-z']/g, '');
      return bare !== '' ? !FILLER_WORDS.has(bare) && !parts.has(bare.replace(/([^s])s$/, '$1')) : /\d/.test(word);
    })
    .join(' ')
    .replace(/[.!?]+$/, '')
    .trim();
}

function nameParts(tool: ToolSpec): string[] {
  return wordsOf(
    plainToolName(tool.name)
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .replace(/[_-]+/g, ' '),
  );
}

function wordsOf(text: string): string[] {
  return (text.match(/[a-z]{3,}/g) ?? [])
    .filter((word) => !STOPWORDS.has(word))
    .map((word) => word.replace(/([^s])s$/, '$1'));
}

/** A JSON object as "key: value" lines; any other text as it came, shortened. */
function readable(content: string): string {
  const parsed = parseJsonResult(content);
  const text =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? Object.entries(parsed)
          .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
          .join('\n')
      : content.trim();
  return text.length > 1_500 ? `${text.slice(0, 1_497)}...` : text;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
