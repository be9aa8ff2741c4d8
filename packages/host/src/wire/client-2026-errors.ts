// The v2 client's errors, put in the terms the 2025 path already words. Host side, at the wire: a
// server's JSON-RPC error is the same error in both eras, so it becomes the v1 McpError that
// remote-tool-call.ts describes; what only the v2 client raises (too many input_required rounds, a
// result it cannot read, an HTTP failure without a session) gets its own sentence here. A connect
// that required revision 2026-07-28 and did not get it becomes a typed error naming the fix.

import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describeError, type KitchenError, ServerRefusedError, ServerUnreachableError } from '../errors.js';

/**
 * A failure already worded for the model: `sentence` ends a sentence that starts with the tool and
 * server names ("Tool "x" on server "y" …"). The original error is kept as `cause`.
 */
export class DescribedCallFailure extends Error {
  constructor(
    readonly sentence: string,
    cause: unknown,
  ) {
    super(sentence, { cause });
    this.name = 'DescribedCallFailure';
  }
}

export function asHostCallError(error: unknown): unknown {
  // The client's own check of a result that does not have the shape MCP gives it.
  if (error instanceof ProtocolError && /^Invalid [\w/]+ result/.test(error.message)) return unreadable(error);
  if (error instanceof ProtocolError) return new McpError(error.code, error.message, error.data);
  if (error instanceof SdkHttpError) {
    return new DescribedCallFailure(
      `could not be called: the server answered HTTP ${error.status} (${error.message}). Check the server's own log for the reason; try again or tell the user.`,
      error,
    );
  }
  if (!(error instanceof SdkError)) return error;
  switch (error.code) {
    case SdkErrorCode.RequestTimeout:
      return new McpError(ErrorCode.RequestTimeout, error.message, error.data);
    case SdkErrorCode.ConnectionClosed:
      return new McpError(ErrorCode.ConnectionClosed, error.message, error.data);
    case SdkErrorCode.InputRequiredRoundsExceeded:
      return new DescribedCallFailure(
        `did not finish: the server kept asking for more input (${describeRounds(error.data)}), so the host stopped answering. The server may be stuck in a loop; do not retry the same call, tell the user.`,
        error,
      );
    case SdkErrorCode.InvalidResult:
    case SdkErrorCode.UnsupportedResultType:
      return unreadable(error);
    case SdkErrorCode.SendFailed:
    case SdkErrorCode.NotConnected:
      return new DescribedCallFailure(
        `could not be called: the server did not answer (${describeError(error.cause ?? error)}). It may have stopped; try again later or tell the user.`,
        error,
      );
    default:
      return error;
  }
}

function unreadable(error: Error): DescribedCallFailure {
  const detail = error.message.length > 300 ? `${error.message.slice(0, 300)}…` : error.message;
  return new DescribedCallFailure(
    `answered with a result the host cannot read, which breaks the protocol (found by the host's check of the result: ${detail}). Tell the user; the server needs fixing.`,
    error,
  );
}

function describeRounds(data: unknown): string {
  const rounds = (data as { rounds?: unknown } | undefined)?.rounds;
  return typeof rounds === 'number' ? `${rounds} rounds of input_required in a row` : 'input_required again and again';
}

/**
 * Why a server that was required to speak 2026-07-28 is not connected: it cannot be reached, or it
 * answered without offering that revision (then the error says what it offered and the fix).
 */
export function connectError2026(server: string, where: string, error: unknown): KitchenError {
  const fix = `Set protocol: "auto" for it (2026-07-28 where offered, else 2025-11-25) or "2025-11-25", or run a version of the server that speaks 2026-07-28.`;
  if (error instanceof SdkHttpError && (error.status === 401 || error.status === 403)) {
    return new ServerRefusedError(
      server,
      where,
      `HTTP ${error.status} on server/discover (${error.message})`,
      'Pass the credentials it wants in headers (e.g. authorization: "Bearer <token>") for this server.',
      { status: error.status, cause: error },
    );
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return new ServerUnreachableError(
      server,
      where,
      'it accepted the connection but never answered server/discover',
      error,
    );
  }
  const offered = offeredVersions(error);
  if (offered !== undefined || isRefusedProbe(error)) {
    return new ServerRefusedError(
      server,
      where,
      `it does not speak MCP revision 2026-07-28, which its protocol setting requires (${offered === undefined ? `it answered server/discover without offering it, as a server that speaks only 2025-11-25 or older does: ${describeError(error)}` : `it offers ${offered}`})`,
      fix,
      { cause: error, ...(error instanceof ProtocolError ? { status: error.code } : {}) },
    );
  }
  // A command that could not start, or exited: running it alone shows why.
  const runAlone = where.startsWith('stdio: ')
    ? `Run the command alone to see why: ${where.slice('stdio: '.length)}`
    : undefined;
  return new ServerUnreachableError(server, where, describeError(error), error, runAlone);
}

/** The revisions a server named when it turned the probe down (-32022 carries `supported`). */
function offeredVersions(error: unknown): string | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const supported = (cause as { data?: { supported?: unknown } }).data?.supported;
    if (Array.isArray(supported) && supported.length > 0) return supported.join(', ');
  }
  return undefined;
}

/** The server answered the probe, just not with 2026-07-28 (as opposed to not answering at all). */
function isRefusedProbe(error: unknown): boolean {
  if (error instanceof ProtocolError) return true;
  if (error instanceof SdkHttpError) return true;
  return (
    error instanceof SdkError &&
    error.code === SdkErrorCode.EraNegotiationFailed &&
    !/fetch failed|ECONNREFUSED/.test(String(error.cause ?? error.message))
  );
}
