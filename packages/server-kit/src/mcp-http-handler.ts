// The HTTP side of an MCP endpoint, shared by serveMcp (plain node:http) and createMcpRouter
// (an express app): who may talk, the health and OAuth metadata routes, size limits, and which
// era answers: a 2026-07-28 request goes to a fresh server of its own, a 2025-11-25 one to its
// session (with the session limits). Framework-free: it takes node's request and response.
// Server side.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { DEFAULT_EVENT_STORE_LIMITS } from './bounded-event-store.js';
import { loadServingPlan, type ServingPlan } from './eras/serving-plan.js';
import { isInitializeMessage } from './in-flight-requests.js';
import { DEFAULT_MAX_JSON_DEPTH, valueNestsDeeperThan } from './json-depth.js';
import { type HttpRejection, JsonRpcErrorCode, sendJsonRpcError } from './json-rpc-error.js';
import type { SessionResumability } from './mcp-session.js';
import {
  checkOAuthBearer,
  type OAuthResourceOptions,
  protectedResourceMetadata,
  protectedResourceMetadataPath,
} from './oauth-protected-resource.js';
import { readJsonBody } from './read-json-body.js';
import { guardRequest, hostForUrl, isLoopbackHost, type RequestGuardPolicy } from './request-guard.js';
import { toOriginForm } from './request-target.js';
import { type BuildServer, PROTOCOL_ERAS, type ProtocolEraVersion, type ServerEventBus } from './served-server.js';
import { defaultSessionsPerClient } from './session-client.js';
import { createSessionEndpoint } from './session-endpoint.js';
import { SessionRegistry } from './session-registry.js';
import { createStructuredLog, type LogOptions, type StructuredLog } from './structured-log.js';

export const DEFAULT_IDLE_SESSION_MS = 10 * 60 * 1000;
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_MAX_SESSIONS = 200;
export const DEFAULT_RETRY_MS = 1_000;
export const DEFAULT_HEALTH_PATH = '/healthz';

/** Everything about an MCP endpoint except where it listens. */
export interface McpEndpointOptions {
  /** Server name, used in messages, logs and the health route. */
  name: string;
  /**
   * Returns a fresh McpServer of either SDK: a v2 one (`@modelcontextprotocol/server`) is served
   * in both eras, a v1 one (`@modelcontextprotocol/sdk`) in 2025-11-25 only. Called once per 2025
   * session and once per 2026 request (an McpServer holds exactly one transport), and once more
   * at start to see which SDK it uses.
   */
  buildServer: BuildServer;
  /** The revisions served (default both); a v1 server is served in 2025-11-25 whatever this says. */
  eras?: readonly ProtocolEraVersion[];
  /**
   * Where a 2026-07-28 client hears of changes (the SDK's ServerEventBus, e.g. its
   * InMemoryServerEventBus): publish `resource_updated` and `*_list_changed` events on it and the
   * SDK delivers each to the `subscriptions/listen` streams that asked. 2025-11-25 sessions keep
   * their own way (resources/subscribe and notifications from the session's server).
   */
  eventBus?: ServerEventBus;
  /** Defaults to /mcp. */
  path?: string;
  /** Origins accepted besides http(s)://127.0.0.1|localhost|[::1] on any port. */
  allowedOrigins?: string[];
  /** When set, every MCP request needs "Authorization: Bearer <token>" (visible ASCII only). */
  bearerToken?: string;
  /** OAuth instead of a shared token: RFC 9728 metadata plus a token verifier. */
  auth?: OAuthResourceOptions;
  /** A session with no open request or stream for this long is closed (default 10 minutes). */
  idleSessionMs?: number;
  /** Sessions open at once (default 200); one more initialize gets 503 with Retry-After. */
  maxSessions?: number;
  /** Sessions one client (address, Origin and clientInfo name) may hold (default half of
   * maxSessions); one more initialize from it gets 429 with Retry-After. */
  maxSessionsPerClient?: number;
  maxBodyBytes?: number;
  /** Levels of arrays and objects a POST body may nest (default 64); a deeper one gets 400. */
  maxJsonDepth?: number;
  /** Resumable SSE streams (default on): bounds of each session's event store and the SSE
   * `retry` field. false turns the event store and priming events off. */
  resumability?: Partial<SessionResumability> | false;
  /** GET here answers {ok, name, sessions}; default /healthz, false for none. */
  healthPath?: string | false;
  /** Structured JSON lines on stderr; default level 'warn' (refusals and errors only). */
  log?: LogOptions;
}

