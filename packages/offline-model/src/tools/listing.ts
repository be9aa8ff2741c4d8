// "What's in the pantry?": a question that a list tool answers. The subject picks the tool
// (list_pantry for the pantry or its supplies); the answer lists what it returned. Host side.

import type { ToolSpec } from '@kitchen/host';
import type { Conversation } from '../conversation.js';
import { answer, callTools, type Decision } from '../decision.js';
import type { TaskIntent } from '../reading/task-intent.js';
import { toolsAvailableLine } from './repertoire.js';
import { plainToolName } from './tool-names.js';
import { errorSummary, parseJsonResult, summariseResult } from './tool-results.js';

type Listing = Extract<TaskIntent, { kind: 'listing' }>;

export function planListing(conversation: Conversation, listing: Listing, reportNow: boolean): Decision {
  const tool = listTool(conversation.tools, listing.subject);
  const done = conversation.exchanges[0];
  if (done !== undefined) {
    const result = done.result;
    if (result === undefined || result.is_error === true)
      return answer(
        `${done.call.name} did not answer: ${result === undefined ? 'no result came back' : errorSummary(result.content)}.`,
      );
    return answer(describeItems(listing.subject, result.content));
  }
  if (reportNow) return answer(`I did not get to list the ${listing.subject} before I ran out of room.`);
  if (tool === undefined)
    return answer(`I have no tool that lists the ${listing.subject}. ${toolsAvailableLine(conversation.tools)}`);
  return callTools(`Listing the ${listing.subject} with ${tool.name}.`, [{ tool: tool.name, input: {} }]);
}

/** list_<subject>, or a list_ tool whose description names the subject ("supplies" → list_pantry). */
function listTool(tools: ToolSpec[], subject: string): ToolSpec | undefined {
  const word = singular(subject);
  const lists = tools.filter((tool) => plainToolName(tool.name).startsWith('list_'));
  return (
    lists.find((tool) => singular(plainToolName(tool.name).slice('list_'.length)) === word) ??
    lists.find((tool) => tool.description.toLowerCase().split(/\W+/).map(singular).includes(word))
  );
}

/** One line per item when the result holds a list of named things; else the result in short. */
function describeItems(subject: string, content: string): string {
  const parsed = parseJsonResult(content);
  const values = typeof parsed === 'object' && parsed !== null ? Object.values(parsed) : [];
  const items = values.find((value): value is Array<Record<string, unknown>> => Array.isArray(value));
  if (items === undefined) return `The ${subject}: ${summariseResult(content)}`;
  const lines = items.map((item) => {
    const name = [item['name'], item['label'], item['id']].find(
      (value) => typeof value === 'string' || typeof value === 'number',
    );
    const details = Object.entries(item)
      .filter(([key]) => !['name', 'label'].includes(key))
      .map(([key, value]) => `${key} ${typeof value === 'string' ? value : JSON.stringify(value)}`);
    return `- ${String(name ?? 'item')}${details.length > 0 ? ` (${details.join(', ')})` : ''}`;
  });
  return [`The ${subject} has ${items.length} ${items.length === 1 ? 'item' : 'items'}:`, ...lines].join('\n');
}

function singular(word: string): string {
  return word
    .toLowerCase()
    .replace(/ies$/, 'y')
    .replace(/([^s])s$/, '$1');
}
