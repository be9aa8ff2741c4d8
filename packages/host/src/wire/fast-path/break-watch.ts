// An SSE response body as the SDK's transport reads it, watched for a break before the answer.
// Host side, right at the wire (see transport-fetch.ts, which hands the SDK this stream).

import type { ReadableStreamReadResult } from 'node:stream/web';
import { answeredId } from './json-rpc-ids.js';

/** JSON-RPC "connection closed", the code the SDK itself uses when a transport goes away. */
const CONNECTION_CLOSED = -32000;

/** Where the watched stream starts: what was read from `reader` before it was handed on. */
export interface ReadSoFar {
  /** Chunks already taken from the reader, passed on first, in order. */
  chunks: Uint8Array[];
  /** A read of the reader already under way, passed on next. */
  pending?: Promise<ReadableStreamReadResult<Uint8Array>>;
}

/**
 * When a server dies while answering a tools/call on an SSE stream, the SDK only reports "SSE
 * stream disconnected" to onerror and leaves the call waiting for its timeout (a minute by
 * default). This stream passes the body through byte for byte and, if it breaks or ends before
 * answering `requestIds`, appends a JSON-RPC error for each, so the call fails at once with a
 * message that says why. Streams that carry event ids are resumable: those are left to the SDK's
 * reconnection. `onEnd` is called once the body is done with, however it ends.
 */
export function watchForBreak(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  requestIds: Array<string | number>,
  transportSignal: AbortSignal | undefined,
  onEnd: () => void = () => undefined,
  readSoFar: ReadSoFar = { chunks: [] },
): ReadableStream<Uint8Array> {
  const pending = new Set(requestIds);
  const replay = readSoFar.chunks;
  let started = readSoFar.pending;
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

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const replayed = replay.shift();
      if (replayed !== undefined) {
        observe(replayed);
        controller.enqueue(replayed);
        return;
      }
      try {
        const next = started ?? reader.read();
        started = undefined;
        const { value, done } = await next;
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
