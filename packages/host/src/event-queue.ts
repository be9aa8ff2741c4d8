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

/** One consumer at a time: the queue wakes a single waiting `for await`. */
export function createEventQueue<T>(): EventQueue<T> {
  const buffer: T[] = [];
  let ending: { failed: false } | { failed: true; error: unknown } | undefined;
  let wakeConsumer: (() => void) | undefined;

  function wake(): void {
    const resume = wakeConsumer;
    wakeConsumer = undefined;
    resume?.();
  }

  return {
    push(item) {
      if (ending) return;
      buffer.push(item);
      wake();
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
    async *[Symbol.asyncIterator]() {
      while (true) {
        if (buffer.length > 0) {
          yield buffer.shift() as T;
          continue;
        }
        if (ending) {
          if (ending.failed) throw ending.error;
          return;
        }
        await new Promise<void>((resolve) => {
          wakeConsumer = resolve;
        });
      }
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
