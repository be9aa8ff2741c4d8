// One tools/call to a server, turned into a ToolOutcome the model can read. Host side: "run a
// tool" is "make a request"; whatever goes wrong on the way (a refusal, an isError result, a dead
// server, a timeout, an abort) comes back as data, never as an exception.

import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describeError } from '../errors.js';
import { formatDuration } from '../limits/format-units.js';
import type { AppToolResult, ToolCallContext, ToolDescriptor, ToolOutcome } from '../tool-types.js';
import { withDefined } from '../with-defined.js';
import {
  isSafeToRepeat,
  type LostConnection,
  lostConnection,
  MAX_CALL_RETRIES,
  refusesSession,
  SessionLostError,
} from './call-recovery.js';
import { asHostCallError, DescribedCallFailure } from './client-2026-errors.js';
import { followSignal } from './fast-path/follow-signal.js';
import { readToolResult } from './tool-result-content.js';

/** One tools/call on the server's client, whichever era's client it is. */
export type CallTool = (
  params: { name: string; arguments: Record<string, unknown> },
  options: {
    signal: AbortSignal;
    timeout: number;
    resetTimeoutOnProgress: boolean;
    onprogress: (progress: { progress: number; total?: number; message?: string }) => void;
  },
) => Promise<CallToolResult | { toolResult: unknown }>;

export interface RemoteCall extends CallTarget {
  tool: ToolDescriptor;
  input: Record<string, unknown>;
  context: ToolCallContext;
  /** No answer and no progress for this long ends the call (progress restarts the clock). */
  timeoutMs: number;
  /** Aborted, with the reason as an Error, when the server's process is known to have stopped. */
  serverStopped?: AbortSignal;
  /** The local tool that reads resources, named to the model beside a resource link; none if not offered. */
  readResourceTool?: string;
  /** How to carry on when the connection dies before an answer; without it the call just fails. */
  recovery?: CallRecovery;
}

/** Where a call is sent: the server's client, and the signal that says its session is gone. */
export interface CallTarget {
  callTool: CallTool;
  /** Aborted (with a SessionLostError) when the host learns the session is gone (2025-11-25 only). */
  sessionLost?: AbortSignal;
}

/** A server that can be reached again after a lost connection (see call-recovery.ts). */
export interface CallRecovery {
  /**
   * Gets the server ready for another send after `lost` (opens a new session when the old one is
   * gone) and says where to send; undefined when the server cannot be reached again.
   */
  reconnect(lost: LostConnection): Promise<(CallTarget & { newSession: boolean }) | undefined>;
}

export async function callRemoteTool(call: RemoteCall): Promise<ToolOutcome> {
  const { tool, context, recovery } = call;
  let target: CallTarget = call;
  for (let retries = 0; ; retries += 1) {
    const sent = await sendOnce({ ...call, callTool: target.callTool, sessionLost: target.sessionLost });
    if (sent.kind === 'outcome') return sent.outcome;
    const lost = recovery === undefined ? undefined : lostConnection(sent.error);
    if (lost === undefined || recovery === undefined) return sent.failure;
    const who = `Tool "${tool.name}" on server "${tool.server}"`;
    if (!isSafeToRepeat(tool.annotations)) {
      // It may have had its effect already: sending it again could do its work twice. Only a lost
      // session is replaced, so the server's next calls work; the model decides about this one.
      if (!lost.sessionGone) return sent.failure;
      const reopened = await recovery.reconnect(lost).catch(() => undefined);
      if (reopened === undefined) return sent.failure;
      const ran = lost.ran === 'no' ? 'it was not run' : 'it may or may not have run';
      const advice =
        lost.ran === 'no' ? 'call it again if it is still needed' : 'check its effect before calling it again';
      return {
        isError: true,
        content: `${who} got no answer: ${lost.detail}; ${ran}. The host opened a new session but did not send the call again, because the tool is not marked read-only or idempotent: ${advice}.`,
      };
    }
    if (retries >= MAX_CALL_RETRIES) {
      return { isError: true, content: `${who} got no answer: ${lost.detail}, ${retries + 1} times. Tell the user.` };
    }
    const next = await recovery.reconnect(lost).catch(() => undefined);
    if (next === undefined) return sent.failure;
    context.emit({
      type: 'tool-retry',
      agent: context.agent.id,
      callId: context.callId,
      tool: tool.name,
      server: tool.server,
      attempt: retries + 1,
      reason: lost.detail,
      newSession: next.newSession,
    });
    target = next;
  }
}

