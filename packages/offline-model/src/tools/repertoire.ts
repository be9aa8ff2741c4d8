// What the offline model can do, said politely when a task is outside it, naming the tools it
// was actually given. Host side, pure.

import type { ToolSpec } from '@kitchen/host';

export function toolsAvailableLine(tools: ToolSpec[]): string {
  if (tools.length === 0) return 'I was given no tools.';
  return `The tools I can see: ${tools.map((tool) => tool.name).join(', ')}.`;
}

export function explainRepertoire(task: string, tools: ToolSpec[]): string {
  const quoted = task.trim().length > 120 ? `${task.trim().slice(0, 117)}...` : task.trim();
  return [
    `I am the offline model: a deterministic, rule-based stand-in for a language model, not an LLM, and I don't know how to do "${quoted}".`,
    'What I can do: inspect cookie jars for tampering ("check jars 12 to 30", "inspect all the jars"), ' +
      'roll dice ("roll 4d6 with seed 7"), discard or reseal jars ("discard the tampered jars"), ' +
      'order from the pantry ("order 3 bags of flour"), and call a tool you name ("use the <tool> tool on ...").',
    toolsAvailableLine(tools),
    'Set ANTHROPIC_API_KEY to run the same task on Claude.',
  ].join('\n');
}
