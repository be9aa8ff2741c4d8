// Opens a revision 2026-07-28 session with the v2 client SDK, pinned to that revision so a server
// that does not speak it is refused rather than quietly met in 2025-11-25. Host side, at the wire.

import { REVISION_2026 } from '@kitchen/host';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Prompt, Resource, ResourceTemplate, ServerCapabilities, Tool } from '@modelcontextprotocol/sdk/types.js';
import { type CheckTarget, isCommandTarget } from '../server-offer.js';
import { CHECK_CLIENT, describeServerInfo, type OpenEraSession, pipeStderr, stdioParameters } from './era-session.js';

export const openSession2026: OpenEraSession = async (target, timeoutMs, onStderr) => {
  const client = new Client(CHECK_CLIENT, {
    capabilities: {},
    versionNegotiation: { mode: { pin: REVISION_2026 }, probe: { timeoutMs } },
  });
  try {
    await client.connect(openTransport(target, onStderr), { timeout: timeoutMs });
    if (client.getProtocolEra() !== 'modern') {
      throw new Error(`it negotiated ${client.getNegotiatedProtocolVersion() ?? 'nothing'} instead`);
    }
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  const request = { timeout: timeoutMs };
  // The v2 types describe the same JSON as the v1 ones the rules read; only the classes differ.
  return {
    serverInfo: describeServerInfo(client.getServerVersion()),
    protocolVersion: client.getNegotiatedProtocolVersion() ?? REVISION_2026,
    capabilities: (client.getServerCapabilities() ?? {}) as ServerCapabilities,
    // Without a cursor the v2 client walks every page itself.
    listTools: async () => (await client.listTools(undefined, request)).tools as Tool[],
    listPrompts: async () => (await client.listPrompts(undefined, request)).prompts as Prompt[],
    listResources: async () => (await client.listResources(undefined, request)).resources as Resource[],
    listResourceTemplates: async () =>
      (await client.listResourceTemplates(undefined, request)).resourceTemplates as ResourceTemplate[],
    close: () => client.close(),
  };
};

function openTransport(target: CheckTarget, onStderr: (line: string) => void) {
  if (!isCommandTarget(target)) {
    return new StreamableHTTPClientTransport(new URL(target.url), {
      ...(target.headers === undefined ? {} : { requestInit: { headers: target.headers } }),
    });
  }
  // A subclass: the SDK probes a plain StdioClientTransport on a second, short-lived copy of the
  // server, and a subclass in place, so the command is started once for this era.
  const transport = new InPlaceStdioTransport(stdioParameters(target));
  pipeStderr(transport.stderr, onStderr);
  return transport;
}

class InPlaceStdioTransport extends StdioClientTransport {}
