// The fetch the host's Streamable HTTP transports use. Host side, right at the wire: it reads a
// request's SSE answer once, for the SDK, and fixes two things the SDK's client transport does not
// handle on long, parallel runs.

import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { watchForBreak } from './break-watch.js';
import { followSignal } from './follow-signal.js';
import { jsonRpcRequestIds } from './json-rpc-ids.js';
import { readLoneAnswer } from './lone-answer.js';

/**
 * A transport's fetch over `network` (the global fetch, or a wire recorder's, which then records
 * the bytes that really crossed the wire). Make one per transport: it remembers what the
 * transport's SDK has been shown.
 *
 * 1. With `readLoneAnswers` (the v1 SDK's transport, 2025-11-25), the answer to a request that
 *    comes as an SSE stream holding nothing else (a priming event and the one message, as a
 *    tools/call on a local server mostly does) is read here and handed to the SDK as the JSON
 *    response a server may send instead, which the SDK parses once: its SSE pipeline (two
 *    transform streams per call) is not built, and the line is not read twice. Any other stream
 *    (progress, a server's request mid-call, a break) reaches the SDK whole, from its first byte
 *    (see lone-answer.ts). The v2 SDK's transport (2026-07-28) is told when a request's stream
 *    ends, which a JSON answer would not tell it: its streams are passed on as they come.
 * 2. The transport hands its one AbortSignal (aborted on close) to every fetch. Undici adds a
 *    listener to that signal per request and removes it only once the request is garbage
 *    collected, so the long-lived signal collects listeners, and each new one costs a walk of the
 *    list. Each fetch here gets its own signal instead, which follows the transport's while the
 *    response may still stream: one listener per transport, not one per request.
 * 3. A stream that breaks before answering fails its calls at once (see break-watch.ts), instead
 *    of leaving them to wait for their timeout.
 */
export function transportFetch(network: FetchLike = fetch, { readLoneAnswers = false } = {}): FetchLike {
  /** The reconnection delay (SSE `retry:`) the SDK was last shown in a stream. */
  let retryShown: string | undefined;
  return async (url, init) => {
    const transportSignal = init?.signal ?? undefined;
    const own = transportSignal === undefined ? undefined : followWhileStreaming(transportSignal);
    let response: Response;
    try {
      response = await network(url, own === undefined ? init : { ...init, signal: own.signal });
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
    const reader = response.body.getReader();
    const [requestId] = requestIds;
    if (!readLoneAnswers || requestId === undefined || requestIds.length > 1)
      return withBody(response, watchForBreak(reader, requestIds, transportSignal, own?.done));
    const read = await readLoneAnswer(reader, requestId, retryShown);
    if (read.kind === 'answer') {
      own?.done();
      return new ReadAnswer(read.json, response);
    }
    if (read.retry !== undefined) retryShown = read.retry;
    return withBody(response, watchForBreak(reader, requestIds, transportSignal, own?.done, read.readSoFar));
  };
}

/**
 * The response to a request whose SSE answer was read here, as the JSON response a server may
 * send instead. Its text is held, not streamed: a Response made from a string builds a
 * ReadableStream for it and reads it back through the stream (some tens of microseconds a call).
 */
class ReadAnswer extends Response {
  override readonly json: () => Promise<unknown>;
  override readonly text: () => Promise<string>;

  constructor(json: string, from: Response) {
    const headers = new Headers(from.headers);
    headers.set('content-type', 'application/json');
    super(null, { status: from.status, statusText: from.statusText, headers });
    this.json = async () => JSON.parse(json);
    this.text = async () => json;
  }
}

/**
 * The response with its body replaced: a new Response would copy every header and check the body
 * again, once per call, for nothing the SDK reads.
 */
function withBody(response: Response, body: ReadableStream<Uint8Array>): Response {
  Object.defineProperty(response, 'body', { value: body });
  return response;
}

/**
 * A signal for one fetch that aborts when the transport's does, until `done` is called. The
 * transport's signal gets a single listener, however many fetches it has seen.
 */
function followWhileStreaming(transportSignal: AbortSignal): { signal: AbortSignal; done: () => void } | undefined {
  if (transportSignal.aborted) return undefined;
  const controller = new AbortController();
  return { signal: controller.signal, done: followSignal(transportSignal, controller) };
}
