// A task that names several tools, one per clause ("critique the lemon tart recipe, choose a
// filling and bake it"): call them one after another, each with inputs read from its own clause,
// then report what each said. Host side, pure.

import type { ToolSpec } from '@kitchen/host';
import type { Conversation } from '../conversation.js';
import { answer, callTools, type Decision } from '../decision.js';
import { fillInput, namedTool } from './named-tool.js';
import { errorSummary, summariseResult } from './tool-results.js';

export interface SequenceStep {
  tool: ToolSpec;
  /** The clause that named the tool, without its lead-in ("ask the chef to"). */
  clause: string;
}

/** Two or more tools named by separate clauses, in the task's order; undefined otherwise. */
export function namedToolSequence(task: string, tools: ToolSpec[]): SequenceStep[] | undefined {
  const steps: SequenceStep[] = [];
  for (const clause of splitClauses(task)) {
    const body = withoutLeadIn(clause);
    // namedTool on one clause: the tool is spelled out, or the clause leads with its name's first word.
    const tool = body === '' ? undefined : namedTool(body, tools);
    if (tool !== undefined && !steps.some((step) => step.tool.name === tool.name)) steps.push({ tool, clause: body });
  }
  return steps.length >= 2 ? steps : undefined;
}

/** The next step not yet called, one at a time (a later step may depend on an earlier one); then the report. */
export function planToolSequence(conversation: Conversation, steps: SequenceStep[]): Decision {
  const lines: string[] = [];
  for (const [index, step] of steps.entries()) {
    const name = step.tool.name;
    const done = conversation.exchanges.find((exchange) => exchange.call.name === name);
    if (done === undefined) {
      // Inputs from the step's own clause first; a number said once for the whole task ("jar 5") still counts.
      const fromClause = fillInput(step.tool, step.clause);
      const filled = fromClause.missing.length === 0 ? fromClause : fillInput(step.tool, conversation.task);
      if (filled.missing.length === 0) {
        return callTools(`Step ${index + 1} of ${steps.length}: calling ${name}.`, [
          { tool: name, input: filled.input },
        ]);
      }
      lines.push(`- ${name} was not called: I need ${filled.missing.join(', ')}, and the task does not say.`);
      continue;
    }
    const result = done.result;
    if (result === undefined || result.is_error === true) {
      lines.push(
        `- ${name} did not do it: ${result === undefined ? 'no result came back' : errorSummary(result.content)}.`,
      );
    } else {
      lines.push(`- ${name}: ${summariseResult(result.content)}`);
    }
  }
  return answer([`I worked through the ${steps.length} steps of the task:`, ...lines].join('\n'));
}

/** Clauses split at punctuation and at "and" / "then", never inside quoted text. */
function splitClauses(task: string): string[] {
  const quoted: string[] = [];
  const masked = task.replace(/"[^"]*"|“[^”]*”/g, (match) => `\u0000${quoted.push(match) - 1}\u0000`);
  return masked
    .split(/[,;!?]|\.(?=\s|$)|\s+(?:and then|and|then|after that|finally)\s+/i)
    .map((clause) =>
      clause.replace(/\u0000(\d+)\u0000/g, (_match, index: string) => quoted[Number(index)] ?? '').trim(),
    )
    .filter((clause) => clause !== '');
}

/** "Ask the pastry chef to critique ..." → "critique ..."; "then bake it" → "bake it". */
function withoutLeadIn(clause: string): string {
  return clause
    .replace(/^(?:[^"“]*?\b(?:ask|tell|get|have|want|need|would like)\b[^"“]*?\bto\s+)/i, '')
    .replace(/^(?:(?:please|then|and|also|finally|now|next)\s+)+/i, '')
    .trim();
}
