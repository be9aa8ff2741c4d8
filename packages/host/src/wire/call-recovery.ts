// What the host does when the connection under a tools/call dies before any answer: a replica
// behind a load balancer was killed, or its session went with it. Host side, at the wire: a call
// whose tool is safe to repeat is sent again (on a new session in 2025-11-25); any other is
// reported as not answered, never repeated, because it may already have had its effect.

import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ToolAnnotations } from '../tool-types.js';

/** Sends of one call after its connection died: one is enough for one lost replica; two for bad luck. */
export const MAX_CALL_RETRIES = 2;

/** How the connection under a call was lost, in neutral words and what it implies. */
export interface LostConnection {
  detail: string;
  /** The session is gone (2025-11-25): the server, or the replica the balancer now picks, does not know it. */
  sessionGone: boolean;
  /** 'no': refused before it ran (HTTP 404, or 400 naming the session, for the call itself). 'maybe': it broke or was cut off on the way. */
  ran: 'no' | 'maybe';
}

/** The error an aborted call is given when the host learns its session is gone (see Toolbox). */
export class SessionLostError extends Error {
  override readonly name = 'SessionLostError';
  /** True when the loss was known before the call was sent: it was not run. */
  readonly beforeSend: boolean;
  constructor(message: string, options: { beforeSend?: boolean } = {}) {
    super(message);
    this.beforeSend = options.beforeSend ?? false;
  }
}

/** A tool the server says is read-only or idempotent: calling it twice is the same as once. */
export function isSafeToRepeat(annotations: ToolAnnotations): boolean {
  return annotations.readOnlyHint === true || annotations.idempotentHint === true;
}

/**
 * The lost connection behind a failed call, or undefined when the failure is an answer (a
 * JSON-RPC error, a refusal, a timeout) that sending the call again would not change.
 */
export function lostConnection(error: unknown): LostConnection | undefined {
  const noAnswer = (detail: string): LostConnection => ({ detail, sessionGone: false, ran: 'maybe' });
  if (error instanceof SessionLostError) {
    return { detail: error.message, sessionGone: true, ran: error.beforeSend ? 'no' : 'maybe' };
  }
  const status = httpStatusOf(error);
  if (status !== undefined && refusesSession(status, error instanceof Error ? error.message : '')) {
    return { detail: `the server does not know the session (HTTP ${status})`, sessionGone: true, ran: 'no' };
  }
  // What a load balancer answers when the replica it chose died or none is left.
  if (status === 502 || status === 503 || status === 504) {
    return noAnswer(`the server answered HTTP ${status} instead of the tool's result`);
  }
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
    return noAnswer(`the connection closed before the answer (${error.message.replace(/^MCP error -?\d+: /, '')})`);
  }
  if (error instanceof TypeError && /fetch failed|terminated/.test(error.message)) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return noAnswer(`the connection failed (${cause?.code ?? cause?.message ?? error.message})`);
  }
  if (error instanceof Error && /SSE stream disconnected|ECONNRESET|ECONNREFUSED|socket hang up/.test(error.message)) {
    return noAnswer(`the connection broke (${error.message})`);
  }
  return undefined;
}

/**
 * An answer that means "I do not know your session": 404, as the specification says, or 400 with
 * a body that speaks of the session, as servers built on the SDK's examples answer (the reference
 * "everything" server says "Bad Request: No valid session ID provided"). A 400 about anything
 * else (a malformed request) is an answer, not a lost session.
 */
export function refusesSession(status: number, message: string): boolean {
  return status === 404 || (status === 400 && /session/i.test(message));
}

/** The HTTP status of a refused request, from either era's client (v1 StreamableHTTPError, v2 SdkError). */
function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof StreamableHTTPError) return error.code;
  const data = (error as { data?: { status?: unknown } } | undefined)?.data;
  if (typeof data?.status === 'number') return data.status;
  const match = error instanceof Error ? /\bHTTP (\d{3})\b/.exec(error.message) : null;
  return match?.[1] === undefined ? undefined : Number(match[1]);
}
