// The two sides every comparison runs on: the raw SDK client (baseline) and the kitchen's Toolbox,
// both connected over real HTTP to one echo server in this process.

import { Toolbox } from '@kitchen/host';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type ReceivedMessages, serveEcho } from './echo-server.js';
import { connectRawClient } from './raw-client.js';

export interface BenchSides {
  raw: Client;
  toolbox: Toolbox;
  /** What the echo server received, from either side. */
  received: ReceivedMessages;
  close(): Promise<void>;
}

export async function openBenchSides(): Promise<BenchSides> {
  const echo = await serveEcho();
  try {
    const raw = await connectRawClient(echo.url);
    const toolbox = await Toolbox.connect([{ name: 'echo', url: echo.url }], { clientName: 'kitchen-bench' }).catch(
      async (error: unknown) => {
        await raw.close();
        throw error;
      },
    );
    return {
      raw: raw.client,
      toolbox,
      received: echo.received,
      close: async () => {
        await Promise.allSettled([toolbox.close(), raw.close()]);
        await echo.close();
      },
    };
  } catch (error) {
    await echo.close();
    throw error;
  }
}
