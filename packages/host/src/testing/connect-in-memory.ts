// Builds a Toolbox over in-process MCP servers, for tests. Host side: it takes anything with the
// McpServer's connect(transport), so the host still never imports a server package.

import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { Toolbox, type ToolboxOptions } from '../toolbox.js';

/** The part of an McpServer the toolbox needs: it accepts the server end of a transport. */
export interface InMemoryServer {
  connect(transport: Transport): Promise<void>;
}

/** One linked in-memory pair per server, keyed by server name; sampling round-trips work over it. */
export async function connectInMemory(
  servers: Record<string, InMemoryServer>,
  options: ToolboxOptions = {},
): Promise<Toolbox> {
  const connections = await Promise.all(
    Object.entries(servers).map(async ([name, server]) => {
      const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
      await server.connect(serverEnd);
      return { name, url: `in-memory:${name}`, transport: clientEnd };
    }),
  );
  return Toolbox.fromTransports(connections, options);
}
