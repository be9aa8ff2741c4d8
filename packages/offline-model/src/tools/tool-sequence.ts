// A task whose parts each name a tool ("critique the lemon tart recipe, choose a filling and bake
// it"): call them one after another, each with inputs read from its own clause, then report what
// each said. The plan of parts comes from reading/task-plan.ts. Host side, pure.

import type { ToolSpec } from '@kitchen/host';
import type { Conversation } from '../conversation.js';
import { answer, callTools, type Decision } from '../decision.js';
import { fillInput } from './named-tool.js';
import { errorSummary, summariseResult } from './tool-results.js';

export interface SequenceStep {
  tool: ToolSpec;
  /** The clause that named the tool, without its lead-in ("ask the chef to"). */
  clause: string;
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
