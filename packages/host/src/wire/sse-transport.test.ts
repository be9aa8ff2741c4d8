// A server that speaks only the older HTTP+SSE transport (revision 2024-11-05, the v1 SDK's
// SSEServerTransport, which many servers still run): a "transport": "sse" connection lists and
// calls its tools over a GET event stream and POSTed messages.

import { createServer, type Server } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRecordingContext } from '../testing/recording-context.js';
import { Toolbox } from '../toolbox.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** GET /sse opens a session's stream; POST /messages?sessionId=… carries the client's messages. */
async function serveOverSse(): Promise<{ url: string; server: Server }> {
  const sessions = new Map<string, SSEServerTransport>();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'GET' && url.pathname === '/sse') {
      const transport = new SSEServerTransport('/messages', response);
      sessions.set(transport.sessionId, transport);
      const mcp = new McpServer({ name: 'old-timer', version: '0.1.0' });
      mcp.registerTool('add', { inputSchema: { a: z.number(), b: z.number() } }, ({ a, b }) => ({
        content: [{ type: 'text', text: String(a + b) }],
      }));
      await mcp.connect(transport);
      return;
    }
    const transport = sessions.get(url.searchParams.get('sessionId') ?? '');
    if (request.method === 'POST' && url.pathname === '/messages' && transport !== undefined) {
      await transport.handlePostMessage(request, response);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { url: `http://127.0.0.1:${port}/sse`, server };
}

describe('a server on the older HTTP+SSE transport', () => {
  it('is listed and called when its connection says "sse"', async () => {
    const { url } = await serveOverSse();
    const toolbox = await Toolbox.connect([{ name: 'old', url, transport: 'sse' }]);
    cleanups.push(() => toolbox.close());
    expect(toolbox.unavailable).toEqual([]);
    expect(toolbox.list().map((tool) => tool.name)).toContain('add');
    const recording = createRecordingContext({ callId: 'call-add' });
    const outcome = await toolbox.call('add', { a: 2, b: 3 }, recording.context);
    expect(JSON.stringify(outcome)).toContain('"5"');
  });
});
