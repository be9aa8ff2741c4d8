// A tool called by hand from the page's inspector, in the revision its server speaks: on a
// session of its own, pinned to that revision, with every JSON-RPC message kept in order and the
// revision said, and the server's sampling requests and forms answered as the caller says. The
// host's recordToolCall does the session; this picks its revision. App side.

import {
  type ProtocolEra,
  REVISION_2025,
  REVISION_2026,
  type RecordedToolCall,
  recordToolCall,
  type ServerConnection,
  type ServerRequestHandlers,
  type WireMessage,
  withDefined,
} from '@kitchen/host';

export type HandCall = RecordedToolCall & {
  /** The revision the call's session spoke: the one the server speaks to the kitchen, as it agreed. */
  revision: string;
};

export interface HandCallOptions {
  /** The revision the kitchen's own toolbox connected in; undefined when it did not connect. */
  era: ProtocolEra | undefined;
  timeoutMs: number;
  clientName: string;
  /** How the session answers the server's sampling requests and forms; without them it offers neither. */
  handlers?: ServerRequestHandlers;
}

/** Never throws: a server that is down or fails ends in the outcome's words. */
export async function callInServersRevision(
  connection: ServerConnection,
  tool: string,
  input: Record<string, unknown>,
  options: HandCallOptions,
): Promise<HandCall> {
  const in2026 = options.era === REVISION_2026 && 'url' in connection;
  const call = await recordToolCall(in2026 ? { ...connection, protocol: REVISION_2026 } : connection, tool, input, {
    timeoutMs: options.timeoutMs,
    clientName: options.clientName,
    ...withDefined({ handlers: options.handlers }),
  });
  return { ...call, revision: in2026 ? REVISION_2026 : (agreedRevision(call.messages) ?? REVISION_2025) };
}

/** The protocolVersion of the server's answer to initialize. */
function agreedRevision(messages: readonly WireMessage[]): string | undefined {
  for (const { direction, message } of messages) {
    const result = direction === 'in' && 'result' in message ? (message.result as Record<string, unknown>) : undefined;
    if (typeof result?.['protocolVersion'] === 'string') return result['protocolVersion'];
  }
  return undefined;
}
