// What the offline model can know: only the request. The task is the first user message; what it
// already did and learned are its own tool_use blocks joined with the tool_result blocks. Host side.

import type { Message, ModelRequest, ToolResultBlock, ToolSpec, ToolUseBlock } from '@kitchen/host';
import { readWorkerBrief, type WorkerBrief } from './worker-brief.js';

export interface ToolExchange {
  call: ToolUseBlock;
  /** Undefined when the request holds no result for the call (the loop always sends one). */
  result: ToolResultBlock | undefined;
  /** Which part of the task's plan the call served, read back from its id (0 when the id does not say). */
  part: number;
}

export interface Conversation {
  /** The first user message, without a report-format line (the brief keeps that). */
  task: string;
  /** What a worker's brief asks of its report. */
  brief: WorkerBrief;
  system: string;
  /** The tools on offer, sorted by name, so the order servers connected in never changes a decision. */
  tools: ToolSpec[];
  /** Every tool call the model made, in order, with its result. */
  exchanges: ToolExchange[];
  /** How many assistant turns the conversation already holds. */
  assistantTurns: number;
  /** Text of the last user message (for a sampling request or a last-chance nudge). */
  lastUserText: string;
  /** Room for the answer in characters: estimateTokens counts about 4 characters a token. */
  maxChars: number;
}

export function readConversation(request: ModelRequest): Conversation {
  const firstUser = request.messages.find((message) => message.role === 'user');
  const lastUser = [...request.messages].reverse().find((message) => message.role === 'user');
  const results = new Map<string, ToolResultBlock>();
  for (const message of request.messages) {
    if (typeof message.content === 'string') continue;
    for (const block of message.content) if (block.type === 'tool_result') results.set(block.tool_use_id, block);
  }
  const exchanges: ToolExchange[] = [];
  for (const message of request.messages) {
    if (message.role !== 'assistant' || typeof message.content === 'string') continue;
    for (const block of message.content) {
      if (block.type === 'tool_use')
        exchanges.push({ call: block, result: results.get(block.id), part: partOf(block.id) });
    }
  }
  const system = request.system ?? '';
  const { brief, task } = readWorkerBrief(system, firstUser === undefined ? '' : messageText(firstUser));
  return {
    task,
    brief,
    system,
    tools: [...(request.tools ?? [])].sort((left, right) =>
      left.name < right.name ? -1 : left.name > right.name ? 1 : 0,
    ),
    exchanges,
    assistantTurns: request.messages.filter((message) => message.role === 'assistant').length,
    lastUserText: lastUser === undefined ? '' : messageText(lastUser),
    maxChars: Math.max(1, request.maxTokens) * 4,
  };
}

/** The id of a call the offline model made for part `part` of its plan: the part travels in the id. */
export function toolUseId(prefix: string, part: number, index: number): string {
  return `${prefix}_p${part}_${index}`;
}

function partOf(id: string): number {
  const match = /_p(\d+)_\d+$/.exec(id);
  return match?.[1] === undefined ? 0 : Number(match[1]);
}

export function messageText(message: Message): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .join('\n')
    .trim();
}
