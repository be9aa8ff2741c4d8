// The pantry process end to end: spawned as `node --import tsx src/main.ts --port 0`, called over real HTTP,
// with one pantry shared by every session of the process.

import { fileURLToPath } from 'node:url';
import { connectHttpClient, connectModernClient, startServerProcess } from '@kitchen/server-kit/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
// `node --import tsx`, one process: the tsx CLI would add a wrapper that a SIGKILL orphans the server behind.
const withTsx = ['--import', 'tsx'];

/**
 * A client that re-lists tools on notifications/tools/list_changed, the way a host's toolbox does,
 * connected once its standalone GET stream is open (the notification belongs to no request, so
 * it travels there).
 */
async function connectWatchingTools(url: string): Promise<{ client: Client; nextToolList: () => Promise<Tool[]> }> {
  let streamOpened!: () => void;
  const opened = new Promise<void>((resolve) => (streamOpened = resolve));
  const lists: Tool[][] = [];
  const waiting: Array<(tools: Tool[]) => void> = [];
  const client = new Client(
    { name: 'pantry-test', version: '0.0.0' },
    {
      listChanged: {
        tools: {
          onChanged: (error, tools) => {
            if (error || !tools) return;
            const resolve = waiting.shift();
            if (resolve) resolve(tools);
            else lists.push(tools);
          },
        },
      },
    },
  );
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === 'GET' && response.ok) streamOpened();
      return response;
    },
  });
  await client.connect(transport);
  await opened;
  const nextToolList = () => {
    const ready = lists.shift();
    return ready ? Promise.resolve(ready) : new Promise<Tool[]>((resolve) => waiting.push(resolve));
  };
  return { client, nextToolList };
}

describe('pantry main', { timeout: 45_000 }, () => {
  it('serves orders over HTTP from one pantry shared by all sessions, and exits 0 on SIGTERM', async () => {
    const server = await startServerProcess(process.execPath, [...withTsx, 'src/main.ts', '--port', '0'], {
      cwd: packageDir,
    });
    try {
      const [first, second] = await Promise.all([connectHttpClient(server.url), connectHttpClient(server.url)]);
      await first.callTool({ name: 'place_order', arguments: { item: 'sugar', quantity: 4 } });
      const result = await second.callTool({ name: 'place_order', arguments: { item: 'sugar', quantity: 1 } });
      expect(result.structuredContent).toMatchObject({ orderId: 'order-0002', totalCents: 249, stockLeft: 25 });
      await Promise.all([first.close(), second.close()]);
    } finally {
      expect(await server.stop(), `exit code; stderr: ${server.stderr()}`).toBe(0);
    }
  });

  it('shares its pantry between a 2025 session and 2026-07-28 requests, and tells a 2026 listener of the change', async () => {
    const server = await startServerProcess(process.execPath, [...withTsx, 'src/main.ts', '--port', '0'], {
      cwd: packageDir,
    });
    try {
      const modern = await connectModernClient(server.url);
      expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      let heard!: () => void;
      const listChanged = new Promise<void>((resolve) => (heard = resolve));
      modern.setNotificationHandler('notifications/tools/list_changed', () => heard());
      const subscription = await modern.listen({ toolsListChanged: true });
      const legacy = await connectHttpClient(server.url);
      await legacy.callTool({ name: 'place_order', arguments: { item: 'flour', quantity: 1 } });
      await listChanged;
      const second = await modern.callTool({ name: 'place_order', arguments: { item: 'flour', quantity: 1 } });
      expect(second.structuredContent).toMatchObject({ orderId: 'order-0002', stockLeft: 38 });
      expect((await modern.listTools()).tools.map((tool) => tool.name)).toContain('cancel_order');
      await subscription.close();
      await Promise.all([modern.close(), legacy.close()]);
    } finally {
      expect(await server.stop(), `exit code; stderr: ${server.stderr()}`).toBe(0);
    }
  });

  it('offers cancel_order to another session once an order is open, announced over HTTP', async () => {
    const server = await startServerProcess(process.execPath, [...withTsx, 'src/main.ts', '--port', '0'], {
      cwd: packageDir,
    });
    try {
      const watcher = await connectWatchingTools(server.url);
      const buyer = await connectHttpClient(server.url);
      expect((await watcher.client.listTools()).tools.map((tool) => tool.name)).not.toContain('cancel_order');
      await buyer.callTool({ name: 'place_order', arguments: { item: 'eggs', quantity: 1 } });
      expect((await watcher.nextToolList()).map((tool) => tool.name)).toContain('cancel_order');
      await buyer.callTool({ name: 'cancel_order', arguments: { orderId: 'order-0001' } });
      expect((await watcher.nextToolList()).map((tool) => tool.name)).not.toContain('cancel_order');
      await Promise.all([watcher.client.close(), buyer.close()]);
    } finally {
      expect(await server.stop(), `exit code; stderr: ${server.stderr()}`).toBe(0);
    }
  });
});
