// An async queue that callbacks push into and one generator drains with `for await`. Host side:
// it carries LoopEvents from a turn's concurrent tool calls (and the workers they start) out
// through the loop's `yield`, which cannot be reached from a callback or while parked on an await.

export interface EventQueue<T> extends AsyncIterable<T> {
  /** Buffer an item for the consumer. Ignored once the queue is closed or failed. */
  push(item: T): void;
  /** End the iteration once the buffered items are delivered. */
  close(): void;
  /** End the iteration by throwing `error` once the buffered items are delivered. */
  fail(error: unknown): void;
  readonly closed: boolean;
}

/** Delivered items below this count are never compacted away: a small backlog costs nothing extra. */
const COMPACT_AFTER = 1024;

/**
 * One consumer at a time: the queue wakes a single waiting `for await`. Every push and every
 * delivery is O(1) at any backlog: the buffer is read from a moving head (Array#shift moves every
 * item still waiting, so a 100k burst drained in O(n²)), and the delivered prefix is dropped once
 * it outweighs what is left.
 */
export function createEventQueue<T>(): EventQueue<T> {
  let buffer: Array<T | undefined> = [];
  let head = 0;
  let ending: { failed: false } | { failed: true; error: unknown } | undefined;
  let wakeConsumer: (() => void) | undefined;

  function wake(): void {
    const resume = wakeConsumer;
    wakeConsumer = undefined;
    resume?.();
  }

  function take(): T {
    const item = buffer[head] as T;
    buffer[head] = undefined; // let the delivered item go now, not at the next compaction
    head += 1;
    if (head === buffer.length) {
      buffer = [];
      head = 0;
    } else if (head >= COMPACT_AFTER && head * 2 >= buffer.length) {
      buffer = buffer.slice(head);
      head = 0;
    }
    return item;
  }

  return {
    push(item) {
      if (ending) return;
      buffer.push(item);
      if (wakeConsumer) wake();
    },
    close() {
      if (ending) return;
      ending = { failed: false };
      wake();
    },
    fail(error) {
      if (ending) return;
      ending = { failed: true, error };
      wake();
    },
    get closed() {
      return ending !== undefined;
    },
    [Symbol.asyncIterator]() {
      // Written out rather than as an async generator: a generator's yield costs extra ticks per
      // item, which is most of the cost of a queue this small.
      const next = (): Promise<IteratorResult<T, undefined>> => {
        if (head < buffer.length) return Promise.resolve({ value: take(), done: false });
        if (ending) {
          return ending.failed ? Promise.reject(ending.error) : Promise.resolve({ value: undefined, done: true });
        }
        return new Promise((resolve) => {
          wakeConsumer = () => resolve(next());
        });
      };
      return {
        next,
        return: () => Promise.resolve({ value: undefined, done: true }),
      };
    },
  };
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
