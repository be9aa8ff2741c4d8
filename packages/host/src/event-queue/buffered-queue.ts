// The buffer behind EventQueue: O(1) push and delivery at any backlog, and no generator ticks.
// Host side; tuning the bench asked for, kept apart so event-queue.ts shows only the idea.

import type { EventQueue } from '../event-queue.js';

/** Delivered items below this count are never compacted away: a small backlog costs nothing extra. */
const COMPACT_AFTER = 1024;

type Ending = { failed: false } | { failed: true; error: unknown };

/**
 * One consumer at a time: the queue wakes a single waiting `for await`. Every push and every
 * delivery is O(1) at any backlog: the buffer is read from a moving head (Array#shift moves every
 * item still waiting, so a 100k burst drained in O(n²)), and the delivered prefix is dropped once
 * it outweighs what is left.
 *
 * A class rather than closures: the loop makes a queue every turn, and methods on the prototype
 * cost nothing per queue. The queue is its own iterator, with `next` written out rather than as
 * an async generator: a generator's yield costs extra ticks per item, most of the cost of a queue
 * this small.
 */
export class BufferedQueue<T> implements EventQueue<T>, AsyncIterator<T, undefined> {
  #buffer: Array<T | undefined> = [];
  #head = 0;
  #ending: Ending | undefined;
  #wakeConsumer: (() => void) | undefined;

  push(item: T): void {
    if (this.#ending) return;
    this.#buffer.push(item);
    if (this.#wakeConsumer) this.#wake();
  }

  close(): void {
    if (this.#ending) return;
    this.#ending = { failed: false };
    this.#wake();
  }

  fail(error: unknown): void {
    if (this.#ending) return;
    this.#ending = { failed: true, error };
    this.#wake();
  }

  get closed(): boolean {
    return this.#ending !== undefined;
  }

  [Symbol.asyncIterator](): AsyncIterator<T, undefined> {
    return this;
  }

  next(): Promise<IteratorResult<T, undefined>> {
    if (this.#head < this.#buffer.length) return Promise.resolve({ value: this.#take(), done: false });
    const ending = this.#ending;
    if (ending) return ending.failed ? Promise.reject(ending.error) : Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.#wakeConsumer = () => resolve(this.next());
    });
  }

  return(): Promise<IteratorResult<T, undefined>> {
    return Promise.resolve({ value: undefined, done: true });
  }

  #wake(): void {
    const resume = this.#wakeConsumer;
    this.#wakeConsumer = undefined;
    resume?.();
  }

  #take(): T {
    const item = this.#buffer[this.#head] as T;
    this.#buffer[this.#head] = undefined; // let the delivered item go now, not at the next compaction
    this.#head += 1;
    if (this.#head === this.#buffer.length) {
      this.#buffer = [];
      this.#head = 0;
    } else if (this.#head >= COMPACT_AFTER && this.#head * 2 >= this.#buffer.length) {
      this.#buffer = this.#buffer.slice(this.#head);
      this.#head = 0;
    }
    return item;
  }
}
