// The 2026-07-28 side of one endpoint: each request carrying the per-request `_meta` envelope is
// answered by a fresh v2 McpServer through the SDK's createMcpHandler (stateless, no session), and
// isLegacyRequest (the handler's own classification) decides which side a request belongs to.
// Loaded only when the served server is a v2 one. Server side.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest, type McpServer } from '@modelcontextprotocol/server';
import type { BuildServer, ServerEventBus } from '../served-server.js';

export interface ModernEraEndpoint {
  /** True when the 2025 side should answer: initialize, session GET/DELETE, claim-less POSTs. */
  isLegacy(request: IncomingMessage, body: unknown): Promise<boolean>;
  /** Answers one 2026 request; `body` was read (and size-checked) by the kit already. */
  serve(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void>;
  close(): Promise<void>;
}

export function createModernEraEndpoint(
  buildServer: BuildServer,
  options: { maxBodyBytes: number; eventBus: ServerEventBus | undefined; onerror: (error: Error) => void },
): ModernEraEndpoint {
  // 'reject': this handler never serves 2025 itself; the kit's sessions do, so the legacy shim can
  // push requests over a session.
  const handler = createMcpHandler(() => buildServer({ era: '2026-07-28' }) as McpServer, {
    legacy: 'reject',
    maxRequestBodySize: options.maxBodyBytes,
    ...(options.eventBus === undefined ? {} : { bus: options.eventBus }),
    onerror: options.onerror,
  });
  const nodeHandler = toNodeHandler(handler, { maxRequestBodySize: options.maxBodyBytes, onerror: options.onerror });
  return {
    isLegacy: (request, body) =>
      // Headers are all it reads besides the body, which it is handed already parsed.
      isLegacyRequest(
        new Request(`http://kit${request.url ?? '/'}`, { method: request.method, headers: headersOf(request) }),
        body,
      ),
    // The kit's OAuth check leaves the verified AuthInfo on request.auth; the adapter passes it on.
    serve: (request, response, body) => nodeHandler(request, response, body),
    close: () => handler.close(),
  };
}

function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}
