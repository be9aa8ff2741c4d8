// An async queue that callbacks push into and one generator drains with `for await`. Host side:
// it carries LoopEvents from a turn's concurrent tool calls (and the workers they start) out
// through the loop's `yield`, which cannot be reached from a callback or while parked on an await.

import { BufferedQueue } from './event-queue/buffered-queue.js';

export interface EventQueue<T> extends AsyncIterable<T> {
  /** Buffer an item for the consumer. Ignored once the queue is closed or failed. */
  push(item: T): void;
  /** End the iteration once the buffered items are delivered. */
  close(): void;
  /** End the iteration by throwing `error` once the buffered items are delivered. */
  fail(error: unknown): void;
  readonly closed: boolean;
}

/**
 * One consumer at a time. The buffer behind it (event-queue/buffered-queue.ts) is tuned for bursts
 * of many thousands of events; the idea is only this: callbacks push, one side closes (or fails),
 * and the loop reads with `for await (const event of queue) yield event`.
 */
export function createEventQueue<T>(): EventQueue<T> {
  return new BufferedQueue<T>();
}

/**
 * Ties the queue's end to the work that fills it: closed when `work` fulfils, failed when it
 * rejects. Without the reject path one throwing worker leaves the consumer waiting forever.
 * Returns the queue, ready for `for await`; await `work` afterwards for its value.
 */
export function drainWhile<T>(queue: EventQueue<T>, work: Promise<unknown>): AsyncIterable<T> {
  work.then(
    () => queue.close(),
    (error: unknown) => queue.fail(error),
  );
  return queue;
}
