// Turns a failed connect to a server into a typed error that names the server, the URL and the
// fix. Host side: this is the first thing a person sees when a server is not running.

import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describeError, type KitchenError, ServerRefusedError, ServerUnreachableError } from '../errors.js';
import { AuthorizationFailedError } from './oauth/oauth-session.js';

/** `stderrTail`: what a stdio server last wrote to stderr, usually the reason it stopped. */
export function connectionError(server: string, url: string, error: unknown, stderrTail: string[] = []): KitchenError {
  if (url.startsWith('stdio: ')) return stdioFailure(server, url, error, stderrTail);
  if (error instanceof StreamableHTTPError) return httpRefusal(server, url, error);
  if (error instanceof AuthorizationFailedError) {
    return new ServerRefusedError(
      server,
      url,
      `it asks for OAuth authorization, which did not complete (${error.message})`,
      'Open the authorization page shown for it and allow access, or check its authorization server.',
      { cause: error },
    );
  }
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return new ServerUnreachableError(server, url, 'it accepted the connection but never answered initialize', error);
  }
  if (error instanceof McpError) {
    return new ServerRefusedError(
      server,
      url,
      `initialize failed (${error.message})`,
      'Check that it is an MCP server speaking protocol revision 2025-11-25.',
      { status: error.code, cause: error },
    );
  }
  return new ServerUnreachableError(server, url, describeError(error), error);
}

function httpRefusal(server: string, url: string, error: StreamableHTTPError): ServerRefusedError {
  const status = error.code;
  const refuse = (reason: string, fix: string) =>
    new ServerRefusedError(server, url, reason, fix, { status, cause: error });
  switch (status) {
    case 401:
      return refuse(
        'HTTP 401, it wants a bearer token',
        'Pass headers: { authorization: "Bearer <token>" } for this server.',
      );
    case 403:
      return refuse(
        'HTTP 403, it refused the Host or Origin header or the token',
        'Connect through 127.0.0.1 or localhost as the server expects, and check the token.',
      );
    case 404:
      return refuse(
        'HTTP 404, nothing serves MCP at that path',
        'Check the path in the URL (MCP servers commonly serve /mcp).',
      );
    default: {
      // -32022: the server speaks only newer revisions and names them (a 2026-07-28-only server).
      const supported = /"code":-32022.*"supported":\[([^\]]*)\]/.exec(error.message)?.[1];
      if (supported !== undefined) {
        return refuse(
          `it speaks only MCP revision ${supported.replaceAll('"', '')} and refused 2025-11-25`,
          'Set protocol: "auto" or "2026-07-28" for this server, so the host speaks that revision with it.',
        );
      }
      return refuse(`HTTP ${status ?? 'error'} (${error.message})`, "Check the server's own log for the reason.");
    }
  }
}

function stdioFailure(server: string, where: string, error: unknown, stderrTail: string[]): KitchenError {
  const said = stderrTail.at(-1);
  const lastWords = said === undefined ? '' : `; it last wrote: ${said}`;
  const fix = `Run the command alone to see why: ${where.slice('stdio: '.length)}`;
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return new ServerUnreachableError(
      server,
      where,
      `it started but never answered initialize on stdout${lastWords}`,
      error,
      fix,
    );
  }
  if (error instanceof McpError && error.code !== ErrorCode.ConnectionClosed) {
    return new ServerRefusedError(server, where, `initialize failed (${error.message})${lastWords}`, fix, {
      status: error.code,
      cause: error,
    });
  }
  // ENOENT from spawn, or the process exiting before the handshake.
  return new ServerUnreachableError(server, where, `${describeError(error)}${lastWords}`, error, fix);
}
