// Typed errors for the host's callers. Host side. Tool failures never use these: they are data
// (a ToolOutcome). These are for bugs and for whoever sets up or runs the whole kitchen.

import type { ErrorReport } from './loop-event.js';
import { withDefined } from './with-defined.js';

/**
 * Errors on the host's side of the wire: the host (or the model's transport) failed before any
 * peer said no. One line per code.
 */
export type LocalErrorCode =
  /** An option given to the host is wrong; the message names the field and the fix. */
  | 'invalid-configuration'
  /** A gate rule (from a file, a setting, a short form) cannot be used. */
  | 'gate-rule-invalid'
  /** No MCP server answered at the URL (refused, unknown host, timed out). */
  | 'server-unreachable'
  /** The model API did not answer in time, even after retries. */
  | 'model-timeout'
  /** The model API could not be reached (network, DNS, refused). */
  | 'model-unreachable'
  /** The caller aborted a model call through its signal. */
  | 'model-aborted'
  /** A replay model was asked for a response its trace does not hold. */
  | 'replay-exhausted'
  /** A TreeBudget was handed a reservation it did not make (a bug in the caller). */
  | 'budget-unknown-reservation'
  /** A TreeBudget reservation was settled or released twice (a bug in the caller). */
  | 'budget-reservation-closed'
  /** A TreeBudget was given a negative or fractional token count (a bug in the caller). */
  | 'invalid-token-count';

/** Errors a peer sent over the wire: an MCP server or the model API answered, and the answer was no. */
export type ProtocolErrorCode =
  /** An MCP server answered at the URL but refused to open a session (HTTP status or JSON-RPC error). */
  | 'server-refused'
  /** The model API rejected the key (401). */
  | 'model-authentication'
  /** The key may not use the model (403). */
  | 'model-permission'
  /** The model API does not know the model (404). */
  | 'model-not-found'
  /** The model API refused the request as malformed or too large (400, 413, 422). */
  | 'model-bad-request'
  /** The model API is rate limiting the key (429), still after retries. */
  | 'model-rate-limited'
  /** The model API is overloaded (529), still after retries. */
  | 'model-overloaded'
  /** The model API failed (5xx), still after retries. */
  | 'model-server-error'
  /** The model API answered with another error status. */
  | 'model-api-error'
  /** The model API's reply is not a Messages API message (bad JSON, missing or mistyped fields). */
  | 'model-bad-response';

/** Every code a KitchenError can carry: a closed union, so a caller's switch can be exhaustive. */
export type KitchenErrorCode = LocalErrorCode | ProtocolErrorCode;

/** The code of an ErrorReport: a KitchenError's own, or `unexpected`. */
export type ErrorReportCode =
  | KitchenErrorCode
  /** Anything else that was thrown: a bug below the host's own errors. */
  | 'unexpected';

/** The one base class: `code` is a stable string a caller can switch on. */
export class KitchenError extends Error {
  readonly code: KitchenErrorCode;

  constructor(code: KitchenErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** Something went wrong on the host's side of the wire: a bad option, nobody answering. */
export class LocalError extends KitchenError {
  declare readonly code: LocalErrorCode;

  constructor(code: LocalErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

/** A peer answered over the wire, and the answer was no (an HTTP error status or a JSON-RPC error). */
export class ProtocolError extends KitchenError {
  declare readonly code: ProtocolErrorCode;
  readonly server: string;
  /** The JSON-RPC error code or HTTP status the peer answered with, when it gave one. */
  readonly status: number | undefined;

  constructor(code: ProtocolErrorCode, message: string, details: { server: string; status?: number; cause?: unknown }) {
    super(code, message, { cause: details.cause });
    this.server = details.server;
    this.status = details.status;
  }
}

/** No MCP server answered at the URL (refused, unknown host, timed out). */
export class ServerUnreachableError extends LocalError {
  readonly server: string;
  readonly url: string;

  /** `fix` replaces the default advice (which is about a URL) for servers reached another way. */
  constructor(server: string, url: string, reason: string, cause?: unknown, fix?: string) {
    super(
      'server-unreachable',
      `Could not reach MCP server "${server}" at ${url}: ${reason}. ${fix ?? 'Is it running and listening on that URL?'}`,
      { cause },
    );
    this.server = server;
    this.url = url;
  }
}

/** Something answered at the URL but refused to open an MCP session. */
export class ServerRefusedError extends ProtocolError {
  readonly url: string;

  constructor(server: string, url: string, reason: string, fix: string, details: { status?: number; cause?: unknown }) {
    super('server-refused', `MCP server "${server}" at ${url} refused the connection: ${reason}. ${fix}`, {
      server,
      ...details,
    });
    this.url = url;
  }
}

/** The list of servers or an option given to the host is wrong; the message names the field and the fix. */
export class ConfigurationError extends LocalError {
  constructor(message: string) {
    super('invalid-configuration', message);
  }
}

/** The code, words and stack of anything thrown, for events (the app shows the stack to developers). */
export function reportError(error: unknown): ErrorReport {
  const stack = error instanceof Error ? error.stack : undefined;
  return {
    code: error instanceof KitchenError ? error.code : 'unexpected',
    message: describeError(error),
    ...withDefined({ stack }),
  };
}

/** Best-effort text of anything thrown, for messages meant for people and models. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
