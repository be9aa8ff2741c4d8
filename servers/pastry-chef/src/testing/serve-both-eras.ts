// TEMPORARY test harness until the server kit serves v2 servers in both eras.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest, type McpServer } from '@modelcontextprotocol/server';

export async function serveBothEras(build: (context: { era: '2025-11-25' | '2026-07-28' }) => McpServer) {
  const modern = createMcpHandler(() => build({ era: '2026-07-28' }), { legacy: 'reject', onerror: () => undefined });
  const serveModern = toNodeHandler(modern);
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
  const http = createServer(async (request, response) => {
    const body = request.method === 'POST' ? await readJson(request) : undefined;
    const headers = new Headers();
    for (const [k, v] of Object.entries(request.headers)) if (typeof v === 'string') headers.set(k, v);
    const legacy = await isLegacyRequest(
      new Request(`http://x${request.url}`, { method: request.method, headers }),
      body,
    );
    if (!legacy) return void serveModern(request, response, body);
    const id = request.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? sessions.get(id) : undefined;
    if (!transport) {
      const t: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (sid) => {
          sessions.set(sid, t);
        },
      });
      await build({ era: '2025-11-25' }).connect(t);
      transport = t;
    }
    await transport.handleRequest(request, response, body);
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    close: async () => {
      await modern.close();
      for (const t of sessions.values()) await t.close();
      http.closeAllConnections();
      http.close();
    },
  };
}
async function readJson(request: IncomingMessage) {
  const c: Buffer[] = [];
  for await (const x of request) c.push(x as Buffer);
  try {
    return JSON.parse(Buffer.concat(c).toString());
  } catch {
    return undefined;
  }
}
