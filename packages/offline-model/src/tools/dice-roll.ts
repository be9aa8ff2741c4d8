// Rolling dice with roll_dice: count, sides and seed read from the task, rolls and total reported
// from the tool's answer. Host side, pure.

import { z } from 'zod';
import type { Conversation } from '../conversation.js';
import { answer, callTools, type Decision } from '../decision.js';
import type { TaskIntent } from '../reading/task-intent.js';
import { findTool, inputProperty, isToolNamed } from './tool-names.js';
import { errorSummary, parseJsonResult } from './tool-results.js';

type DiceIntent = Extract<TaskIntent, { kind: 'dice' }>;

const rollSchema = z.object({ count: z.number(), sides: z.number(), rolls: z.array(z.number()), total: z.number() });

export function planDice(conversation: Conversation, intent: DiceIntent, reportNow: boolean): Decision | undefined {
  const rollTool = findTool(conversation.tools, 'roll_dice');
  const done = conversation.exchanges.find((exchange) => isToolNamed(exchange.call.name, 'roll_dice'));
  if (done === undefined) {
    if (reportNow) return answer('I did not get to roll the dice before I ran out of room.');
    if (rollTool === undefined) return undefined;
    const input: Record<string, unknown> = {};
    if (intent.count !== undefined) input['count'] = intent.count;
    if (intent.sides !== undefined) input['sides'] = intent.sides;
    if (intent.seed !== undefined && inputProperty(rollTool, 'seed') !== undefined) input['seed'] = intent.seed;
    return callTools(`Rolling ${describeRoll(intent.count ?? 1, intent.sides)}.`, [{ tool: rollTool.name, input }]);
  }
  const result = done.result;
  if (result === undefined || result.is_error === true) {
    return answer(
      `The dice could not be rolled: ${result === undefined ? 'no result came back' : errorSummary(result.content)}.`,
    );
  }
  const roll = rollSchema.safeParse(parseJsonResult(result.content));
  if (!roll.success)
    return answer(`The dice tool answered, but not with rolls I can read: ${errorSummary(result.content)}.`);
  const { count, sides, rolls, total } = roll.data;
  const seed = typeof done.call.input['seed'] === 'number' ? ` with seed ${String(done.call.input['seed'])}` : '';
  return answer(`Rolled ${describeRoll(count, sides)}${seed}: ${rolls.join(', ')} (total ${total}).`);
}

function describeRoll(count: number, sides: number | undefined): string {
  return sides === undefined ? `${count} ${count === 1 ? 'die' : 'dice'}` : `${count}d${sides}`;
}
