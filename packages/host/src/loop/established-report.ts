// The report an agent gives when it stops before it finished and no model call can write one (the
// run's time is up, the run was stopped, something failed, the budget has no room): drawn from the
// tool results the agent holds, never from what it last said it would do. Host side, pure.

import type { LocalTool } from '../local-tools.js';
import type { ContentBlock, Message, ToolResultBlock, ToolUseBlock } from '../model.js';

/** Why an agent stopped before it finished: the closing line of its report. */
export type UnfinishedCause =
  | 'max_iterations'
  | 'budget'
  | 'tool_calls'
  | 'wall_time'
  /** The whole run was stopped. */
  | 'aborted'
  /** A person stopped this one agent; the run goes on. */
  | 'stopped'
  | 'error'
  /** The final answer was cut off at the output limit: what the tools established goes with it. */
  | 'max_tokens'
  /** The model declined to go on. */
  | 'refusal';

const WHY: Readonly<Record<UnfinishedCause, string>> = {
  max_iterations: 'I reached the iteration limit before I could finish',
  budget: 'I ran out of token budget before I could finish',
  tool_calls: 'The run reached its limit of tool calls before I could finish',
  wall_time: 'The run reached its wall-time limit before I could finish',
  aborted: 'The run was stopped before I could finish',
  stopped: 'I was stopped before I could finish',
  error: 'Something failed before I could finish',
  max_tokens: 'My answer was cut off at its output limit',
  refusal: 'The model declined to go on',
};

/** One line per result is enough to name what it established; a worker's report is kept whole. */
const RESULT_LINE_CHARS = 240;
const MOST_RESULTS_LISTED = 60;
const MOST_NOT_DONE_LISTED = 20;
/** How a report with no findings opens; a worker's report that starts so counts as work not done. */
const NOTHING_ESTABLISHED = 'Nothing established';

/** Where the report learns which tools answer with a report of their own (the toolbox). */
export interface ReportedTools {
  localTool(name: string): Pick<LocalTool, 'reportsWhole'> | undefined;
}

interface HeldResult {
  use: ToolUseBlock;
  result: ToolResultBlock;
}

/**
 * The findings first, then the gaps, then why: "What the tool results established (2 of 3 calls):
 * - inspect_jar id 3: seal intact, expected grams 420, …" — the calls that answered, each with its
 * result in words — then what was not done or not reached (calls that failed or were not run,
 * workers that established nothing), then the stop ("The run was stopped before I could finish.").
 * "Nothing established. <why>" on one line when no call was made at all.
 */
export function establishedReport(cause: UnfinishedCause, messages: readonly Message[], tools?: ReportedTools): string {
  const held = heldResults(messages);
  const established = held.filter((held) => !notDone(held, tools));
  const missing = held.filter((held) => notDone(held, tools));
  const why = `${WHY[cause]}.`;
  if (held.length === 0) return `${NOTHING_ESTABLISHED}. ${why}`;
  const notReached = missing.length === 0 ? [] : notReachedLines(missing, tools);
  if (established.length === 0) return [`${NOTHING_ESTABLISHED}.`, ...notReached, why].join('\n');
  const listed = established.slice(0, MOST_RESULTS_LISTED).map((held) => resultLine(held, tools));
  const more = established.length - listed.length;
  return [
    `What the tool results established (${established.length} of ${held.length} calls):`,
    ...listed,
    ...(more > 0 ? [`… and ${more} more results.`] : []),
    ...notReached,
    why,
  ].join('\n');
}

/**
 * A report's closing why made exact: the ending's own sentence ("Stopped: the run made 50 tool
 * calls, its limit.") takes the place of the report's general one, or follows a report without one.
 */
export function withStopDetail(report: string, detail: string): string {
  const lines = report.trimEnd().split('\n');
  const last = lines.at(-1) ?? '';
  const general = Object.values(WHY).some((why) => last === `${why}.` || last === `${NOTHING_ESTABLISHED}. ${why}.`);
  if (!general) return [report.trim(), detail].filter((part) => part !== '').join('\n\n');
  const closing = last.startsWith(NOTHING_ESTABLISHED) ? `${NOTHING_ESTABLISHED}. ${detail}` : detail;
  return [...lines.slice(0, -1), closing].join('\n');
}

