// `--call TOOL[=JSON]` words as the calls a check makes: a tool's name, and its arguments as a JSON
// object when given. App side, at the edge: a bad word is refused with the flag and the fix.

import type { ToolCallRequest } from '@kitchen/check';

export type ParsedCalls = { ok: true; calls: ToolCallRequest[] } | { ok: false; message: string };

const EXAMPLE = `--call 'roll_dice={"count": 3}'`;

export function parseCheckCalls(words: readonly string[]): ParsedCalls {
  const calls: ToolCallRequest[] = [];
  for (const word of words) {
    const separator = word.indexOf('=');
    const tool = (separator < 0 ? word : word.slice(0, separator)).trim();
    if (tool === '')
      return { ok: false, message: `kitchen check: --call ${JSON.stringify(word)} names no tool; use ${EXAMPLE}` };
    if (separator < 0) {
      calls.push({ tool, arguments: {} });
      continue;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(word.slice(separator + 1));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return {
        ok: false,
        message: `kitchen check: --call ${tool}=…: the arguments are not JSON (${why}); use ${EXAMPLE}`,
      };
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      return {
        ok: false,
        message: `kitchen check: --call ${tool}=…: the arguments must be a JSON object; use ${EXAMPLE}`,
      };
    }
    calls.push({ tool, arguments: parsed as Record<string, unknown> });
  }
  return { ok: true, calls };
}
