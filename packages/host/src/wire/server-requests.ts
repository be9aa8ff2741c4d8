// What the host answers a server with in either era: its request handlers, its roots, a refusal
// for a feature it does not offer, and the tool list (all pages) of a 2025-11-25 session. Host side,
// at the wire. Apart from server-client.ts (the 2025-11-25 client itself), so that a run whose
// servers all speak 2026-07-28 never loads the v1 client SDK: server-connector.ts imports that
// module only when a server falls back to or is pinned to 2025-11-25.

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitRequest,
  type ElicitResult,
  ErrorCode,
  type LoggingMessageNotification,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { ServerCalls } from '../loop/tool-call-context.js';
import type { ToolCallContext } from '../tool-types.js';
import { withDefined } from '../with-defined.js';

/**
 * How a server's question reached the host: pushed as a request of its own while a call was open
 * (revision 2025-11-25), or embedded in an `input_required` result that the host answers and
 * retries the call with (2026-07-28). The same handlers answer both.
 */
export type ServerRequestVia = 'push' | 'input_required';

export interface ServerRequestHandlers {
  /**
   * Called for sampling/createMessage and elicitation/create from a server. `context` is the
   * ToolCallContext of the tools/call that caused it (found by ServerCalls), or undefined
   * when the request came outside any call. `signal` fires when the server cancels or the call ends.
   * `via` says which mechanism carried it (absent: pushed).
   */
  sampling?: (
    server: string,
    params: CreateMessageRequest['params'],
    context: ToolCallContext | undefined,
    signal: AbortSignal,
    via?: ServerRequestVia,
  ) => Promise<CreateMessageResult>;
  elicitation?: (
    server: string,
    params: ElicitRequest['params'],
    context: ToolCallContext | undefined,
    signal: AbortSignal,
    via?: ServerRequestVia,
  ) => Promise<ElicitResult>;
}

/** A folder (file:// URI) the host tells servers they may work in. */
export interface Root {
  uri: string;
  name?: string;
}

export interface ServerClientOptions {
  server: string;
  /** Answers roots/list; read on every request, so a change shows at once. */
  roots: () => Root[];
  clientName: string;
  clientVersion: string;
  handlers: ServerRequestHandlers | undefined;
  /** The tool calls in flight to this server: a request it sends back is routed to the one it belongs to. */
  calls: ServerCalls;
  /** Called on notifications/tools/list_changed; the caller refetches the list (all pages). */
  onToolsChanged: () => void;
  /** Called on notifications/resources/list_changed or prompts/list_changed; the caller refetches. */
  onFeaturesChanged?: () => void;
  /** Called for each notifications/message (a log line the server sends). */
  onLog?: (params: LoggingMessageNotification['params']) => void;
  /** Called for notifications/resources/updated about a resource the host subscribed to. */
  onResourceUpdated?: (uri: string) => void;
}

/** Every tool a server offers, following pagination cursors; none from a server without the tools capability. */
export async function listAllTools(client: Client, timeoutMs: number): Promise<Tool[]> {
  // A server that offers only resources or prompts answers tools/list with "method not found".
  if (client.getServerCapabilities()?.tools === undefined) return [];
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(withDefined({ cursor }), { timeout: timeoutMs });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

/**
 * Answers roots/list with the host's roots as they are now. The same answer goes to a 2025 server
 * that pushes the request and to a 2026 one that asks for it in an `input_required` result.
 */
export function answerRootsList(roots: () => Root[]): () => Promise<{ roots: Root[] }> {
  return async () => ({ roots: roots() });
}

export function notOffered(feature: string, server: string): JsonRpcRefusal {
  // The capability is always declared, so a server may ask; without a handler the honest
  // answer is a JSON-RPC error the server can turn into a tool result.
  return new JsonRpcRefusal(
    ErrorCode.MethodNotFound,
    `This host does not offer ${feature}: no handler is configured, so server "${server}" cannot use it.`,
  );
}

/** The SDK answers a throwing handler with the error's numeric `code` and its `message` as they are. */
class JsonRpcRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Aborts when the server cancels its request or the tool call that caused it is aborted. */
export function linkedSignal(requestSignal: AbortSignal, context: ToolCallContext | undefined): AbortSignal {
  return context ? AbortSignal.any([requestSignal, context.signal]) : requestSignal;
}