/**
 * The final text of an agent whose answer is not all it established (cut off at max_tokens, a
 * refusal, a last-chance answer): its own words first, then the established report, which they
 * may add to but never replace. Only the words when no tool was called.
 */
export function withEstablished(
  words: string,
  cause: UnfinishedCause,
  messages: readonly Message[],
  tools?: ReportedTools,
): string {
  if (heldResults(messages).length === 0) return words;
  const report = establishedReport(cause, messages, tools);
  return [words.trim(), report].filter((part) => part !== '').join('\n\n');
}

/** A call that failed or was not run, or a worker that came back with nothing established. */
function notDone({ use, result }: HeldResult, tools: ReportedTools | undefined): boolean {
  if (result.is_error === true) return true;
  return tools?.localTool(use.name)?.reportsWhole === true && firstLine(result.content).startsWith(NOTHING_ESTABLISHED);
}

function notReachedLines(missing: readonly HeldResult[], tools: ReportedTools | undefined): string[] {
  const listed = missing.slice(0, MOST_NOT_DONE_LISTED).map(({ use, result }) => {
    return `- ${callWords(use, tools)}: ${oneLine(result.content, 160)}`;
  });
  const more = missing.length - listed.length;
  return [
    `Not done or not reached (${missing.length} ${missing.length === 1 ? 'call' : 'calls'}):`,
    ...listed,
    ...(more > 0 ? [`… and ${more} more.`] : []),
  ];
}

/** Every tool result of the conversation with the call it answers, in the order they were made. */
function heldResults(messages: readonly Message[]): HeldResult[] {
  const uses = new Map<string, ToolUseBlock>();
  const held: HeldResult[] = [];
  for (const message of messages) {
    for (const block of blocksOf(message)) {
      if (block.type === 'tool_use') uses.set(block.id, block);
      const use = block.type === 'tool_result' ? uses.get(block.tool_use_id) : undefined;
      if (use !== undefined && block.type === 'tool_result') held.push({ use, result: block });
    }
  }
  return held;
}

function resultLine({ use, result }: HeldResult, tools: ReportedTools | undefined): string {
  const call = `- ${callWords(use, tools)}`;
  // A worker's report is already a summary of what it established: cutting it would lose findings.
  if (tools?.localTool(use.name)?.reportsWhole === true) return `${call}:\n${indent(result.content.trim())}`;
  return `${call}: ${oneLine(inWords(result.content), RESULT_LINE_CHARS)}`;
}

/** "inspect_jar id 3", "spawn_agent jars-41-60 (Inspect cookie jars 41-60 and …)": a call, in words. */
function callWords(use: ToolUseBlock, tools: ReportedTools | undefined): string {
  const input = use.input as Record<string, unknown>;
  if (tools?.localTool(use.name)?.reportsWhole === true && typeof input['task'] === 'string') {
    const name = typeof input['name'] === 'string' ? ` ${input['name']}` : '';
    return `${use.name}${name} (${oneLine(input['task'], 60)})`;
  }
  const words = valueWords(input, 0);
  return words === '' ? use.name : `${use.name} ${oneLine(words, 80)}`;
}

/** A tool result as words: JSON is read out as "key value" pairs, any other text is kept. */
function inWords(content: string): string {
  const trimmed = content.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return content;
  try {
    return valueWords(JSON.parse(trimmed), 0);
  } catch {
    return content;
  }
}

function valueWords(value: unknown, depth: number): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) {
    const items = value.map((item) => valueWords(item, depth + 1)).filter((item) => item !== '');
    const shown = depth === 0 ? items.join('; ') : items.slice(0, 3).join('; ');
    const more = items.length > 3 && depth > 0 ? `; … ${items.length - 3} more` : '';
    return depth === 0 ? shown : `${value.length} ${value.length === 1 ? 'item' : 'items'} (${shown}${more})`;
  }
  return Object.entries(value)
    .map(([key, item]) => [spaced(key), valueWords(item, depth + 1)] as const)
    .filter(([, words]) => words !== '')
    .map(([key, words]) => `${key} ${words}`)
    .join(', ');
}

/** "expectedGrams" → "expected grams", "tolerance_grams" → "tolerance grams". */
function spaced(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}

function blocksOf(message: Message): ContentBlock[] {
  return typeof message.content === 'string' ? [] : message.content;
}

function oneLine(text: string, most: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= most ? flat : `${flat.slice(0, most - 1)}…`;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
