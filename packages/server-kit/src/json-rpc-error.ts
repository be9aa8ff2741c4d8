// JSON-RPC shaped error replies for the HTTP edge of a server: what a client sees when a request
// is refused before it ever reaches the MCP server. Server side.

import type { ServerResponse } from 'node:http';

/** JSON-RPC error codes used at the HTTP edge (the MCP SDK uses the same ones). */
export const JsonRpcErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  serverError: -32000,
  sessionNotFound: -32001,
} as const;

/** A refusal decided before the MCP server sees the request. */
export interface HttpRejection {
  status: number;
  code: number;
  message: string;
  headers?: Record<string, string>;
  /** The id of the request refused, when it could be read; null otherwise. */
  id?: string | number | null;
}

/** Writes `rejection` as `{"jsonrpc":"2.0","error":{code,message},"id":null}` (or the refused request's id). */
export function sendJsonRpcError(response: ServerResponse, rejection: HttpRejection): void {
  if (response.headersSent) {
    // The SSE stream already started: the only honest thing left is to end it.
    response.end();
    return;
  }
  const body = JSON.stringify({
    jsonrpc: '2.0',
    error: { code: rejection.code, message: rejection.message },
    id: rejection.id ?? null,
  });
  response.writeHead(rejection.status, {
    ...rejection.headers,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(body);
}
