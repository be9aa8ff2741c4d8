// What the offline model can do, said politely when a task is outside it, naming the tools it
// was actually given. Host side, pure.

import type { ToolSpec } from '@kitchen/host';

// How the answer says a task, or a part of one, was not understood: the words an eval looks for
// (notUnderstoodLine) to tell "outside the offline model's repertoire" apart from a failure.
const WHOLE_TASK_NOT_UNDERSTOOD = `I don't know how to do "`;
const PART_NOT_UNDERSTOOD = 'Not done: I did not understand "';
const QUESTION_NOT_ANSWERED = 'Not answered: I cannot answer "';
const NOT_UNDERSTOOD = [WHOLE_TASK_NOT_UNDERSTOOD, PART_NOT_UNDERSTOOD, QUESTION_NOT_ANSWERED];

export function toolsAvailableLine(tools: ToolSpec[]): string {
  if (tools.length === 0) return 'I was given no tools.';
  return `The tools I can see: ${tools.map((tool) => tool.name).join(', ')}.`;
}

export function explainRepertoire(task: string, tools: ToolSpec[]): string {
  const quoted = task.trim().length > 120 ? `${task.trim().slice(0, 117)}...` : task.trim();
  return [
    `I am the offline model: a deterministic, rule-based stand-in for a language model, not an LLM, and ${WHOLE_TASK_NOT_UNDERSTOOD}${quoted}".`,
    'What I can do: inspect cookie jars for tampering ("check jars 12 to 30", "inspect all the jars"), ' +
      'answer questions about jars ("how heavy is jar 33?", "how many jars are broken?"), ' +
      'roll dice ("roll 3d8+2", "roll a d6 three times"), discard or reseal jars ("discard the tampered jars"), ' +
      'order from the pantry ("order a dozen eggs"), list what a list tool offers ("what\'s in the pantry?"), ' +
      'and call a tool you name ("use the <tool> tool on ..."). Several of these in one task work too.',
    toolsAvailableLine(tools),
    'Set ANTHROPIC_API_KEY to run the same task on Claude.',
  ].join('\n');
}

/** One part of a bigger task that the model did not understand: said, never dropped. A question is named unanswered. */
export function notUnderstood(text: string): string {
  if (
    /\?\s*$/.test(text) ||
    /^(?:is|are|was|were|do|does|did|can|could|should|will|would|what|why|how|who|where|when|which)\b/i.test(text)
  )
    return `${QUESTION_NOT_ANSWERED}${text.replace(/\?*\s*$/, '?')}"; it is a question none of the tools I was given can settle.`;
  return `${PART_NOT_UNDERSTOOD}${text}"; it matches nothing I can do with the tools I was given.`;
}

/** The line of an offline model's answer that says it did not understand the task or a part of it, if one does. */
export function notUnderstoodLine(answer: string): string | undefined {
  return answer.split('\n').find((line) => NOT_UNDERSTOOD.some((words) => line.includes(words)));
}
