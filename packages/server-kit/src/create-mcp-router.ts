// Mounts an MCP endpoint into an existing express (or connect-style) app, with the same Host and
// Origin guard, token or OAuth, sessions, limits, health route and resumable streams as serveMcp.
// The app keeps its own routes and its own listen(). Server side.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkServeOptions } from './check-serve-options.js';
import { createMcpHttpHandler, type McpEndpointOptions } from './mcp-http-handler.js';

/** An express middleware (`app.use(router)`) that answers the MCP, health and metadata paths and
 * passes every other request on with `next()`. */
export interface McpRouter {
  (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void): void;
  /** Closes every MCP session; the app closes its own server. */
  close(): Promise<void>;
  sessionCount(): number;
}

/**
 * Mount it at the app's root (`app.use(createMcpRouter({ … }))`): its paths are absolute, and the
 * OAuth metadata must live at the origin's /.well-known/. A body already parsed by
 * `express.json()` is used as is (express's own size limit then applies). The kit does not bind
 * here, so a request that arrives on a non-loopback address without a token or OAuth configured
 * is refused with 403 instead.
 */
export function createMcpRouter(options: McpEndpointOptions): McpRouter {
  // The address is the app's business; the token must still be one a client can send.
  checkServeOptions({
    name: options.name,
    host: '127.0.0.1',
    bearerToken: options.bearerToken,
    oauth: options.auth !== undefined,
  });
  const handler = createMcpHttpHandler(options);
  const router: McpRouter = Object.assign(
    (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) =>
      handler.handle(request, response, () => next()),
    { close: handler.close, sessionCount: handler.sessionCount },
  );
  return router;
}
