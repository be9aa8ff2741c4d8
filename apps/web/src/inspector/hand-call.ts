// A tool called by hand from the page's inspector, in the revision its server speaks: on a
// session of its own, pinned to that revision, with every JSON-RPC message kept in order and the
// revision said. A 2026-07-28 server is called on a toolbox of its own with the host's wire
// recorder; a 2025-11-25 one (or one over stdio) with the host's recordToolCall. App side.

import {
  type HttpServerConnection,
  MAIN_AGENT,
  type ProtocolEra,
  REVISION_2025,
  REVISION_2026,
  type RecordedToolCall,
  recordToolCall,
  type ServerConnection,
  Toolbox,
  type ToolOutcome,
  type WireMessage,
  type WireRecord,
  WireRecorder,
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
}

/** Never throws: a server that is down or fails ends in the outcome's words. */
export async function callInServersRevision(
  connection: ServerConnection,
  tool: string,
  input: Record<string, unknown>,
  options: HandCallOptions,
): Promise<HandCall> {
  if (options.era === REVISION_2026 && 'url' in connection) return callIn2026(connection, tool, input, options);
  const call = await recordToolCall(connection, tool, input, {
    timeoutMs: options.timeoutMs,
    clientName: options.clientName,
  });
  return { ...call, revision: agreedRevision(call.messages) ?? REVISION_2025 };
}

/** The protocolVersion of the server's answer to initialize. */
function agreedRevision(messages: readonly WireMessage[]): string | undefined {
  for (const { direction, message } of messages) {
    const result = direction === 'in' && 'result' in message ? (message.result as Record<string, unknown>) : undefined;
    if (typeof result?.['protocolVersion'] === 'string') return result['protocolVersion'];
  }
  return undefined;
}

async function callIn2026(
  connection: HttpServerConnection,
  tool: string,
  input: Record<string, unknown>,
  options: HandCallOptions,
): Promise<HandCall> {
  const started = Date.now();
  const wire = new WireRecorder();
  // No sampling and no forms: a call made by hand has no model and nobody to ask.
  const toolbox = await Toolbox.connect([{ ...connection, protocol: REVISION_2026 }], {
    clientName: options.clientName,
    callTimeoutMs: options.timeoutMs,
    connectTimeoutMs: options.timeoutMs,
    wire,
  });
  let outcome: ToolOutcome;
  try {
    const unavailable = toolbox.unavailable[0];
    const named = toolbox.list().find((known) => known.server === connection.name && known.originalName === tool);
    outcome =
      unavailable !== undefined
        ? { isError: true, content: `Server "${connection.name}" could not be reached: ${unavailable.error.message}` }
        : named === undefined
          ? { isError: true, content: `${connection.name} offers no tool "${tool}" in ${REVISION_2026}.` }
          : await toolbox.call(named.name, input, {
              callId: 'hand-call',
              agent: MAIN_AGENT,
              signal: AbortSignal.timeout(options.timeoutMs),
              emit: () => {},
            });
  } finally {
    await toolbox.close().catch(() => undefined);
  }
  const finished = Date.now();
  return {
    outcome,
    messages: wireMessages(wire.records, finished),
    durationMs: finished - started,
    revision: REVISION_2026,
  };
}

/**
 * The JSON-RPC messages among the HTTP records: what the host posted (out), what the server
 * answered or streamed (in). The recorder keeps their order, not their times: each is stamped `at`.
 */
export function wireMessages(records: readonly WireRecord[], at: number): WireMessage[] {
  const messages: WireMessage[] = [];
  for (const record of records) {
    const message = record.kind === 'request' ? record.body : record.kind === 'event' ? record.data : record.body;
    if (typeof message !== 'object' || message === null) continue;
    messages.push({
      direction: record.kind === 'request' ? 'out' : 'in',
      at,
      message: message as WireMessage['message'],
    });
  }
  return messages;
}
