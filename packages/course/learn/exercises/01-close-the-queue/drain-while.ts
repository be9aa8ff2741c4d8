// Exercise 1: close the event queue on both paths.
//
// A turn's tool calls (and the workers they start) run concurrently and push their events into a
// queue from callbacks; the loop drains it with `for await (const event of queue) yield event`.
// Something must end that `for await` when the work is over. Below, only the fulfil path does:
// when one worker throws, nobody ends the queue and the loop waits forever.
//
// Make `drainWhile` end the queue on both paths: close it when `work` fulfils, fail it with the
// error when `work` rejects. Run `pnpm learn 1` to check; `pnpm learn 1 --solution` shows one.
// The real one: packages/host/src/event-queue.ts (`drainWhile`).

import type { createEventQueue } from '@kitchen/host';

/** The host's own queue: push, close, fail, and `for await` on the other side. */
export type EventQueue<Item> = ReturnType<typeof createEventQueue<Item>>;

/** Ties the queue's end to the work that fills it; returns the queue, ready for `for await`. */
export function drainWhile<Item>(queue: EventQueue<Item>, work: Promise<unknown>): AsyncIterable<Item> {
  work.then(
    () => queue.close(),
    () => {
      // A worker threw. Nothing ends the queue here.
    },
  );
  return queue;
}
