// Opens a revision 2025-11-25 session with the v1 client SDK, over Streamable HTTP or stdio. Host
// side, at the wire. The session declares no sampling, forms or roots: a check asks nothing of a
// person and lends the server no model.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { type CheckTarget, isCommandTarget } from '../server-offer.js';
import {
  allPages,
  CHECK_CLIENT,
  describeServerInfo,
  type OpenEraSession,
  pipeStderr,
  stdioParameters,
} from './era-session.js';

export const openSession2025: OpenEraSession = async (target, timeoutMs, onStderr) => {
  const transport = openTransport(target, onStderr);
  const client = new Client(CHECK_CLIENT, { capabilities: {} });
  try {
    await client.connect(transport, { timeout: timeoutMs });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  const request = { timeout: timeoutMs };
  return {
    serverInfo: describeServerInfo(client.getServerVersion()),
    protocolVersion: (transport as { protocolVersion?: string }).protocolVersion ?? '2025-11-25',
    capabilities: client.getServerCapabilities() ?? {},
    listTools: () =>
      allPages(async (cursor) => {
        const page = await client.listTools(cursor === undefined ? {} : { cursor }, request);
        return { items: page.tools, nextCursor: page.nextCursor };
      }),
    listToolsAsSent: () =>
      allPages(async (cursor) => {
        const page = await client.request(
          { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
          looseToolList,
          request,
        );
        return { items: page.tools as Tool[], nextCursor: page.nextCursor };
      }),
    listPrompts: () =>
      allPages(async (cursor) => {
        const page = await client.listPrompts(cursor === undefined ? {} : { cursor }, request);
        return { items: page.prompts, nextCursor: page.nextCursor };
      }),
    listResources: () =>
      allPages(async (cursor) => {
        const page = await client.listResources(cursor === undefined ? {} : { cursor }, request);
        return { items: page.resources, nextCursor: page.nextCursor };
      }),
    listResourceTemplates: () =>
      allPages(async (cursor) => {
        const page = await client.listResourceTemplates(cursor === undefined ? {} : { cursor }, request);
        return { items: page.resourceTemplates, nextCursor: page.nextCursor };
      }),
    close: () => client.close(),
  };
};

/** Any tools/list answer with an array of tools, checked no further. */
const looseToolList = z.looseObject({
  tools: z.array(z.looseObject({ name: z.string() })),
  nextCursor: z.string().optional(),
});

function openTransport(target: CheckTarget, onStderr: (line: string) => void): Transport {
  if (!isCommandTarget(target)) {
    return new StreamableHTTPClientTransport(new URL(target.url), {
      ...(target.headers === undefined ? {} : { requestInit: { headers: target.headers } }),
    });
  }
  const transport = new StdioClientTransport(stdioParameters(target));
  pipeStderr(transport.stderr, onStderr);
  return transport;
}
