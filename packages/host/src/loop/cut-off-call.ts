// A reply cut at the output limit may end inside its last tool call. Host side, pure.

import type { ModelStopReason, ToolUseBlock } from '../model.js';

/**
 * A reply cut at the output limit may end inside its last tool call, whose input is then
 * incomplete: that call is not run, and the model reads why (the API's advice: ask again with room).
 */
export function cutOffCall(
  stopReason: ModelStopReason,
  toolUses: ToolUseBlock[],
  maxTokens: number,
): Map<string, string> | undefined {
  const last = toolUses.at(-1);
  if (stopReason !== 'max_tokens' || last === undefined) return undefined;
  const why = `Tool "${last.name}" was not run: your reply was cut off at its limit of ${maxTokens} output tokens while writing this call, so its input may be incomplete. Call it again, with less text before it.`;
  return new Map([[last.id, why]]);
}
