// One tools/call made by hand, on a session of its own, with every JSON-RPC message that crossed
// the wire kept in order: what a server developer wants to see while building a server. Host
// side, at the wire. The session offers no sampling and no forms (a call made by hand has no
// model and nobody to ask), and it is closed when the call ends.

import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describeError } from '../errors.js';
import type { ToolOutcome } from '../tool-types.js';
import { withDefined } from '../with-defined.js';
import type { ServerConnection } from './server-connection.js';
import { readToolResult } from './tool-result-content.js';

export interface WireMessage {
  /** out: from the host to the server; in: from the server. */
  direction: 'out' | 'in';
  at: number;
  message: JSONRPCMessage;
}

export interface RecordedToolCall {
  outcome: ToolOutcome;
  /** Every message of the session, from initialize to the call's answer. */
  messages: WireMessage[];
  durationMs: number;
}

export interface RecordToolCallOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  clientName?: string;
}

/** Never throws: a server that is down, refuses the arguments or fails ends in the outcome's words. */
export async function recordToolCall(
  server: ServerConnection,
  tool: string,
  input: Record<string, unknown>,
  options: RecordToolCallOptions,
): Promise<RecordedToolCall> {
  const messages: WireMessage[] = [];
  const started = Date.now();
  // The v1 client SDK, loaded only when a call is made by hand (not by every run of the CLI).
  const [{ Client }, { openTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('./server-transport.js'),
  ]);
  const { transport } = openTransport(server, () => {});
  const send = transport.send.bind(transport);
  transport.send = (message, sendOptions) => {
    messages.push({ direction: 'out', at: Date.now(), message });
    return send(message, sendOptions);
  };
  const client = new Client({ name: options.clientName ?? 'mcp-kitchen-inspector', version: '0.1.0' });
  const finish = (outcome: ToolOutcome): RecordedToolCall => ({ outcome, messages, durationMs: Date.now() - started });
  try {
    await client.connect(wrapIncoming(transport, messages), { timeout: options.timeoutMs });
    const result = await client.callTool({ name: tool, arguments: input }, undefined, {
      timeout: options.timeoutMs,
      ...withDefined({ signal: options.signal }),
    });
    // Only pre-2024-11-05 servers answer with the old { toolResult } shape.
    if (!Array.isArray(result.content)) return finish({ isError: false, content: JSON.stringify(result) });
    const read = readToolResult(result as CallToolResult, { server: server.name });
    return finish({
      isError: result.isError === true,
      content: read.text,
      ...(read.attachments.length === 0 ? {} : { attachments: read.attachments }),
    });
  } catch (error) {
    return finish({
      isError: true,
      content: `Tool "${tool}" on server "${server.name}" failed: ${describeError(error)}`,
    });
  } finally {
    await client.close().catch(() => {});
  }
}

/** The Protocol sets onmessage in connect(); intercepting the setter sees every message from the start. */
function wrapIncoming(transport: Transport, messages: WireMessage[]): Transport {
  let handler: Transport['onmessage'];
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () => handler,
    set: (next: Transport['onmessage']) => {
      if (next === undefined) {
        handler = undefined;
        return;
      }
      handler = (message, extra) => {
        messages.push({ direction: 'in', at: Date.now(), message });
        next(message, extra);
      };
    },
  });
  return transport;
}
