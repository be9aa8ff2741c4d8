// The offline model's one decision per request: read the task, look at the tools on offer and at
// what the conversation already holds, and pick the next tool calls or the final text. Host side.

import type { Conversation } from './conversation.js';
import { answer, type Decision } from './decision.js';
import { planJarCount } from './jars/jar-count.js';
import { planJarJob } from './jars/jar-job.js';
import { parseTaskIntent } from './reading/task-intent.js';
import { planDice } from './tools/dice-roll.js';
import { describedTool, namedTool, planNamedTool } from './tools/named-tool.js';
import { planOrder } from './tools/pantry-order.js';
import { explainRepertoire, toolsAvailableLine } from './tools/repertoire.js';
import { answerWithoutTools } from './tools/text-answer.js';
import { findTool } from './tools/tool-names.js';
import { namedToolSequence, planToolSequence } from './tools/tool-sequence.js';
import { summariseToolWork } from './tools/tool-summary.js';

export interface DecideOptions {
  /** Most tool calls in one turn. */
  batchSize: number;
}

export function decideNextStep(conversation: Conversation, options: DecideOptions): Decision {
  const { tools, exchanges, task } = conversation;
  // No tools and nothing done yet: a sampling request or a plain question.
  if (tools.length === 0 && exchanges.length === 0) return answer(answerWithoutTools(conversation));
  // No tools after tool work: the loop wants a report of what was established, now.
  const reportNow = tools.length === 0;
  const intent = parseTaskIntent(task);

  // Several tools named one per clause ("critique the recipe, choose a filling and bake it"): in order.
  const sequence = reportNow ? undefined : namedToolSequence(task, tools);
  if (sequence !== undefined) return planToolSequence(conversation, sequence);
  const explicit = reportNow ? undefined : namedTool(task, tools);
  if (explicit !== undefined) return planNamedTool(conversation, explicit, reportNow);

  switch (intent.kind) {
    case 'jar-audit':
    case 'jar-action': {
      const canInspect = findTool(tools, 'inspect_jar') !== undefined || findTool(tools, 'spawn_agent') !== undefined;
      const selectedAction = intent.kind === 'jar-action' && intent.target === 'selected';
      if (reportNow || canInspect || selectedAction) {
        return planJarJob(conversation, intent, {
          batchSize: options.batchSize,
          reportNow,
          maxChars: conversation.maxChars,
        });
      }
      return answer(`I cannot inspect jars: no inspect_jar tool was offered. ${toolsAvailableLine(tools)}`);
    }
    case 'jar-count':
      return planJarCount(conversation, reportNow);
    case 'dice': {
      const decision = planDice(conversation, intent, reportNow);
      if (decision !== undefined) return decision;
      return answer(`I cannot roll dice: no roll_dice tool was offered. ${toolsAvailableLine(tools)}`);
    }
    case 'order': {
      const decision = planOrder(conversation, intent, reportNow);
      if (decision !== undefined) return decision;
      return answer(`I cannot place orders: no place_order tool was offered. ${toolsAvailableLine(tools)}`);
    }
    case 'other':
      break;
  }
  if (reportNow) return answer(summariseToolWork(conversation));
  const described = describedTool(task, tools);
  if (described !== undefined) return planNamedTool(conversation, described, false);
  return answer(explainRepertoire(task, tools));
}
