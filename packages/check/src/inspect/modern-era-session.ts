// Opens a revision 2026-07-28 session with the v2 client SDK, pinned to that revision so a server
// that does not speak it is refused rather than quietly met in 2025-11-25. Host side, at the wire.

import { withDefined } from '@kitchen/host';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Prompt, Resource, ResourceTemplate, ServerCapabilities, Tool } from '@modelcontextprotocol/sdk/types.js';
import { type CheckTarget, isCommandTarget } from '../server-offer.js';
import type { EraSession } from './era-session.js';
import { CHECK_CLIENT } from './legacy-era-session.js';

export const MODERN_ERA = '2026-07-28';

export async function openModernSession(
  target: CheckTarget,
  timeoutMs: number,
  onStderr: (line: string) => void,
): Promise<EraSession> {
  const client = new Client(CHECK_CLIENT, {
    capabilities: {},
    versionNegotiation: { mode: { pin: MODERN_ERA }, probe: { timeoutMs } },
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
  const version = client.getServerVersion();
  // The v2 types describe the same JSON as the v1 ones the rules read; only the classes differ.
  return {
    serverInfo: version === undefined ? '(no serverInfo)' : `${version.name} ${version.version}`,
    protocolVersion: client.getNegotiatedProtocolVersion() ?? MODERN_ERA,
    capabilities: (client.getServerCapabilities() ?? {}) as ServerCapabilities,
    // Without a cursor the v2 client walks every page itself.
    listTools: async () => (await client.listTools(undefined, request)).tools as Tool[],
    listPrompts: async () => (await client.listPrompts(undefined, request)).prompts as Prompt[],
    listResources: async () => (await client.listResources(undefined, request)).resources as Resource[],
    listResourceTemplates: async () =>
      (await client.listResourceTemplates(undefined, request)).resourceTemplates as ResourceTemplate[],
    close: () => client.close(),
  };
}

function openTransport(target: CheckTarget, onStderr: (line: string) => void) {
  if (!isCommandTarget(target)) {
    return new StreamableHTTPClientTransport(new URL(target.url), {
      ...(target.headers === undefined ? {} : { requestInit: { headers: target.headers } }),
    });
  }
  // A subclass: the SDK probes a plain StdioClientTransport on a second, short-lived copy of the
  // server, and a subclass in place, so the command is started once for this era.
  const transport = new InPlaceStdioTransport({
    command: target.command,
    ...withDefined({ args: target.args, env: target.env, cwd: target.cwd }),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => {
    for (const line of String(chunk).split('\n')) if (line.trim() !== '') onStderr(line);
  });
  return transport;
}

class InPlaceStdioTransport extends StdioClientTransport {}
