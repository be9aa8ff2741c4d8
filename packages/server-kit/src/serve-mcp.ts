// Serves an McpServer over Streamable HTTP on loopback: stateful sessions with SSE responses,
// Host/Origin/token checks, body limits, idle-session cleanup and graceful close. Server side.

import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcErrorCode, sendJsonRpcError } from './json-rpc-error.js';
import { readJsonBody } from './read-json-body.js';
import { guardRequest, hostForUrl, type RequestGuardPolicy } from './request-guard.js';
import { McpSession, SessionRegistry } from './session-registry.js';

export const DEFAULT_IDLE_SESSION_MS = 10 * 60 * 1000;
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface ServeMcpOptions {
  /** Server name, used in messages. */
  name: string;
  /** Called once per session: an McpServer holds exactly one transport. */
  buildServer: () => McpServer;
  /** 0 (the default) picks any free port. */
  port?: number;
  /** Defaults to 127.0.0.1; the kitchen never binds other interfaces by default. */
  host?: string;
  /** Defaults to /mcp. */
  path?: string;
  /** Origins accepted besides http(s)://127.0.0.1|localhost|[::1] on any port. */
  allowedOrigins?: string[];
  /** When set, every request needs "Authorization: Bearer <token>". */
  bearerToken?: string;
  idleSessionMs?: number;
  maxBodyBytes?: number;
}

export interface ServedMcp {
  url: string;
  port: number;
  /** Closes every session and the HTTP server, leaving no open sockets. */
  close(): Promise<void>;
  sessionCount(): number;
}

export async function serveMcp(options: ServeMcpOptions): Promise<ServedMcp> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const sessions = new SessionRegistry(options.idleSessionMs ?? DEFAULT_IDLE_SESSION_MS);
  let closing: Promise<void> | undefined;
  const httpServer = createServer();
  await listen(httpServer, options.port ?? 0, host);
  const port = (httpServer.address() as { port: number }).port;
  const url = `http://${hostForUrl(host)}:${port}${path}`;
  const policy: RequestGuardPolicy = {
    name: options.name,
    host,
    port,
    url,
    allowedOrigins: options.allowedOrigins ?? [],
    bearerToken: options.bearerToken,
  };

  // Attached only now: the Host check needs the port the system picked.
  httpServer.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (closing !== undefined) {
      return refuse(
        response,
        503,
        JsonRpcErrorCode.serverError,
        `Service Unavailable: "${options.name}" is shutting down.`,
      );
    }
    handleRequest(request, response).catch((error: unknown) => {
      const detail = error instanceof Error ? error.message : String(error);
      refuse(response, 500, JsonRpcErrorCode.serverError, `Internal error in "${options.name}": ${detail}`);
    });
  });

  async function handleRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const rejection = guardRequest(request.headers, policy);
    if (rejection) return sendJsonRpcError(response, rejection);
    const pathname = new URL(request.url ?? '/', 'http://placeholder').pathname;
    if (pathname !== path) {
      return refuse(
        response,
        404,
        JsonRpcErrorCode.serverError,
        `Not Found: ${pathname} is not an MCP endpoint; use ${path}.`,
      );
    }
    if (request.method === 'POST') return handlePost(request, response);
    if (request.method === 'GET' || request.method === 'DELETE') return handleSessionRequest(request, response);
    return sendJsonRpcError(response, {
      status: 405,
      code: JsonRpcErrorCode.serverError,
      message: `Method Not Allowed: ${request.method} is not part of Streamable HTTP; use POST, GET or DELETE.`,
      headers: { Allow: 'GET, POST, DELETE' },
    });
  }

  async function handlePost(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const contentType = request.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(contentType)) {
      return refuse(
        response,
        415,
        JsonRpcErrorCode.serverError,
        `Unsupported Media Type: send the JSON-RPC message with "Content-Type: application/json" (got "${contentType}").`,
      );
    }
    const body = await readJsonBody(request, maxBodyBytes);
    if (body.kind === 'too-large') {
      return sendJsonRpcError(response, {
        status: 413,
        code: JsonRpcErrorCode.serverError,
        message: `Payload Too Large: the request body must not exceed ${maxBodyBytes} bytes; send a smaller message.`,
        // The rest of the body is not read, so this connection cannot carry another request.
        headers: { Connection: 'close' },
      });
    }
    if (body.kind === 'invalid-json') {
      return refuse(
        response,
        400,
        JsonRpcErrorCode.parseError,
        `Parse error: the request body is not valid JSON (${body.detail}). Send one JSON-RPC message or a batch array.`,
      );
    }
    const sessionId = sessionIdOf(request);
    if (sessionId !== undefined) return forwardToSession(sessionId, request, response, body.value);
    const messages = Array.isArray(body.value) ? body.value : [body.value];
    if (!messages.some((message) => isInitializeRequest(message))) {
      return refuse(
        response,
        400,
        JsonRpcErrorCode.serverError,
        'Bad Request: no Mcp-Session-Id header, and the message is not an initialize request. Start a session by sending initialize first.',
      );
    }
    return startSession(request, response, body.value);
  }

  async function startSession(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> {
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id: string): void => sessions.register(id, session),
    });
    const session: McpSession = new McpSession(options.buildServer(), transport);
    // Set before connect: the SDK chains its own onclose after ours.
    transport.onclose = () => sessions.forget(session);
    await session.server.connect(transport);
    sessions.trackExchange(session, response);
    await transport.handleRequest(request, response, body);
    // Refused before initializing (e.g. a bad Accept header): nothing will ever reach this server.
    if (session.id === undefined) await session.close();
  }

  async function handleSessionRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const sessionId = sessionIdOf(request);
    if (sessionId === undefined) {
      return refuse(
        response,
        400,
        JsonRpcErrorCode.serverError,
        `Bad Request: ${request.method} needs an Mcp-Session-Id header. Send initialize with a POST first.`,
      );
    }
    return forwardToSession(sessionId, request, response, undefined);
  }

  async function forwardToSession(
    sessionId: string,
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
  ): Promise<void> {
    const session = sessions.find(sessionId);
    if (!session) {
      return refuse(
        response,
        404,
        JsonRpcErrorCode.sessionNotFound,
        `Session ${sessionId} not found: it ended, expired after sitting idle, or the server restarted. Re-initialize: send a new initialize request without an Mcp-Session-Id header.`,
      );
    }
    sessions.trackExchange(session, response);
    await session.transport.handleRequest(request, response, body);
  }

  return {
    url,
    port,
    sessionCount: () => sessions.size,
    close: () => {
      closing ??= (async () => {
        await sessions.closeAll();
        await new Promise<void>((resolve) => {
          httpServer.close(() => resolve());
          // Keep-alive sockets and any stream a client still holds would otherwise delay close.
          httpServer.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}

function sessionIdOf(request: IncomingMessage): string | undefined {
  const header = request.headers['mcp-session-id'];
  return typeof header === 'string' && header !== '' ? header : undefined;
}

function refuse(response: ServerResponse, status: number, code: number, message: string): void {
  sendJsonRpcError(response, { status, code, message });
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
