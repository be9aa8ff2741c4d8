// The baseline: a bare MCP SDK client over Streamable HTTP, with nothing of the kitchen in
// between. Host side of the boundary, but deliberately not the host's code.

import { setMaxListeners } from 'node:events';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export interface RawClient {
  client: Client;
  close(): Promise<void>;
}

/**
 * The transport hands one AbortSignal to every fetch, so 16 calls in flight trip Node's listener
 * leak warning. Lifting the limit is the one change the baseline needs; it costs nothing measurable.
 */
const quietFetch: FetchLike = (url, init) => {
  if (init?.signal) setMaxListeners(0, init.signal);
  return fetch(url, init);
};

export async function connectRawClient(url: string): Promise<RawClient> {
  const transport = new StreamableHTTPClientTransport(new URL(url), { fetch: quietFetch });
  const client = new Client({ name: 'bench-raw-client', version: '0.1.0' });
  await client.connect(transport);
  return {
    client,
    close: async () => {
      await transport.terminateSession().catch(() => undefined);
      await client.close();
    },
  };
}

/** The text of a result, the way a minimal host would hand it to a model. */
export function resultText(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n\n');
}
