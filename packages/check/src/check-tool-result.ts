// Calls one tool the person named and checks what came back: its size against common host caps,
// content against structuredContent, structuredContent against the output schema, and what the
// model receives from the kitchen for it. Host side. Only tools named by the person are called.

import { AgentTree, estimateTokens, recordToolCall, type ServerConnection, withDefined } from '@kitchen/host';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Finding } from './finding.js';
import { resultFindings } from './rules/result-rules.js';
import { type CheckTarget, type Era, isCommandTarget } from './server-offer.js';

export interface ToolCallRequest {
  tool: string;
  arguments: Record<string, unknown>;
}

export interface ToolResultCheck {
  tool: string;
  /** The revision the call was made in. */
  era: Era;
  arguments: Record<string, unknown>;
  isError: boolean;
  /** The result as the server sent it; undefined when no answer came. */
  result?: CallToolResult;
  /** The text the kitchen gives the model for this result (before its length cap). */
  modelText: string;
  /** Estimated tokens of modelText. */
  modelTokens: number;
  /** The most of one result the kitchen's model reads, in characters (its default seatbelt). */
  kitchenMaxChars: number;
  durationMs: number;
}

/** The kitchen's default seatbelts: the cap on one tool result the model reads. */
export function kitchenMaxResultChars(): number {
  return new AgentTree().limits.maxResultChars;
}

/** The target as a host's server entry, pinned to one revision. */
export function serverConnectionFor(target: CheckTarget, era: Era): ServerConnection {
  if (isCommandTarget(target)) {
    return {
      name: target.name,
      command: target.command,
      protocol: era,
      ...withDefined({ args: target.args, env: target.env, cwd: target.cwd }),
    };
  }
  return {
    name: target.name,
    url: target.url,
    protocol: era,
    ...withDefined({ headers: target.headers }),
  };
}

export async function checkToolCall(
  target: CheckTarget,
  request: ToolCallRequest,
  tool: Tool | undefined,
  timeoutMs: number,
  era: Era,
): Promise<{ check: ToolResultCheck; findings: Finding[] }> {
  // The host's own by-hand call: a session of its own in `era`, every message kept, the result
  // read as the model reads it.
  const recorded = await recordToolCall(serverConnectionFor(target, era), request.tool, request.arguments, {
    timeoutMs,
    clientName: 'mcp-kitchen-check',
  });
  const result = rawResult(recorded.messages.map((message) => message.message));
  const check: ToolResultCheck = {
    tool: request.tool,
    era,
    arguments: request.arguments,
    isError: recorded.outcome.isError,
    ...withDefined({ result }),
    modelText: recorded.outcome.content,
    modelTokens: estimateTokens(recorded.outcome.content),
    kitchenMaxChars: kitchenMaxResultChars(),
    durationMs: recorded.durationMs,
  };
  return { check, findings: resultFindings(check, tool) };
}

/** The tools/call answer among the session's messages. */
function rawResult(messages: ReadonlyArray<Record<string, unknown>>): CallToolResult | undefined {
  const call = messages.find((message) => message.method === 'tools/call');
  if (call === undefined) return undefined;
  const answer = messages.find((message) => message.id === call.id && 'result' in message);
  return answer?.result as CallToolResult | undefined;
}
