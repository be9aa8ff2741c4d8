// The fetch the host's Streamable HTTP transports use. Host side, right at the wire: it fixes two
// things the SDK's client transport does not handle on long, parallel runs.

import { setMaxListeners } from 'node:events';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/** JSON-RPC "connection closed", the code the SDK itself uses when a transport goes away. */
const CONNECTION_CLOSED = -32000;

/**
 * 1. The transport hands its one AbortSignal to every fetch; a fetch that adds an abort listener
 *    per request makes Node warn about a listener leak with 16 calls in flight. Many listeners on
 *    this signal are expected, so the limit is lifted.
 * 2. When a server dies while answering a tools/call on an SSE stream, the SDK only reports
 *    "SSE stream disconnected" to onerror and leaves the call waiting for its timeout (a minute
 *    by default). We watch each response stream and, if it breaks before answering, append a
 *    JSON-RPC error for the request, so the call fails at once with a message that says why.
 *    Streams that carry event ids are resumable: those are left to the SDK's reconnection.
 */
export const transportFetch: FetchLike = async (url, init) => {
  if (init?.signal) setMaxListeners(0, init.signal);
  const response = await fetch(url, init);
  const requestIds = jsonRpcRequestIds(init?.body);
  const isEventStream = response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
  if (!response.ok || !response.body || !isEventStream || requestIds.length === 0) return response;
  const watched = watchForBreak(response.body, requestIds, init?.signal ?? undefined);
  return new Response(watched, { status: response.status, statusText: response.statusText, headers: response.headers });
};

function jsonRpcRequestIds(body: RequestInit['body']): Array<string | number> {
  if (typeof body !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(body);
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    return messages.flatMap((message: unknown) =>
      isRecord(message) &&
      typeof message.method === 'string' &&
      (typeof message.id === 'string' || typeof message.id === 'number')
        ? [message.id]
        : [],
    );
  } catch {
    return [];
  }
}

function watchForBreak(
  body: ReadableStream<Uint8Array>,
  requestIds: Array<string | number>,
  transportSignal: AbortSignal | undefined,
): ReadableStream<Uint8Array> {
  const pending = new Set(requestIds);
  let resumable = false;
  let partialLine = '';
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();

  // Reads just enough of the SSE framing to know which requests were answered.
  function observe(chunk: Uint8Array): void {
    const lines = (partialLine + decoder.decode(chunk, { stream: true })).split(/\r?\n/);
    partialLine = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('id:')) resumable = true;
      if (!line.startsWith('data:')) continue;
      try {
        const message: unknown = JSON.parse(line.slice('data:'.length));
        if (isRecord(message) && ('result' in message || 'error' in message))
          pending.delete(message.id as string | number);
      } catch {
        // Not a whole JSON message on one line: the SDK's own parser deals with it.
      }
    }
  }

  function orphanedAnswers(reason: string): Uint8Array | undefined {
    if (resumable || pending.size === 0 || transportSignal?.aborted) return undefined;
    // The leading blank line ends any event the break cut in half.
    const events = [...pending].map((id) => {
      const error = { jsonrpc: '2.0', id, error: { code: CONNECTION_CLOSED, message: reason } };
      return `event: message\ndata: ${JSON.stringify(error)}\n\n`;
    });
    return encoder.encode(`\n\n${events.join('')}`);
  }

  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) {
          const answers = orphanedAnswers('the server closed the response stream without answering');
          if (answers) controller.enqueue(answers);
          controller.close();
          return;
        }
        observe(value);
        controller.enqueue(value);
      } catch (error) {
        const answers = orphanedAnswers(
          `the connection to the server broke mid-call (${error instanceof Error ? error.message : String(error)})`,
        );
        if (!answers) throw error;
        controller.enqueue(answers);
        controller.close();
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
