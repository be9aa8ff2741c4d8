// The 2026-07-28 path to a server, through the v2 client SDK. Host side, at the wire: the host
// first asks an HTTP server whether it speaks revision 2026-07-28 (server/discover); one that does
// is kept on this client, any other is left to the 2025-11-25 client (server-client.ts). On this
// era a server asks for input with `input_required` results: the v2 client answers them through
// the same handlers the 2025 path uses for pushed requests, then retries the call.

import {
  Client,
  type CallToolResult as ModernCallToolResult,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import type { CallToolResult, CreateMessageRequest, ElicitRequest, Tool } from '@modelcontextprotocol/sdk/types.js';
import { currentToolCallContext } from '../loop/tool-call-context.js';
import { linkedSignal, notOffered, type ServerRequestHandlers } from './server-client.js';
import { MAX_LIST_PAGES } from './server-features.js';

/** The revision each era is named after. A 2025-era server may have negotiated an older one. */
export type ProtocolEra = '2025-11-25' | '2026-07-28';
export const MODERN_ERA: ProtocolEra = '2026-07-28';

export interface ModernServerOptions {
  server: string;
  url: string;
  headers?: Record<string, string>;
  fetch?: (url: string | URL, init?: RequestInit) => Promise<Response>;
  clientName: string;
  clientVersion: string;
  handlers: ServerRequestHandlers | undefined;
  timeoutMs: number;
}

/** A connected 2026-07-28 server: tools (listed, called with input_required answered) and close. */
export interface ModernServer {
  listTools(timeoutMs: number): Promise<Tool[]>;
  callTool(
    params: { name: string; arguments: Record<string, unknown> },
    options: {
      signal: AbortSignal;
      timeout: number;
      resetTimeoutOnProgress: boolean;
      onprogress: (progress: { progress: number; total?: number; message?: string }) => void;
    },
  ): Promise<CallToolResult>;
  close(): Promise<void>;
}

/**
 * Connects when the server offers revision 2026-07-28; undefined when it does not (or cannot be
 * reached): the caller then connects the 2025 way, whose errors say what went wrong. The probe is
 * pinned, not `auto`: `auto` would fall back to a 2025 initialize on this client and leave the
 * server a session the 2025 client then opens again.
 */
export async function connectModernServer(options: ModernServerOptions): Promise<ModernServer | undefined> {
  const { server, handlers } = options;
  const client = new Client(
    { name: options.clientName, version: options.clientVersion },
    {
      capabilities: { sampling: {}, elicitation: { form: { applyDefaults: true } } },
      versionNegotiation: { mode: { pin: MODERN_ERA }, probe: { timeoutMs: options.timeoutMs } },
      // The default: embedded requests go to the handlers below, then the call is retried.
      inputRequired: { autoFulfill: true },
    },
  );
  // The v2 types describe the same JSON as the v1 ones the handlers take; only the classes differ.
  client.setRequestHandler('sampling/createMessage', async (request, extra) => {
    if (!handlers?.sampling) throw notOffered('sampling (sampling/createMessage)', server);
    const context = currentToolCallContext();
    const params = request.params as CreateMessageRequest['params'];
    return handlers.sampling(server, params, context, linkedSignal(extra.mcpReq.signal, context), 'input_required');
  });
  client.setRequestHandler('elicitation/create', async (request, extra) => {
    if (!handlers?.elicitation) throw notOffered('elicitation (elicitation/create)', server);
    const context = currentToolCallContext();
    const params = request.params as ElicitRequest['params'];
    return handlers.elicitation(server, params, context, linkedSignal(extra.mcpReq.signal, context), 'input_required');
  });
  const transport = new StreamableHTTPClientTransport(new URL(options.url), {
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.headers === undefined ? {} : { requestInit: { headers: options.headers } }),
  });
  try {
    await client.connect(transport, { timeout: options.timeoutMs });
  } catch {
    await client.close().catch(() => undefined);
    return undefined;
  }
  if (client.getProtocolEra() !== 'modern') {
    await client.close().catch(() => undefined);
    return undefined;
  }
  return {
    listTools: async (timeoutMs) => {
      const tools: Tool[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
        const listed = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: timeoutMs });
        tools.push(...(listed.tools as Tool[]));
        cursor = listed.nextCursor;
        if (cursor === undefined) break;
      }
      return tools;
    },
    callTool: async (params, callOptions) =>
      (await client.callTool(params, callOptions)) satisfies ModernCallToolResult as CallToolResult,
    close: () => client.close(),
  };
}
