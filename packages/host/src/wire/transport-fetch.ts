// The fetch the host's Streamable HTTP transports use. Host side, right at the wire: it fixes two
// things the SDK's client transport does not handle on long, parallel runs.

import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { followSignal } from './follow-signal.js';

/** JSON-RPC "connection closed", the code the SDK itself uses when a transport goes away. */
const CONNECTION_CLOSED = -32000;

/**
 * 1. The transport hands its one AbortSignal (aborted on close) to every fetch. Undici adds a
 *    listener to that signal per request and removes it only once the request is garbage
 *    collected, so the long-lived signal collects listeners, and each new one costs a walk of the
 *    list. Each fetch here gets its own signal instead, which follows the transport's while the
 *    response may still stream: one listener per transport, not one per request.
 * 2. When a server dies while answering a tools/call on an SSE stream, the SDK only reports
 *    "SSE stream disconnected" to onerror and leaves the call waiting for its timeout (a minute
 *    by default). We watch each response stream and, if it breaks before answering, append a
 *    JSON-RPC error for the request, so the call fails at once with a message that says why.
 *    Streams that carry event ids are resumable: those are left to the SDK's reconnection.
 */
export const transportFetch: FetchLike = async (url, init) => {
  const transportSignal = init?.signal ?? undefined;
  const own = transportSignal === undefined ? undefined : followWhileStreaming(transportSignal);
  let response: Response;
  try {
    response = await fetch(url, own === undefined ? init : { ...init, signal: own.signal });
  } catch (error) {
    own?.done();
    throw error;
  }
  const isEventStream = response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
  if (!response.ok || !response.body || !isEventStream) {
    // A JSON answer or an empty 202 is read at once by the SDK: closing the transport has nothing left to stop.
    own?.done();
    return response;
  }
  const requestIds = jsonRpcRequestIds(init?.body);
  if (requestIds.length === 0 && own === undefined) return response;
  // The watched stream replaces the body on this very response: a new Response would copy every
  // header and check the body again, once per call, for nothing the SDK reads.
  Object.defineProperty(response, 'body', {
    value: watchForBreak(response.body, requestIds, transportSignal, own?.done),
  });
  return response;
};

/**
 * A signal for one fetch that aborts when the transport's does, until `done` is called. The
 * transport's signal gets a single listener, however many fetches it has seen.
 */
function followWhileStreaming(transportSignal: AbortSignal): { signal: AbortSignal; done: () => void } | undefined {
  if (transportSignal.aborted) return undefined;
  const controller = new AbortController();
  return { signal: controller.signal, done: followSignal(transportSignal, controller) };
}

/**
 * The ids of the JSON-RPC requests in a POST body, read without parsing it when it has the shape
 * the SDK writes: `{"method":…,"jsonrpc":"2.0","id":7}` (a request, id last) or `{"result":…}` /
 * `{"error":…}` (an answer to the server: no request). Anything else (a batch, a notification,
 * another writer's key order) is parsed.
 */
export function jsonRpcRequestIds(body: RequestInit['body']): Array<string | number> {
  if (typeof body !== 'string') return [];
  if (body.startsWith('{"result":') || body.startsWith('{"error":')) return [];
  if (body.startsWith('{"method":')) {
    const id = trailingId(body);
    if (id !== undefined) return [id];
  }
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

/**
 * The id a JSON message on one SSE `data:` line answers, or undefined when it answers nothing (a
 * request or notification from the server). The SDK parses every line itself; this reads the
 * common shapes from their ends, `{"result":…,"jsonrpc":"2.0","id":7}` and
 * `{"jsonrpc":"2.0","id":7,"result":…}`, and parses only a line of any other shape.
 */
export function answeredId(json: string): string | number | undefined {
  if (json.startsWith('{"method":')) return undefined;
  if (json.startsWith('{"result":') || json.startsWith('{"error":')) {
    const id = trailingId(json);
    if (id !== undefined) return id;
  }
  const leading = LEADING_ANSWER.exec(json);
  if (leading?.[1] !== undefined) return idValue(leading[1]);
  try {
    const message: unknown = JSON.parse(json);
    if (isRecord(message) && ('result' in message || 'error' in message)) {
      const { id } = message;
      return typeof id === 'string' || typeof id === 'number' ? id : undefined;
    }
  } catch {
    // Not a whole JSON message on one line: the SDK's own parser deals with it.
  }
  return undefined;
}

// A member `"id":…` right before the closing brace is a member of the outermost object: a nested
// one would need a second brace, and a string that ends so would need a closing quote.
const TRAILING_ID = /,"id":(-?\d+|"(?:[^"\\]|\\.)*")\}$/;
const LEADING_ANSWER = /^\{"jsonrpc":"2\.0","id":(-?\d+|"(?:[^"\\]|\\.)*"),"(?:result|error)":/;

function trailingId(json: string): string | number | undefined {
  // Only the tail is searched: a long result costs no more than a short one.
  const match = TRAILING_ID.exec(json.length > 200 ? json.slice(-200) : json);
  return match?.[1] === undefined ? undefined : idValue(match[1]);
}

function idValue(text: string): string | number {
  return text.startsWith('"') ? (JSON.parse(text) as string) : Number(text);
}

function watchForBreak(
  body: ReadableStream<Uint8Array>,
  requestIds: Array<string | number>,
  transportSignal: AbortSignal | undefined,
  onEnd: () => void = () => undefined,
): ReadableStream<Uint8Array> {
  const pending = new Set(requestIds);
  let resumable = false;
  let partialLine = '';
  const decoder = new TextDecoder();

  // Reads just enough of the SSE framing to know which requests were answered; once all are (or
  // the stream is resumable), the rest passes through unread.
  function observe(chunk: Uint8Array): void {
    if (resumable || pending.size === 0) return;
    const lines = (partialLine + decoder.decode(chunk, { stream: true })).split(/\r?\n/);
    partialLine = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('id:')) {
        // The SDK resumes a stream with event ids itself: nothing more to watch for.
        resumable = true;
        return;
      }
      if (!line.startsWith('data:')) continue;
      const id = answeredId(line.slice('data:'.length).trimStart());
      if (id !== undefined) pending.delete(id);
    }
  }

  function orphanedAnswers(reason: string): Uint8Array | undefined {
    if (resumable || pending.size === 0 || transportSignal?.aborted) return undefined;
    // The leading blank line ends any event the break cut in half.
    const events = [...pending].map((id) => {
      const error = { jsonrpc: '2.0', id, error: { code: CONNECTION_CLOSED, message: reason } };
      return `event: message\ndata: ${JSON.stringify(error)}\n\n`;
    });
    return new TextEncoder().encode(`\n\n${events.join('')}`);
  }

  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) {
          onEnd();
          const answers = orphanedAnswers('the server closed the response stream without answering');
          if (answers) controller.enqueue(answers);
          controller.close();
          return;
        }
        observe(value);
        controller.enqueue(value);
      } catch (error) {
        onEnd();
        const answers = orphanedAnswers(
          `the connection to the server broke mid-call (${error instanceof Error ? error.message : String(error)})`,
        );
        if (!answers) throw error;
        controller.enqueue(answers);
        controller.close();
      }
    },
    cancel(reason) {
      onEnd();
      return reader.cancel(reason);
    },
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
