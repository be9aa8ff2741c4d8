// The last chance: an agent stopped by its iteration cap, the tree budget, the run's tool calls or
// a person who stopped that one agent is asked once more, without tools and with a short answer,
// for what it DID establish, so a stop ends in a partial report instead of silence. Host side; when the call cannot be made or
// fails, the report is drawn from the agent's tool results (established-report.ts).

import type { InputTokenBound } from '../limits/input-token-bound.js';
import { type LoopEvent, stamp } from '../loop-event.js';
import type { ContentBlock, Message, Model, TextBlock } from '../model.js';
import type { TreeBudget } from '../tree-budget.js';
import { withDefined } from '../with-defined.js';
import { callModelWithinBudget, usageEvent } from './budgeted-model-call.js';
import { establishedReport, type ReportedTools, type UnfinishedCause, withEstablished } from './established-report.js';

/** Output room for the report; its reservation (input estimate + this) must itself fit the budget. */
export const LAST_CHANCE_MAX_TOKENS = 512;

/** The stops that leave room for one more model call: no time limit has passed and the run goes on. */
export type LastChanceCause = Extract<UnfinishedCause, 'max_iterations' | 'budget' | 'tool_calls' | 'stopped'>;

const FIRST_SENTENCE: Readonly<Record<LastChanceCause, string>> = {
  max_iterations: 'You have reached the iteration limit.',
  budget: 'The run has almost no token budget left.',
  tool_calls: 'The run has used all of its tool calls.',
  stopped: 'A person stopped you before you finished.',
};

const REPORT_NOW =
  'Reply now, without tools, with a short report of what you DID establish and what you did not reach.';

/** The user message of a last-chance call, e.g. "You have reached the iteration limit. Reply now, ..." */
export function lastChanceNudge(cause: LastChanceCause): string {
  return `${FIRST_SENTENCE[cause]} ${REPORT_NOW}`;
}

export function isLastChanceCause(cause: UnfinishedCause): cause is LastChanceCause {
  return cause in FIRST_SENTENCE;
}

export interface LastChance {
  cause: LastChanceCause;
  model: Model;
  budget: TreeBudget | undefined;
  agent: string;
  system: string | undefined;
  /** The conversation so far: its tool results are the fallback report. */
  messages: Message[];
  signal: AbortSignal;
  /** The agent's own bound, which knows what the model counted for its history so far. */
  inputBound?: InputTokenBound;
  /** Called with the cost of the call when it was made. */
  charge: (tokens: number, costCents: number) => void;
  treeTokens: () => number;
  /** Which tools' results the fallback report quotes whole. */
  tools?: ReportedTools;
}

/** Yields the call's usage and text events; returns the agent's finalText. Never throws for a model failure. */
export async function* askForLastReport(chance: LastChance): AsyncGenerator<LoopEvent, string> {
  const { cause, agent } = chance;
  const outcome = yield* callModelWithinBudget({
    model: chance.model,
    request: {
      ...withDefined({ system: chance.system }),
      messages: withNudge(chance.messages, lastChanceNudge(cause)),
      tools: [],
      maxTokens: LAST_CHANCE_MAX_TOKENS,
    },
    budget: chance.budget,
    agent,
    signal: chance.signal,
    ...withDefined({ inputBound: chance.inputBound }),
  });
  if (outcome.kind !== 'answered') return establishedReport(cause, chance.messages, chance.tools);
  const { response } = outcome;
  chance.charge(outcome.tokens, outcome.costCents);
  yield usageEvent(agent, outcome, chance.treeTokens());
  // A model that asks for tools anyway gets none: only its text counts.
  const report = response.content
    .filter((block): block is TextBlock => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
  if (report.trim() === '') return establishedReport(cause, chance.messages, chance.tools);
  yield stamp({ type: 'text', agent, text: report });
  // The answer adds to what the tool results established; it never replaces it.
  return withEstablished(report, cause, chance.messages, chance.tools);
}

/**
 * Adds the nudge to the conversation. After tool results the last message is the user's, so the
 * nudge joins it as a text block: the Messages API wants turns to alternate.
 */
function withNudge(messages: Message[], nudge: string): Message[] {
  const last = messages.at(-1);
  if (last?.role !== 'user') return [...messages, { role: 'user', content: nudge }];
  const content: ContentBlock[] =
    typeof last.content === 'string' ? [{ type: 'text', text: last.content }] : [...last.content];
  return [...messages.slice(0, -1), { role: 'user', content: [...content, { type: 'text', text: nudge }] }];
}
