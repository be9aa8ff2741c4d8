// The server every timing scenario calls: one `echo {text}` tool served with serveMcp on
// 127.0.0.1:0 (stateful, SSE), in the bench's own process. Server side of the boundary. It also
// counts the messages it receives by method, so a scenario can see traffic it did not ask for.

import http from 'node:http';
import { type ServedMcp, serveMcp } from '@kitchen/server-kit';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { z } from 'zod';

export const ECHO_TOOL = 'echo';
/** What a client sends to call off a request; a finished run should have none left to send. */
export const CANCELLED_NOTIFICATION = 'notifications/cancelled';

/** Messages received by every session of the echo server, by JSON-RPC method. */
export class ReceivedMessages {
  readonly #counts = new Map<string, number>();

  record(method: string): void {
    this.#counts.set(method, this.count(method) + 1);
  }

  count(method: string): number {
    return this.#counts.get(method) ?? 0;
  }
}

class CountingMcpServer extends McpServer {
  constructor(readonly received: ReceivedMessages) {
    super({ name: 'echo', version: '0.1.0' });
  }

  // Wrapped after connect, so the SDK's own handling still sees every message first-hand.
  override async connect(transport: Transport): Promise<void> {
    await super.connect(transport);
    const handle = transport.onmessage;
    transport.onmessage = (message, extra) => {
      if ('method' in message) this.received.record(message.method);
      handle?.(message, extra);
    };
  }
}

export function buildEchoServer(received = new ReceivedMessages()): McpServer {
  const server = new CountingMcpServer(received);
  server.registerTool(
    ECHO_TOOL,
    {
      description: 'Returns the text it was given.',
      inputSchema: { text: z.string().describe('Any text.') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  return server;
}

export interface EchoServer extends ServedMcp {
  received: ReceivedMessages;
}

/**
 * Node's HTTP server closes a keep-alive socket after 5 s idle, and undici reuses one until 1 s
 * before that: on a machine so busy that a timer runs a second late, a request goes out on a socket
 * the server is closing and fails with "fetch failed" (seen with 16 calls in flight at load 30, and
 * under valgrind). The bench's server keeps idle sockets for 10 minutes instead; it is the clients
 * that are measured, not this race. Every HTTP server this process starts afterwards does.
 */
function keepIdleSockets(): void {
  const listen = http.Server.prototype.listen;
  if ((listen as { keepsIdleSockets?: boolean }).keepsIdleSockets) return;
  const patched = function (this: http.Server, ...args: unknown[]) {
    this.keepAliveTimeout = 600_000;
    return (listen as (...rest: unknown[]) => http.Server).apply(this, args);
  };
  http.Server.prototype.listen = Object.assign(patched, { keepsIdleSockets: true }) as typeof listen;
}

export async function serveEcho(): Promise<EchoServer> {
  keepIdleSockets();
  const received = new ReceivedMessages();
  const served = await serveMcp({ name: 'echo', buildServer: () => buildEchoServer(received) });
  return { ...served, received };
}
