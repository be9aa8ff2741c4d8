// The last chance: an agent stopped by its iteration cap, by the tree budget or by a person who
// stopped that one agent is asked once more,
// without tools and with a short answer, for what it DID establish, so a limit ends in a partial
// report instead of silence. Host side; shared by both limits.

import type { InputTokenBound } from '../limits/input-token-bound.js';
import { type LoopEvent, stamp } from '../loop-event.js';
import type { ContentBlock, Message, Model, TextBlock } from '../model.js';
import type { TreeBudget } from '../tree-budget.js';
import { callModelWithinBudget, usageEvent } from './budgeted-model-call.js';

/** Output room for the report; its reservation (input estimate + this) must itself fit the budget. */
export const LAST_CHANCE_MAX_TOKENS = 512;

export type LastChanceCause = 'max_iterations' | 'budget' | 'stopped';

const FIRST_SENTENCE: Readonly<Record<LastChanceCause, string>> = {
  max_iterations: 'You have reached the iteration limit.',
  budget: 'The run has almost no token budget left.',
  stopped: 'A person stopped you before you finished.',
};

const REPORT_NOW =
  'Reply now, without tools, with a short report of what you DID establish and what you did not reach.';

/** The user message of a last-chance call, e.g. "You have reached the iteration limit. Reply now, ..." */
export function lastChanceNudge(cause: LastChanceCause): string {
  return `${FIRST_SENTENCE[cause]} ${REPORT_NOW}`;
}

/**
 * The finalText of an agent that could not get its last chance: it says why and hands over every
 * text block the agent wrote, because that is all it had.
 */
export function fallbackReport(cause: LastChanceCause, texts: string[]): string {
  const why =
    cause === 'budget'
      ? 'I ran out of token budget before I could finish'
      : cause === 'stopped'
        ? 'I was stopped before I could finish'
        : 'I reached the iteration limit before I could finish';
  const had = texts.map((text) => text.trim()).filter((text) => text !== '');
  return had.length === 0 ? `${why}: nothing established.` : `${why}. What I had so far:\n${had.join('\n')}`;
}

export interface LastChance {
  cause: LastChanceCause;
  model: Model;
  budget: TreeBudget | undefined;
  agent: string;
  system: string | undefined;
  messages: Message[];
  /** Every text block the agent wrote so far, for the fallback. */
  texts: string[];
  signal: AbortSignal;
  /** The agent's own bound, which knows what the model counted for its history so far. */
  inputBound?: InputTokenBound;
  /** Called with the cost of the call when it was made. */
  charge: (tokens: number, costCents: number) => void;
  treeTokens: () => number;
}

/** Yields the call's usage and text events; returns the agent's finalText. Never throws for a model failure. */
export async function* askForLastReport(chance: LastChance): AsyncGenerator<LoopEvent, string> {
  const { cause, agent } = chance;
  const outcome = yield* callModelWithinBudget({
    model: chance.model,
    request: {
      ...(chance.system === undefined ? {} : { system: chance.system }),
      messages: withNudge(chance.messages, lastChanceNudge(cause)),
      tools: [],
      maxTokens: LAST_CHANCE_MAX_TOKENS,
    },
    budget: chance.budget,
    agent,
    signal: chance.signal,
    ...(chance.inputBound === undefined ? {} : { inputBound: chance.inputBound }),
  });
  if (outcome.kind !== 'answered') return fallbackReport(cause, chance.texts);
  const { response } = outcome;
  chance.charge(outcome.tokens, outcome.costCents);
  yield usageEvent(agent, outcome, chance.treeTokens());
  // A model that asks for tools anyway gets none: only its text counts.
  const report = response.content
    .filter((block): block is TextBlock => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
  if (report.trim() === '') return fallbackReport(cause, chance.texts);
  yield stamp({ type: 'text', agent, text: report });
  return report;
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