type Sent = { kind: 'outcome'; outcome: ToolOutcome } | { kind: 'failed'; error: unknown; failure: ToolOutcome };

/** One send of the call: an outcome when it was answered, or the error with its outcome when not. */
async function sendOnce({
  callTool,
  tool,
  input,
  context,
  timeoutMs,
  serverStopped,
  readResourceTool,
  sessionLost,
}: RemoteCall): Promise<Sent> {
  const who = `Tool "${tool.name}" on server "${tool.server}"`;
  if (sessionLost?.aborted && !context.signal.aborted) {
    const reason = sessionLost.reason instanceof Error ? sessionLost.reason.message : 'the session is gone';
    const error = new SessionLostError(reason, { beforeSend: true });
    return { kind: 'failed', error, failure: { isError: true, content: `${who} was not sent: ${reason}.` } };
  }
  // A controller per call that follows the run's signal only while the call is in flight. The SDK
  // adds an abort listener to the signal it is given and never removes it: handed the run's signal
  // (or one derived from it), every finished call would stay in memory until the run ends, and the
  // run's final abort would send notifications/cancelled for calls answered long ago.
  // It follows each signal through one listener that every call in flight shares (16 workers'
  // turns at once are expected), not a listener added and removed per call.
  const call = new AbortController();
  const unfollow = [context.signal, serverStopped, sessionLost].map((signal) =>
    // A signal that had already fired before the call was sent is the caller's to act on, as before.
    signal === undefined || (signal !== context.signal && signal.aborted) ? undefined : followSignal(signal, call),
  );
  const outcome = (value: ToolOutcome): Sent => ({ kind: 'outcome', outcome: value });
  try {
    const result = await callTool(
      { name: tool.originalName, arguments: input },
      {
        signal: call.signal,
        timeout: timeoutMs,
        resetTimeoutOnProgress: true,
        // Passing onprogress is also what gives the server a progress token to report against.
        onprogress: ({ progress, total, message }) =>
          context.emit({
            type: 'progress',
            agent: context.agent.id,
            callId: context.callId,
            tool: tool.name,
            progress,
            ...withDefined({ total, message }),
          }),
      },
    );
    // Only pre-2024-11-05 servers answer with the old { toolResult } shape.
    if (!hasContent(result)) return outcome({ isError: false, content: JSON.stringify(result.toolResult) });
    const read = readToolResult(result, {
      server: tool.server,
      ...withDefined({ readResourceTool }),
    });
    const text = read.text;
    // Only a tool with an App, or a call an App made, keeps the whole result (events and traces stay small).
    const appResult = tool.app === undefined && context.forApp !== true ? {} : { appResult: keptForApp(result) };
    if (!result.isError) {
      return outcome({
        isError: false,
        content: text,
        ...(read.images.length === 0 ? {} : { images: read.images }),
        ...(read.attachments.length === 0 ? {} : { attachments: read.attachments }),
        ...appResult,
      });
    }
    // The v1 SDK server reports bad arguments as an isError result carrying a JSON-RPC error text.
    const badOutput = /^MCP error -32602: Output validation error: (.*)$/s.exec(text);
    if (badOutput) {
      return outcome({
        isError: true,
        content: `${who} answered, but its result does not match the tool's own output schema (the server's check; the arguments were accepted): ${badOutput[1] ?? text}`,
      });
    }
    // The v2 SDK server (2026-07-28) sends the same text without the JSON-RPC prefix.
    const invalidParams = /^(?:MCP error -32602: )?(Input validation error.*)$/s.exec(text);
    if (invalidParams)
      return outcome({ isError: true, content: `${who} ${refusedArguments(invalidParams[1] ?? text)}` });
    return outcome({ isError: true, content: `${who} reported an error: ${text}`, ...appResult });
  } catch (error) {
    if (serverStopped?.aborted && !context.signal.aborted)
      return outcome({ isError: true, content: `${who} ${describeStop(serverStopped)}` });
    const failure = {
      isError: true,
      content: `${who} ${describeCallFailure(error, context.signal.aborted, timeoutMs)}`,
    };
    if (context.signal.aborted) return outcome(failure);
    // The session was declared lost while this call waited: the abort is the loss, not the run's.
    return { kind: 'failed', error: sessionLost?.aborted ? sessionLost.reason : error, failure };
  } finally {
    for (const stopFollowing of unfollow) stopFollowing?.();
  }
}

