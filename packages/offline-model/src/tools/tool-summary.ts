// A last-chance report for work that was not a jar job: what each tool call the model made
// came back with. Host side, pure.

import type { Conversation } from '../conversation.js';
import { errorSummary, summariseResult } from './tool-results.js';

export function summariseToolWork(conversation: Conversation): string {
  const lines = conversation.exchanges.map(({ call, result }) => {
    if (result === undefined) return `${call.name}: no result came back.`;
    return result.is_error === true
      ? `${call.name} failed: ${errorSummary(result.content)}.`
      : `${call.name}: ${summariseResult(result.content, 200)}`;
  });
  return [
    `I ran out of room. What I did establish, from ${lines.length} tool ${lines.length === 1 ? 'call' : 'calls'}:`,
    ...foldRepeatedLines(lines),
  ].join('\n');
}

/** The same line said by many calls (a server that is down) once, with its count: "198 calls: …". */
export function foldRepeatedLines(lines: string[]): string[] {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
  return [...counts.entries()].map(([line, count]) => (count === 1 ? line : `${count} calls: ${line}`));
}
