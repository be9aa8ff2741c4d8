// The two sides every comparison runs on: the raw SDK client (baseline) and the kitchen host (its
// Toolbox), both connected over real HTTP to one echo server in this process.

import { parseSpawnLimits, type Toolbox } from '@kitchen/host';
import { KitchenHost } from '@kitchen/runtime/kitchen-host';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type ReceivedMessages, serveEcho } from './echo-server.js';
import { connectRawClient } from './raw-client.js';

export interface BenchSides {
  raw: Client;
  /** The kitchen's own wiring of the host, as the CLI and the web UI build it (no spawn_agent). */
  host: KitchenHost;
  /** The host as `kitchen run` builds it: spawn_agent offered, with the CLI's default limits. */
  cliHost: KitchenHost;
  toolbox: Toolbox;
  /** The echo server's endpoint, for peers that bring their own MCP client. */
  url: string;
  /** What the echo server received, from either side. */
  received: ReceivedMessages;
  close(): Promise<void>;
}

export async function openBenchSides(): Promise<BenchSides> {
  const echo = await serveEcho();
  try {
    const raw = await connectRawClient(echo.url);
    const host = await KitchenHost.connect({
      connections: [{ name: 'echo', url: echo.url }],
      clientName: 'kitchen-bench',
    }).catch(async (error: unknown) => {
      await raw.close();
      throw error;
    });
    const cliHost = await KitchenHost.connect({
      connections: [{ name: 'echo', url: echo.url }],
      clientName: 'kitchen-bench',
      spawnLimits: parseSpawnLimits({}),
    }).catch(async (error: unknown) => {
      await Promise.allSettled([host.close(), raw.close()]);
      throw error;
    });
    return {
      raw: raw.client,
      host,
      cliHost,
      toolbox: host.toolbox,
      url: echo.url,
      received: echo.received,
      close: async () => {
        await Promise.allSettled([host.close(), cliHost.close(), raw.close()]);
        await echo.close();
      },
    };
  } catch (error) {
    await echo.close();
    throw error;
  }
}