export interface McpHttpHandler {
  /** Answers `request` when it belongs to the endpoint; calls `notFound` otherwise. */
  handle(request: IncomingMessage, response: ServerResponse, notFound: () => void): void;
  /** Closes every session; requests arriving afterwards get 503. */
  close(): Promise<void>;
  sessionCount(): number;
  /** Builds one server to see which SDK it uses and loads that SDK; requests wait for it anyway. */
  ready(): Promise<ServingPlan>;
  readonly log: StructuredLog;
}

/** `boundHost` is the address serveMcp listens on; a mounted router reads it from each socket. */
export function createMcpHttpHandler(options: McpEndpointOptions, boundHost?: string): McpHttpHandler {
  const { name, auth } = options;
  const path = options.path ?? '/mcp';
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxJsonDepth = options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH;
  const idleSessionMs = options.idleSessionMs ?? DEFAULT_IDLE_SESSION_MS;
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const healthPath = options.healthPath ?? DEFAULT_HEALTH_PATH;
  const metadataPath = auth ? protectedResourceMetadataPath(path) : undefined;
  const resumability: SessionResumability | false =
    options.resumability === false
      ? false
      : { ...DEFAULT_EVENT_STORE_LIMITS, retryMs: DEFAULT_RETRY_MS, ...options.resumability };
  const log = createStructuredLog(name, options.log);
  const maxSessionsPerClient = options.maxSessionsPerClient ?? defaultSessionsPerClient(maxSessions);
  const sessions = new SessionRegistry({ idleSessionMs, maxSessions, maxSessionsPerClient }, log);
  let closing: Promise<void> | undefined;
  let plan: Promise<ServingPlan> | undefined;
  const ready = (): Promise<ServingPlan> => {
    plan ??= loadServingPlan(options.buildServer, options.eras ?? PROTOCOL_ERAS, {
      maxBodyBytes,
      eventBus: options.eventBus,
      onerror: (error) =>
        log('error', { event: 'request-failed', method: 'POST', path, error: error.message, era: '2026-07-28' }),
    });
    return plan;
  };
  const endpoint = createSessionEndpoint({
    name,
    buildServer: options.buildServer,
    resumability,
    maxSessions,
    maxSessionsPerClient,
    sessions,
    refuse: (request, response, rejection) => refuse(request, response, rejection),
  });

  function refuse(request: IncomingMessage, response: ServerResponse, rejection: HttpRejection): void {
    // A 401 is how every OAuth client starts (it discovers the metadata from it): not a warning.
    log(rejection.status === 401 ? 'info' : 'warn', {
      event: 'request-refused',
      status: rejection.status,
      method: request.method ?? '',
      path: pathnameOf(request),
      reason: rejection.message,
    });
    sendJsonRpcError(response, rejection);
  }

  function policyFor(request: IncomingMessage, withToken: boolean): RequestGuardPolicy {
    const host = boundHost ?? unmapped(request.socket.localAddress ?? '127.0.0.1');
    const port = request.socket.localPort ?? 0;
    return {
      name,
      host,
      port,
      url: `http://${hostForUrl(host)}:${port}${path}`,
      allowedOrigins: options.allowedOrigins ?? [],
      bearerToken: withToken ? options.bearerToken : undefined,
    };
  }

  async function route(request: IncomingMessage, response: ServerResponse, notFound: () => void): Promise<void> {
    const badTarget = toOriginForm(request);
    if (badTarget) return refuse(request, response, badTarget);
    const pathname = pathnameOf(request);
    const isMcp = pathname === path;
    if (!isMcp && pathname !== healthPath && pathname !== metadataPath) return notFound();
    if (closing !== undefined) {
      return refuse(request, response, {
        status: 503,
        code: JsonRpcErrorCode.serverError,
        message: `Service Unavailable: "${name}" is shutting down.`,
      });
    }
    // The health and metadata routes are public (a client must read the metadata before it has
    // a token), but still only for callers that pass the Host and Origin checks.
    const policy = policyFor(request, isMcp);
    const rejection = guardRequest(request.headers, policy);
    if (rejection) return refuse(request, response, rejection);
    const localAddress = request.socket.localAddress ?? '';
    if (!isLoopbackHost(unmapped(localAddress)) && options.bearerToken === undefined && auth === undefined) {
      return refuse(request, response, {
        status: 403,
        code: JsonRpcErrorCode.serverError,
        message: `Forbidden: "${name}" was reached on ${localAddress}, which is not loopback, and has no bearer token. Set bearerToken (or auth), or listen on 127.0.0.1.`,
      });
    }
    if (pathname === healthPath) {
      const { eras } = await ready();
      return sendJson(response, 200, { ok: true, name, sessions: sessions.size, eras });
    }
    if (pathname === metadataPath && auth) {
      return sendJson(response, 200, protectedResourceMetadata(auth, auth.resourceUrl ?? policy.url));
    }
    if (auth) {
      const resourceUrl = auth.resourceUrl ?? policy.url;
      const metadataUrl = new URL(protectedResourceMetadataPath(new URL(resourceUrl).pathname), resourceUrl).href;
      const check = await checkOAuthBearer(request.headers, auth, resourceUrl, metadataUrl);
      if (check.kind === 'refused') return refuse(request, response, check.rejection);
      // StreamableHTTPServerTransport hands request.auth to tool handlers as extra.authInfo.
      (request as IncomingMessage & { auth?: AuthInfo }).auth = check.authInfo;
    }
    if (request.method === 'POST') return handlePost(request, response);
    if (request.method === 'GET' || request.method === 'DELETE') {
      const { modern, sessionSdk } = await ready();
      // A 2026-only endpoint has no sessions: its handler answers GET and DELETE itself.
      if (modern && !sessionSdk) return serveModern(request, response, undefined, []);
      return handleSessionRequest(request, response);
    }
    return refuse(request, response, {
      status: 405,
      code: JsonRpcErrorCode.serverError,
      message: `Method Not Allowed: ${request.method} is not part of Streamable HTTP; use POST, GET or DELETE.`,
      headers: { Allow: 'GET, POST, DELETE' },
    });
  }

  async function handlePost(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const contentType = request.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(contentType)) {
      return refuse(request, response, {
        status: 415,
        code: JsonRpcErrorCode.serverError,
        message: `Unsupported Media Type: send the JSON-RPC message with "Content-Type: application/json" (got "${contentType}").`,
      });
    }
    // Mounted in express behind express.json(), the body has been read already.
    const preParsed = (request as IncomingMessage & { body?: unknown }).body;
    const body =
      preParsed === undefined
        ? await readJsonBody(request, maxBodyBytes, maxJsonDepth)
        : valueNestsDeeperThan(preParsed, maxJsonDepth)
          ? { kind: 'too-deep' as const }
          : { kind: 'parsed' as const, value: preParsed };
    if (body.kind === 'too-large') {
      return refuse(request, response, {
        status: 413,
        code: JsonRpcErrorCode.serverError,
        message: `Payload Too Large: the request body must not exceed ${maxBodyBytes} bytes; send a smaller message.`,
        // The rest of the body is not read, so this connection cannot carry another request.
        headers: { Connection: 'close' },
      });
    }
    if (body.kind === 'too-deep') {
      // Refused before parsing: the SDKs' schema checks walk a message recursively, and a few
      // thousand levels (a 10 KB body) overflow their stack.
      return refuse(request, response, {
        status: 400,
        code: JsonRpcErrorCode.parseError,
        message: `Parse error: the request body is JSON nested deeper than ${maxJsonDepth} levels; no MCP message needs that many. Send a flatter message.`,
      });
    }
    if (body.kind === 'invalid-json') {
      return refuse(request, response, {
        status: 400,
        code: JsonRpcErrorCode.parseError,
        message: `Parse error: the request body is not valid JSON (${body.detail}). Send one JSON-RPC message or a batch array.`,
      });
    }
    const messages: unknown[] = Array.isArray(body.value) ? body.value : [body.value];
    const { modern, sessionSdk } = await ready();
    if (modern && !(sessionSdk && (await modern.isLegacy(request, body.value)))) {
      return serveModern(request, response, body.value, messages);
    }
    const sessionId = sessionIdOf(request);
    if (sessionId !== undefined) {
      await endpoint.forward(sessionId, request, response, body.value, messages);
      return logServed(request, response, '2025-11-25', messages);
    }
    if (!messages.some(isInitializeMessage) || !sessionSdk) {
      return refuse(request, response, {
        status: 400,
        code: JsonRpcErrorCode.serverError,
        message:
          'Bad Request: no Mcp-Session-Id header, and the message is not an initialize request. Start a session by sending initialize first.',
      });
    }
    await endpoint.start(request, response, body.value, messages, sessionSdk);
    logServed(request, response, '2025-11-25', messages);
  }

  async function serveModern(
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
    messages: unknown[],
  ): Promise<void> {
    const { modern } = await ready();
    await modern?.serve(request, response, body);
    logServed(request, response, '2026-07-28', messages);
  }

  /** One line per MCP request at level debug, saying which era answered it. */
  function logServed(
    request: IncomingMessage,
    response: ServerResponse,
    era: ProtocolEraVersion,
    messages: unknown[],
  ): void {
    const session = sessionIdOf(request) ?? response.getHeader('mcp-session-id');
    log('debug', {
      event: 'request-served',
      era,
      method: request.method ?? '',
      mcpMethod: messages.map(methodOf).join(',') || undefined,
      status: response.statusCode,
      ...(typeof session === 'string' ? { session } : {}),
    });
  }

  async function handleSessionRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const sessionId = sessionIdOf(request);
    if (sessionId === undefined) {
      return refuse(request, response, {
        status: 400,
        code: JsonRpcErrorCode.serverError,
        message: `Bad Request: ${request.method} needs an Mcp-Session-Id header. Send initialize with a POST first.`,
      });
    }
    await endpoint.forward(sessionId, request, response, undefined, []);
    logServed(request, response, '2025-11-25', []);
  }

  return {
    log,
    ready,
    sessionCount: () => sessions.size,
    handle(request, response, notFound) {
      route(request, response, notFound).catch((error: unknown) => {
        const detail = error instanceof Error ? error.message : String(error);
        log('error', {
          event: 'request-failed',
          method: request.method ?? '',
          path: pathnameOf(request),
          error: detail,
        });
        sendJsonRpcError(response, {
          status: 500,
          code: JsonRpcErrorCode.serverError,
          message: `Internal error in "${name}": ${detail}`,
        });
      });
    },
    close() {
      closing ??= (async () => {
        await sessions.closeAll();
        // Only a plan already loaded has a 2026 side to close; never load one just to close it.
        const loaded = await plan?.catch(() => undefined);
        await loaded?.modern?.close();
      })();
      return closing;
    },
  };
}

function pathnameOf(request: IncomingMessage): string {
  try {
    return new URL(request.url ?? '/', 'http://placeholder').pathname;
  } catch {
    return '/';
  }
}

/** "tools/call", or "response" for a posted answer to a server's request. */
function methodOf(message: unknown): string {
  const method = (message as { method?: unknown } | null)?.method;
  return typeof method === 'string' ? method : 'response';
}

function sessionIdOf(request: IncomingMessage): string | undefined {
  const header = request.headers['mcp-session-id'];
  return typeof header === 'string' && header !== '' ? header : undefined;
}

/** "::ffff:127.0.0.1" (an IPv4 peer on a dual-stack socket) → "127.0.0.1". */
function unmapped(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}
