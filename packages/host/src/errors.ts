// Typed errors for the host's callers. Host side. Tool failures never use these: they are data
// (a ToolOutcome). These are for bugs and for whoever sets up or runs the whole kitchen.

import type { ErrorReport } from './loop-event.js';

/** The one base class: `code` is a stable string a caller can switch on. */
export class KitchenError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** Something went wrong on the host's side of the wire: a bad option, nobody answering. */
export class LocalError extends KitchenError {}

/** A peer answered over the wire, and the answer was no (an HTTP error status or a JSON-RPC error). */
export class ProtocolError extends KitchenError {
  readonly server: string;
  /** The JSON-RPC error code or HTTP status the peer answered with, when it gave one. */
  readonly status: number | undefined;

  constructor(code: string, message: string, details: { server: string; status?: number; cause?: unknown }) {
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
    ...(stack === undefined ? {} : { stack }),
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
