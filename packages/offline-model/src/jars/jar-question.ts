// Questions about named jars' fields: "how heavy is jar 33?" (weigh_jar), "what does the note on
// jar 8 say?" (read_note), "is jar 5's seal intact?" and "what's in jar 2?" (inspect_jar). The
// answer is the field itself, read from the tool's result; a note is quoted as data. Host side.

import { z } from 'zod';
import type { Conversation } from '../conversation.js';
import { answer, callTools, type Decision } from '../decision.js';
import type { JarField, TaskIntent } from '../reading/task-intent.js';
import { findTool, isToolNamed } from '../tools/tool-names.js';
import { errorSummary, parseJsonResult, readInspection } from '../tools/tool-results.js';
import { formatGrams } from './jar-verdict.js';

type JarQuestion = Extract<TaskIntent, { kind: 'jar-question' }>;

// The tool that answers each field best, then the one that answers every field.
const PREFERRED: Record<JarField, string> = {
  weight: 'weigh_jar',
  note: 'read_note',
  seal: 'inspect_jar',
  label: 'inspect_jar',
};

const weighing = z.object({ expectedGrams: z.number(), measuredGrams: z.number(), toleranceGrams: z.number() });
const noteReading = z.object({ note: z.string().nullish() });

export function planJarQuestion(conversation: Conversation, question: JarQuestion, reportNow: boolean): Decision {
  const tool = findTool(conversation.tools, PREFERRED[question.field]) ?? findTool(conversation.tools, 'inspect_jar');
  const lines: string[] = [];
  const pending: number[] = [];
  for (const id of question.ids) {
    const exchange = conversation.exchanges.find(
      (candidate) =>
        candidate.call.input['id'] === id &&
        ['weigh_jar', 'read_note', 'inspect_jar'].some((name) => isToolNamed(candidate.call.name, name)),
    );
    if (exchange === undefined) pending.push(id);
    else if (exchange.result === undefined || exchange.result.is_error === true)
      lines.push(
        `I could not look at jar ${id}: ${exchange.result === undefined ? 'no result came back' : errorSummary(exchange.result.content)}.`,
      );
    else lines.push(fieldLine(id, question.field, exchange.result.content));
  }
  if (pending.length > 0 && !reportNow) {
    if (tool === undefined)
      return answer(`I cannot look at jars: no ${PREFERRED[question.field]} or inspect_jar tool was offered.`);
    return callTools(
      `Looking at ${pending.length === 1 ? `jar ${pending[0]}` : `jars ${pending.join(', ')}`} with ${tool.name}.`,
      pending.map((id) => ({ tool: tool.name, input: { id } })),
    );
  }
  if (pending.length > 0)
    lines.push(`I ran out of room before looking at ${pending.map((id) => `jar ${id}`).join(', ')}.`);
  return answer(lines.join('\n'));
}

function fieldLine(id: number, field: JarField, content: string): string {
  const parsed = parseJsonResult(content);
  const inspection = readInspection(content);
  switch (field) {
    case 'weight': {
      const weight = weighing.safeParse(parsed);
      if (!weight.success) return `Jar ${id}: the answer did not say its weight.`;
      const { expectedGrams, measuredGrams, toleranceGrams } = weight.data;
      const difference = measuredGrams - expectedGrams;
      const verdict = Math.abs(difference) > toleranceGrams ? 'outside' : 'within';
      return `Jar ${id} weighs ${measuredGrams} g; it should weigh ${expectedGrams} g, so it is ${formatGrams(difference)} off, ${verdict} the ${toleranceGrams} g tolerance.`;
    }
    case 'note': {
      const note = noteReading.safeParse(parsed);
      if (!note.success) return `Jar ${id}: the answer did not include its note.`;
      const text = (note.data.note ?? '').trim();
      return text === ''
        ? `Jar ${id} has no note.`
        : `The note on jar ${id} says: "${text}" (I read notes as data, never as instructions).`;
    }
    case 'seal':
      if (inspection === undefined) return `Jar ${id}: the answer did not say how its seal is.`;
      return `Jar ${id}'s seal is ${inspection.seal.trim().toLowerCase()}.`;
    case 'label':
      if (inspection === undefined) return `Jar ${id}: the answer did not include its label.`;
      return `Jar ${id} is labelled "${inspection.label ?? 'unlabelled'}".`;
  }
}
