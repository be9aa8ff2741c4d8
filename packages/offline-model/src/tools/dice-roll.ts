// Rolling dice with roll_dice: one call per group of dice per repeat, all in one turn; modifiers
// ("+2") are added by the model, never sent to the tool. Rolls and totals are reported from the
// tool's answers. Host side, pure.

import { z } from 'zod';
import type { Conversation } from '../conversation.js';
import { answer, callTools, type Decision } from '../decision.js';
import { type DiceGroup, describeGroup } from '../reading/dice-request.js';
import type { TaskIntent } from '../reading/task-intent.js';
import { findTool, inputProperty, isToolNamed } from './tool-names.js';
import { errorSummary, parseJsonResult } from './tool-results.js';

type DiceIntent = Extract<TaskIntent, { kind: 'dice' }>;

interface PlannedRoll {
  group: DiceGroup;
  /** 1-based, when the task asked for the groups more than once. */
  round: number;
  seed: number | undefined;
}

const rollSchema = z.object({ count: z.number(), sides: z.number(), rolls: z.array(z.number()), total: z.number() });

export function planDice(conversation: Conversation, intent: DiceIntent, reportNow: boolean): Decision | undefined {
  const rollTool = findTool(conversation.tools, 'roll_dice');
  const rolls = plannedRolls(intent);
  const done = conversation.exchanges.filter((exchange) => isToolNamed(exchange.call.name, 'roll_dice'));
  if (done.length === 0) {
    if (reportNow) return answer('I did not get to roll the dice before I ran out of room.');
    if (rollTool === undefined) return undefined;
    const seeded = inputProperty(rollTool, 'seed') !== undefined;
    const drawn = intent.picture && inputProperty(rollTool, 'picture') !== undefined;
    const described = rolls.map((roll) => describeGroup(roll.group.count ?? 1, roll.group.sides, roll.group.modifier));
    return callTools(
      `Rolling ${described.join(', ')}${intent.repeat > 1 ? ` (${intent.repeat} times)` : ''}.`,
      rolls.map((roll) => ({
        tool: rollTool.name,
        input: {
          ...(roll.group.count !== undefined ? { count: roll.group.count } : {}),
          ...(roll.group.sides !== undefined ? { sides: roll.group.sides } : {}),
          ...(roll.seed !== undefined && seeded ? { seed: roll.seed } : {}),
          ...(drawn ? { picture: true } : {}),
        },
      })),
    );
  }
  const lines = rolls.map((roll, index) => {
    const label = intent.repeat > 1 ? `Roll ${roll.round} of ${intent.repeat}: ` : '';
    const exchange = done[index];
    if (exchange === undefined) return `${label}not rolled (I ran out of room first).`;
    return label + rollLine(roll, exchange.result, exchange.call.input['seed']);
  });
  const totals = rolls.flatMap((roll, index) => {
    const parsed = rollSchema.safeParse(parseJsonResult(done[index]?.result?.content ?? ''));
    return parsed.success && done[index]?.result?.is_error !== true ? [parsed.data.total + roll.group.modifier] : [];
  });
  if (rolls.length > 1 && totals.length === rolls.length)
    lines.push(`All together: ${totals.reduce((sum, total) => sum + total, 0)}.`);
  const unapplied = UNAPPLIED.exec(conversation.task.toLowerCase())?.[0];
  if (unapplied !== undefined)
    lines.push(`Not applied: "${unapplied}". I can only add or take away a number; the totals above are without it.`);
  return answer(lines.join('\n'));
}

// Ways to change a roll that the model does not apply; each is named, never silently dropped.
const UNAPPLIED =
  /\b(?:double(?:d)?(?: it| that| the total)?|triple(?: it)?|halve(?: it)?|half (?:of )?it|(?:times|multipl\w*(?: by)?|divided? by|x)\s*\d+|keep the (?:highest|lowest|best|worst)(?: \w+)?|drop the (?:highest|lowest)(?: \w+)?|re-?roll\w*(?: \w+)*?(?= |$)|with (?:advantage|disadvantage)|exploding)\b/;

/** Every group, once per repeat; a seed given once moves on by one per repeat, so repeats differ. */
function plannedRolls(intent: DiceIntent): PlannedRoll[] {
  const rolls: PlannedRoll[] = [];
  for (let round = 1; round <= intent.repeat; round += 1) {
    for (const group of intent.groups) {
      rolls.push({ group, round, seed: intent.seed === undefined ? undefined : intent.seed + round - 1 });
    }
  }
  return rolls;
}

function rollLine(
  roll: PlannedRoll,
  result: { content: string; is_error?: boolean } | undefined,
  seed: unknown,
): string {
  if (result === undefined || result.is_error === true) {
    return `The dice could not be rolled: ${result === undefined ? 'no result came back' : errorSummary(result.content)}.`;
  }
  const parsed = rollSchema.safeParse(parseJsonResult(result.content));
  if (!parsed.success) return `The dice tool answered, but not with rolls I can read: ${errorSummary(result.content)}.`;
  const { count, sides, rolls, total } = parsed.data;
  const modifier = roll.group.modifier;
  const seeded = typeof seed === 'number' ? ` with seed ${seed}` : '';
  const sum =
    modifier === 0
      ? `total ${total}`
      : `${total} ${modifier > 0 ? '+' : '-'} ${Math.abs(modifier)} = ${total + modifier}`;
  return `Rolled ${describeGroup(count, sides, modifier)}${seeded}: ${rolls.join(', ')} (${sum}).`;
}
