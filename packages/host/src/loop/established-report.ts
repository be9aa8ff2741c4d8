// The report an agent gives when it stops before it finished and no model call can write one (the
// run's time is up, the run was stopped, something failed, the budget has no room): drawn from the
// tool results the agent holds, never from what it last said it would do. Host side, pure.

import type { LocalTool } from '../local-tools.js';
import type { ContentBlock, Message, ToolResultBlock, ToolUseBlock } from '../model.js';

/** Why an agent stopped before it finished: the opening of its report. */
export type UnfinishedCause =
  | 'max_iterations'
  | 'budget'
  | 'tool_calls'
  | 'wall_time'
  /** The whole run was stopped. */
  | 'aborted'
  /** A person stopped this one agent; the run goes on. */
  | 'stopped'
  | 'error';

const WHY: Readonly<Record<UnfinishedCause, string>> = {
  max_iterations: 'I reached the iteration limit before I could finish',
  budget: 'I ran out of token budget before I could finish',
  tool_calls: 'The run reached its limit of tool calls before I could finish',
  wall_time: 'The run reached its wall-time limit before I could finish',
  aborted: 'The run was stopped before I could finish',
  stopped: 'I was stopped before I could finish',
  error: 'Something failed before I could finish',
};

/** One line per result is enough to name what it established; a worker's report is kept whole. */
const RESULT_LINE_CHARS = 240;
const MOST_RESULTS_LISTED = 60;

/** Where the report learns which tools answer with a report of their own (the toolbox). */
export interface ReportedTools {
  localTool(name: string): Pick<LocalTool, 'reportsWhole'> | undefined;
}

interface HeldResult {
  use: ToolUseBlock;
  result: ToolResultBlock;
}

/**
 * "The run was stopped before I could finish. What the tool results established (2 of 3 calls):
 * - inspect_jar {"id":3}: {...}" — the calls that answered, each with its result, and how many
 * failed or were not run; "…: nothing established." when no call answered.
 */
export function establishedReport(cause: UnfinishedCause, messages: readonly Message[], tools?: ReportedTools): string {
  const held = heldResults(messages);
  const answered = held.filter(({ result }) => result.is_error !== true);
  const failed = held.length - answered.length;
  const failures = failed === 0 ? '' : `\n${failed} of ${held.length} calls failed or were not run.`;
  if (answered.length === 0) return `${WHY[cause]}: nothing established.${failures}`;
  const listed = answered.slice(0, MOST_RESULTS_LISTED).map((held) => resultLine(held, tools));
  const more = answered.length - listed.length;
  return (
    [
      `${WHY[cause]}. What the tool results established (${answered.length} of ${held.length} calls):`,
      ...listed,
      ...(more > 0 ? [`… and ${more} more results.`] : []),
    ].join('\n') + failures
  );
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
  const call = `- ${use.name} ${oneLine(JSON.stringify(use.input), 80)}`;
  // A worker's report is already a summary of what it established: cutting it would lose findings.
  if (tools?.localTool(use.name)?.reportsWhole === true) return `${call}:\n${indent(result.content.trim())}`;
  return `${call}: ${oneLine(result.content, RESULT_LINE_CHARS)}`;
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