/** The end of a sentence that starts with the tool and server names, for a server whose process stopped. */
export function describeStop(stopped: AbortSignal): string {
  const reason = stopped.reason instanceof Error ? stopped.reason.message : String(stopped.reason);
  return `did not finish: the server stopped (${reason}). Its tools cannot be called until it is started again; tell the user.`;
}

/** The end of a sentence that starts with the tool and server names. */
function describeCallFailure(thrown: unknown, aborted: boolean, timeoutMs: number): string {
  if (aborted) return 'was cancelled because the run was aborted.';
  // The v2 client's errors (2026-07-28), in the terms this function words for both eras.
  const error = asHostCallError(thrown);
  if (error instanceof DescribedCallFailure) return error.sentence;
  if (error instanceof McpError) {
    const detail = error.message.replace(/^MCP error -?\d+: /, '');
    const checkedHere = clientSideFailure(detail);
    if (checkedHere !== undefined) return checkedHere;
    switch (error.code) {
      case ErrorCode.RequestTimeout:
        return `timed out: no answer and no progress for ${formatDuration(timeoutMs)}.`;
      case ErrorCode.ConnectionClosed:
        return `did not finish: ${detail}. The server may have stopped; try again or tell the user.`;
      case ErrorCode.InvalidParams:
        return refusedArguments(detail);
      case ErrorCode.MethodNotFound:
        return `could not be called: the server does not offer it (${detail}).`;
      case ErrorCode.UrlElicitationRequired:
        return `needs the user to open a link first (${describeLinks(error.data)}). Tell the user; once they have, the call can be tried again.`;
      default:
        return `failed with an error from the server: ${detail}.`;
    }
  }
  if (error instanceof StreamableHTTPError && error.code !== undefined && refusesSession(error.code, error.message)) {
    return `could not be called: the server no longer knows this session (HTTP ${error.code}), so it was probably restarted. Reconnect the toolbox.`;
  }
  if (error instanceof StreamableHTTPError) {
    return `could not be called: the server answered HTTP ${error.code ?? 'error'} (${error.message}).`;
  }
  if (error instanceof TypeError && error.message === 'fetch failed') return describeFetchFailure(error);
  return `failed: ${describeError(error)}.`;
}

/** Refused before anything was sent, or cut off on the way: only the second may have run. */
function describeFetchFailure(error: TypeError): string {
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  if (code === 'ECONNREFUSED') {
    return `could not be called: nothing answers at the server's address (${describeError(error)}). It has probably stopped; tell the user.`;
  }
  return `did not finish: the connection to the server broke before an answer (${describeError(error)}), so it may or may not have run. The server may have stopped; check the effect before calling it again, or tell the user.`;
}

/**
 * The SDK's client raises some errors itself, after the server answered or before anything is
 * sent: they are not the server's words, and not a sign that the arguments were wrong.
 */
function clientSideFailure(detail: string): string | undefined {
  if (/has an output schema but did not return structured content/.test(detail)) {
    return "answered, but broke its own contract: it declares an output schema and sent no structured content (found by the host's check of the result; the arguments were accepted).";
  }
  if (
    /^(Structured content does not match the tool's output schema|Failed to validate structured content)/.test(detail)
  ) {
    return `answered, but its structured result does not match the tool's declared output schema (found by the host's check of the result; the arguments were accepted): ${detail.replace(/\.$/, '')}.`;
  }
  if (/requires task-based execution/.test(detail)) {
    return 'must run as a task, which this host does not do, so it was not called.';
  }
  return undefined;
}

/** The links of a -32042 error (URL elicitation required), as "message: url" pairs. */
function describeLinks(data: unknown): string {
  const elicitations = (data as { elicitations?: unknown } | undefined)?.elicitations;
  if (!Array.isArray(elicitations) || elicitations.length === 0) return 'the server named none';
  return elicitations
    .map((item: { message?: unknown; url?: unknown }) => `${String(item.message ?? '')}: ${String(item.url ?? '')}`)
    .join('; ');
}

function refusedArguments(detail: string): string {
  return `was refused because of its arguments: ${detail.replace(/\.$/, '')}. Check the input against the tool's schema.`;
}

function hasContent(result: CallToolResult | { toolResult: unknown }): result is CallToolResult {
  return Array.isArray((result as { content?: unknown }).content);
}

function keptForApp(result: CallToolResult): AppToolResult {
  return {
    content: result.content,
    ...withDefined({ structuredContent: result.structuredContent, _meta: result._meta }),
    ...(result.isError === true ? { isError: true } : {}),
  };
}
