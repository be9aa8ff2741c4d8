// A run's events passed on as they are, each shown to the run's trace and observer on the way, and
// the run's end told once however it ends: read to the end, returned early, or failed. Runtime side.
// A thin iterator, not another async generator around the loop's: a generator layer costs a few
// promises and microtask turns for every event of every lane.

import type { LoopEvent } from '@kitchen/host';

type Events = AsyncGenerator<LoopEvent, void>;

/**
 * `open` is called on the first read, so anything it throws (a bad seatbelt) is the first read's
 * rejection, as in a generator. `tap` sees each event before the reader does; if it throws, the
 * run is returned (its cleanup runs) and the read rejects with that error. `end` runs once, after
 * the loop's own cleanup.
 */
export function tapEvents(open: () => Events, tap: ((event: LoopEvent) => void) | undefined, end: () => void): Events {
  let source: Events | undefined;
  let ended = false;
  const finish = () => {
    if (ended) return;
    ended = true;
    end();
  };
  const fail = (error: unknown): never => {
    finish();
    throw error;
  };
  const pass = (result: IteratorResult<LoopEvent, void>): IteratorResult<LoopEvent, void> | Promise<never> => {
    if (result.done) {
      finish();
      return result;
    }
    try {
      tap?.(result.value);
    } catch (error) {
      return Promise.resolve(source?.return(undefined)).then(
        () => fail(error),
        () => fail(error),
      );
    }
    return result;
  };
  const step = (read: (events: Events) => Promise<IteratorResult<LoopEvent, void>>) => {
    if (ended) return Promise.resolve<IteratorResult<LoopEvent, void>>({ value: undefined, done: true });
    try {
      source ??= open();
    } catch (error) {
      return Promise.reject(error).catch(fail);
    }
    return read(source).then(pass, fail);
  };
  const tapped: Events = {
    next: () => step((events) => events.next()),
    return: (value) =>
      source === undefined
        ? Promise.resolve(value).then(
            (settled) => {
              finish();
              return { value: settled, done: true } as const;
            },
            (error: unknown) => fail(error),
          )
        : step((events) => events.return(value)),
    throw: (error: unknown) =>
      source === undefined ? Promise.reject(error).catch(fail) : step((events) => events.throw(error)),
    [Symbol.asyncIterator]: () => tapped,
  };
  return tapped;
}
