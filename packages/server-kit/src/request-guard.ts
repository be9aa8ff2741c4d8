// Decides who may talk to a served MCP server: Host header (DNS rebinding), Origin header (web
// pages in a browser) and an optional bearer token. Server side; pure, so it is tested directly.

import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { type HttpRejection, JsonRpcErrorCode } from './json-rpc-error.js';

const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

export interface RequestGuardPolicy {
  /** Server name, used in messages and the WWW-Authenticate realm. */
  name: string;
  /** The address the server is bound to. */
  host: string;
  /** The port it actually listens on (known after listen). */
  port: number;
  /** The URL clients should use, quoted in the Host refusal. */
  url: string;
  /** Extra origins to accept besides loopback ones, e.g. "http://example.test:5173". */
  allowedOrigins: readonly string[];
  bearerToken?: string;
}

/**
 * Returns why the request is refused, or undefined when it may go on.
 *
 * Stricter than the SDK's own helpers, on purpose. SDK 1.32.2's `createMcpExpressApp()` checks the
 * Host header only when bound to a loopback name (bound to 0.0.0.0 it just prints a warning),
 * compares the hostname without the port, and never looks at Origin: a page on evil.example got
 * 200. The transport's own `allowedHosts`/`allowedOrigins` are deprecated, off by default, and
 * compare exact strings. A web page can reach a loopback port in two ways: DNS rebinding (its own
 * name resolves to 127.0.0.1, so its Host is wrong: caught by checkHost) and a plain cross-site
 * request (its Host is right, only its Origin gives it away: caught by checkOrigin). So every
 * request on every bind address passes both checks, the Host with the exact port.
 */
export function guardRequest(headers: IncomingHttpHeaders, policy: RequestGuardPolicy): HttpRejection | undefined {
  return (
    checkHost(headers.host, policy) ??
    checkOrigin(headers.origin, policy) ??
    checkBearerToken(headers.authorization, policy)
  );
}

/** True for an address only this machine can reach: 127.0.0.0/8, ::1, localhost. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').replace(/^::ffff:/i, '');
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** Formats a host for a URL or Host header: IPv6 literals get brackets. */
export function hostForUrl(host: string): string {
  if (WILDCARD_HOSTS.has(host)) return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function forbidden(message: string): HttpRejection {
  return { status: 403, code: JsonRpcErrorCode.serverError, message: `Forbidden: ${message}` };
}

// A browser page on evil.example can resolve its own name to 127.0.0.1 (DNS rebinding); its
// requests then carry "Host: evil.example:PORT", which is how we tell them apart.
function checkHost(hostHeader: string | undefined, policy: RequestGuardPolicy): HttpRejection | undefined {
  const fix = `Connect through ${policy.url} instead.`;
  if (!hostHeader) return forbidden(`the request has no Host header. ${fix}`);
  let parsed: URL;
  try {
    parsed = new URL(`http://${hostHeader}`);
  } catch {
    return forbidden(`Host ${hostHeader} is not a valid host. ${fix}`);
  }
  const allowedNames = new Set(LOOPBACK_HOSTNAMES);
  if (!WILDCARD_HOSTS.has(policy.host)) allowedNames.add(hostForUrl(policy.host));
  const port = parsed.port === '' ? 80 : Number(parsed.port);
  if (!allowedNames.has(parsed.hostname) || port !== policy.port) {
    return forbidden(`Host ${hostHeader} is not allowed (DNS rebinding protection). ${fix}`);
  }
  return undefined;
}

// Browsers send Origin on cross-site requests; tools like curl and MCP clients in Node send none.
function checkOrigin(origin: string | undefined, policy: RequestGuardPolicy): HttpRejection | undefined {
  if (origin === undefined) return undefined;
  if (isLoopbackOrigin(origin)) return undefined;
  const normalized = normalizeOrigin(origin);
  if (normalized !== undefined && policy.allowedOrigins.some((allowed) => normalizeOrigin(allowed) === normalized)) {
    return undefined;
  }
  return forbidden(`Origin ${origin} is not allowed. Serve with --allow-origin ${origin} to permit it.`);
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    const parsed = new URL(origin);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && LOOPBACK_HOSTNAMES.has(parsed.hostname);
  } catch {
    return false;
  }
}

/** The canonical form of an origin ("HTTP://Example.test:80" → "http://example.test"), or undefined. */
export function normalizeOrigin(origin: string): string | undefined {
  try {
    const parsed = new URL(origin);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return parsed.origin;
  } catch {
    return undefined;
  }
}

function checkBearerToken(authorization: string | undefined, policy: RequestGuardPolicy): HttpRejection | undefined {
  if (policy.bearerToken === undefined) return undefined;
  const challenge = { 'WWW-Authenticate': `Bearer realm="${policy.name}"` };
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (presented === undefined) {
    return {
      status: 401,
      code: JsonRpcErrorCode.serverError,
      message: `Unauthorized: "${policy.name}" needs a bearer token. Send the header "Authorization: Bearer <token>" with the token the server was started with (--token or KITCHEN_TOKEN).`,
      headers: challenge,
    };
  }
  if (!sameSecret(presented, policy.bearerToken)) {
    return {
      status: 401,
      code: JsonRpcErrorCode.serverError,
      message: `Unauthorized: the bearer token does not match the one "${policy.name}" was started with (--token or KITCHEN_TOKEN).`,
      headers: { 'WWW-Authenticate': `Bearer realm="${policy.name}", error="invalid_token"` },
    };
  }
  return undefined;
}

// Hashing first gives equal lengths, so the comparison time does not reveal the token's length.
function sameSecret(presented: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
