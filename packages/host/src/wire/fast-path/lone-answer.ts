// A request's SSE response read here, once, when it holds nothing but the answer. Host side, right
// at the wire (see transport-fetch.ts): the SDK's transport reads every SSE response through a
// TextDecoderStream and an EventSourceParserStream made for it, a good part of a tool call's CPU on
// a local server, while most answers to a tools/call are a priming event and one message.

import type { ReadableStreamReadResult } from 'node:stream/web';
import type { ReadSoFar } from './break-watch.js';
import { answeredId } from './json-rpc-ids.js';

export type LoneAnswerRead =
  /** The stream held the answer to the request and nothing the SDK would act on besides; it has ended. */
  | { kind: 'answer'; json: string }
  /**
   * Anything else (progress, a request from the server, a break, an answer with more to follow):
   * the stream is the SDK's to read, from the start. `retry` is the last reconnection delay in
   * what was read, which the SDK will now see.
   */
  | { kind: 'stream'; readSoFar: ReadSoFar; retry?: string };

/** One event of the stream, as far as the SDK's reading of it goes. */
type ReadEvent = { kind: 'empty' | 'answer' | 'other'; data?: string; retry?: string };

/** The end of a stream after its answer did not come in time: the stream is left to the SDK. */
const LATER = Symbol('later');

/**
 * Reads the SSE response to the request `requestId` while it holds only events the SDK skips (no
 * data: a priming event) and the answer, until it ends. `retryShown` is the reconnection delay the
 * SDK last saw: an event that sets another one is left to the SDK, so it learns the new delay as
 * it would have. The stream's end is waited for only until the event loop's next turn after the
 * answer: a server that keeps the stream open has its stream read by the SDK, as before.
 */
export async function readLoneAnswer(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  requestId: string | number,
  retryShown: string | undefined,
): Promise<LoneAnswerRead> {
  const chunks: Uint8Array[] = [];
  /** What follows the last whole event read. */
  let unread: Uint8Array = new Uint8Array(0);
  let answer: string | undefined;
  let retry: string | undefined;
  /** `pending`: a read not yet taken into `chunks`. */
  const handOver = (pending?: Promise<ReadableStreamReadResult<Uint8Array>>): LoneAnswerRead => ({
    kind: 'stream',
    readSoFar: { chunks, ...(pending === undefined ? {} : { pending }) },
    ...(retry === undefined ? {} : { retry }),
  });
  for (;;) {
    const reading = reader.read();
    let next: ReadableStreamReadResult<Uint8Array> | typeof LATER;
    try {
      next = answer === undefined ? await reading : await Promise.race([reading, nextTurn()]);
    } catch {
      // A break: the SDK's reading of it (and the break watch) decide what the call learns.
      return handOver(reading);
    }
    if (next === LATER) return handOver(reading);
    if (next.done) {
      return answer !== undefined && unread.length === 0 ? { kind: 'answer', json: answer } : handOver(reading);
    }
    chunks.push(next.value);
    unread = unread.length === 0 ? next.value : joined(unread, next.value);
    // The SDK's servers end lines with \n; any other framing is left to the SDK's parser.
    if (unread.includes(CR)) return handOver();
    let start = 0;
    for (let end = eventEnd(unread, start); end !== -1; end = eventEnd(unread, start)) {
      const event = readEvent(decoder.decode(unread.subarray(start, end)), requestId);
      start = end + 2;
      if (event.retry !== undefined) retry = event.retry;
      const known = event.retry === undefined || event.retry === retryShown;
      if (event.kind === 'empty' && known) continue;
      if (event.kind === 'answer' && known && answer === undefined) {
        answer = event.data;
        continue;
      }
      return handOver();
    }
    unread = unread.subarray(start);
  }
}

const LF = 10;
const CR = 13;
/**
 * Decodes whole events only: an event ends at an ASCII newline, never inside a character, so no
 * state is carried from one call to the next and one decoder serves every stream.
 */
const decoder = new TextDecoder();

/** Where the event that starts at `from` ends (its blank line), or -1 while it is not whole. */
function eventEnd(bytes: Uint8Array, from: number): number {
  for (let newline = bytes.indexOf(LF, from); newline !== -1; newline = bytes.indexOf(LF, newline + 1)) {
    if (bytes[newline + 1] === LF) return newline;
  }
  return -1;
}

function joined(head: Uint8Array, tail: Uint8Array): Uint8Array {
  const both = new Uint8Array(head.length + tail.length);
  both.set(head);
  both.set(tail, head.length);
  return both;
}

/** An event's fields as an SSE parser reads them; `other` for anything but no data or the answer. */
function readEvent(event: string, requestId: string | number): ReadEvent {
  let data: string | undefined;
  let type: string | undefined;
  let retry: string | undefined;
  for (const line of event.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(line.charCodeAt(colon + 1) === 32 ? colon + 2 : colon + 1);
    if (field === 'data') {
      // Several data lines make one value joined by newlines: not the one-line JSON the SDK writes.
      if (data !== undefined) return { kind: 'other' };
      data = value;
    } else if (field === 'event') type = value;
    else if (field === 'retry') retry = value;
    else if (field !== 'id') return { kind: 'other' };
  }
  const withRetry = retry === undefined ? {} : { retry };
  // The SDK skips an event without data (a priming event, a keep-alive), whatever its type.
  if (data === undefined || data === '') return { kind: 'empty', ...withRetry };
  if (type !== undefined && type !== 'message') return { kind: 'other' };
  return answeredId(data) === requestId ? { kind: 'answer', data, ...withRetry } : { kind: 'other' };
}

function nextTurn(): Promise<typeof LATER> {
  return new Promise((resolve) => setImmediate(resolve, LATER));
}
