// Turns an absolute-form request target (`POST http://127.0.0.1:PORT/mcp HTTP/1.1`) into the
// origin form the rest of the kit and both SDKs expect. Servers must accept it (RFC 9112 §3.2.2),
// and the v2 SDK's node adapter glues the Host header in front of whatever target it is given, so
// an absolute one made an invalid URL and a 500. Server side.

import type { IncomingMessage } from 'node:http';
import { type HttpRejection, JsonRpcErrorCode } from './json-rpc-error.js';

/**
 * Rewrites `request.url` to path and query, and its Host header to the target's authority: the
 * RFC says a server must use the target's host and ignore the Host header, so the Host check
 * then judges the host the client actually named. Returns a refusal for a target that is
 * neither a path nor an http(s) URL; origin-form and `*` pass untouched.
 */
export function toOriginForm(request: IncomingMessage): HttpRejection | undefined {
  const target = request.url ?? '/';
  if (target.startsWith('/') || target === '*') return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(target);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.host === '') {
    return {
      status: 400,
      code: JsonRpcErrorCode.serverError,
      message: `Bad Request: the request target ${JSON.stringify(target.slice(0, 100))} is neither a path nor an http URL; send "POST /mcp HTTP/1.1".`,
    };
  }
  request.url = `${parsed.pathname}${parsed.search}`;
  request.headers.host = parsed.host;
  // The SDKs read headers, rawHeaders or both: [name, value, name, value…].
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    if (request.rawHeaders[index]?.toLowerCase() === 'host') request.rawHeaders[index + 1] = parsed.host;
  }
  return undefined;
}
