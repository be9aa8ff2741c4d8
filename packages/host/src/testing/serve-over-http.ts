// Test helper: serves McpServers over real Streamable HTTP (stateful, SSE) on 127.0.0.1:0 so host
// tests cross a real socket. It plays the server side of the boundary for tests only; the host's
// own code never imports it, and @kitchen/server-kit is deliberately not used here.

import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { InMemoryServer } from './connect-in-memory.js';

export interface HttpTestServer {
  url: string;
  /** Cut every open connection, as a crashing process would, without a goodbye. */
  dropConnections(): void;
  /** Forget every session, as a restarted process (or another replica) would: their ids now get 404. */
  forgetSessions(): Promise<void>;
  /** Sessions open now. */
  sessionCount(): number;
  close(): Promise<void>;
}

/** Serves one fresh McpServer (or low-level Server) per session: one server holds one transport. */
/**
 * `refuseGetWith`: answer every GET (the standalone stream, a resumption) with this status, as
 * servers that offer no stream do (405 is the spec's answer; some send 404).
 * `unknownSessionStatus`: 404 (the spec's answer, the default) or 400 with the words the
 * reference "everything" server uses ("Bad Request: No valid session ID provided").
 */
export async function serveOverHttp(
  buildServer: () => InMemoryServer,
  options: { refuseGetWith?: number; unknownSessionStatus?: 400 | 404 } = {},
): Promise<HttpTestServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'GET' && options.refuseGetWith !== undefined) {
      response.writeHead(options.refuseGetWith).end();
      return;
    }
    const sessionId = request.headers['mcp-session-id'];
    const known = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (known) {
      await known.handleRequest(request, response);
      return;
    }
    if (typeof sessionId === 'string' && options.unknownSessionStatus === 400) {
      response.writeHead(400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Bad Request: No valid session ID provided' },
          id: null,
        }),
      );
      return;
    }
    if (typeof sessionId === 'string') {
      // The spec's answer to a session id the server does not know: 404, so the client starts a new one.
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
      return;
    }
    const body = request.method === 'POST' ? await readJson(request) : undefined;
    if (!isInitializeRequest(body)) {
      response
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null }));
      return;
    }
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await buildServer().connect(transport);
    await transport.handleRequest(request, response, body);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    dropConnections: () => server.closeAllConnections(),
    sessionCount: () => sessions.size,
    forgetSessions: async () => {
      const open = [...sessions.values()];
      sessions.clear();
      for (const transport of open) await transport.close();
    },
    close: async () => {
      for (const transport of sessions.values()) await transport.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}
