// Serves an McpServer over Streamable HTTP on loopback with node:http: stateful sessions with
// resumable SSE responses, Host/Origin/token checks, limits, a health route and graceful close.
// The endpoint itself lives in mcp-http-handler.ts, shared with the express mount. Server side.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { checkServeOptions } from './check-serve-options.js';
import { JsonRpcErrorCode, sendJsonRpcError } from './json-rpc-error.js';
import {
  createMcpHttpHandler,
  DEFAULT_IDLE_SESSION_MS,
  DEFAULT_MAX_SESSIONS,
  type McpEndpointOptions,
} from './mcp-http-handler.js';
import { hostForUrl } from './request-guard.js';

export {
  DEFAULT_HEALTH_PATH,
  DEFAULT_IDLE_SESSION_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_RETRY_MS,
} from './mcp-http-handler.js';

export interface ServeMcpOptions extends McpEndpointOptions {
  /** 0 (the default) picks any free port. */
  port?: number;
  /** Defaults to 127.0.0.1. Any other address needs `bearerToken` or `auth`, or serveMcp throws. */
  host?: string;
}

export interface ServedMcp {
  url: string;
  port: number;
  /** Closes every session and the HTTP server, leaving no open sockets. */
  close(): Promise<void>;
  sessionCount(): number;
}

/** Throws ServeOptionsError for an unsafe configuration, or the listen error (EADDRINUSE…). */
export async function serveMcp(options: ServeMcpOptions): Promise<ServedMcp> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  checkServeOptions({ name: options.name, host, bearerToken: options.bearerToken, oauth: options.auth !== undefined });
  const handler = createMcpHttpHandler(options, host);
  // Build one server before listening: the SDK it uses is loaded now, not on the first request. A
  // buildServer that throws fails each request with 500 and its message, as it did per session.
  const plan = await handler.ready().catch(() => undefined);
  const httpServer = createServer();
  await listen(httpServer, options.port ?? 0, host);
  const port = (httpServer.address() as { port: number }).port;
  const url = `http://${hostForUrl(host)}:${port}${path}`;
  // Attached only now: the Host check needs the port the system picked.
  httpServer.on('request', (request: IncomingMessage, response: ServerResponse) =>
    handler.handle(request, response, () => {
      const pathname = new URL(request.url ?? '/', 'http://placeholder').pathname;
      sendJsonRpcError(response, {
        status: 404,
        code: JsonRpcErrorCode.serverError,
        message: `Not Found: ${pathname} is not an MCP endpoint; use ${path}.`,
      });
    }),
  );
  handler.log('info', {
    event: 'server-listening',
    url,
    eras: plan?.eras ?? [],
    maxSessions: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
    idleSessionMs: options.idleSessionMs ?? DEFAULT_IDLE_SESSION_MS,
  });
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    sessionCount: handler.sessionCount,
    close: () => {
      closing ??= (async () => {
        await handler.close();
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

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
