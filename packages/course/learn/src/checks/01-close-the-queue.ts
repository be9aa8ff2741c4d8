// The check of exercise 1: the learner's drainWhile, with the host's own queue, on both paths.

import { createEventQueue } from '@kitchen/host';
import type * as Exercise from '../../exercises/01-close-the-queue/drain-while.js';
import { expectThat, within } from '../not-yet.js';

/** How long the drain may wait once the work has settled; a real drain ends at once. */
const HANG_MS = 1_000;

export async function check(exercise: typeof Exercise): Promise<void> {
  // The fulfil path: three workers push from callbacks, the drain yields all three and ends.
  const queue = createEventQueue<string>();
  const workers = ['jars-1-20', 'jars-21-40', 'jars-41-60'].map(async (name, index) => {
    await pause(3 - index);
    queue.push(`${name} reports`);
  });
  const seen = await within(
    collect(exercise.drainWhile(queue, Promise.all(workers))),
    HANG_MS,
    `When every worker succeeds, the drain should end once they have. It was still waiting after ${HANG_MS / 1000} s: close the queue when \`work\` fulfils.`,
  );
  expectThat(seen.length === 3, `The drain yielded ${seen.length} events of 3 pushed: ${JSON.stringify(seen)}.`);

  // The reject path: one worker throws after another pushed. The drain must yield what came, then throw.
  const failing = createEventQueue<string>();
  const work = Promise.all([
    pause(1).then(() => failing.push('jars-1-20 reports')),
    pause(2).then(() => {
      throw new Error('worker jars-21-40 crashed');
    }),
  ]);
  work.catch(() => {});
  const delivered: string[] = [];
  let thrown: unknown;
  const drained = (async () => {
    try {
      for await (const event of exercise.drainWhile(failing, work)) delivered.push(event);
    } catch (error) {
      thrown = error;
    }
  })();
  try {
    await within(
      drained,
      HANG_MS,
      `One worker threw, and the drain was still waiting after ${HANG_MS / 1000} s: nothing ends the queue on the reject path. In a real loop this is a hang: the turn never finishes, the run never reports. Fail the queue with the error when \`work\` rejects.`,
    );
  } finally {
    failing.close(); // let a hung drain go, so the check itself leaves nothing waiting
  }
  expectThat(
    delivered.length === 1,
    `The event pushed before the crash should still be delivered (got ${delivered.length}).`,
  );
  expectThat(
    thrown instanceof Error && thrown.message === 'worker jars-21-40 crashed',
    thrown === undefined
      ? 'The drain ended quietly after a worker threw: fail the queue with the error (queue.fail(error)), so the loop learns the turn failed, rather than closing it as if all went well.'
      : `The drain threw something else than the worker's error: ${String(thrown)}.`,
  );
}

export const learned = [
  'A queue that callbacks push into needs an end on every path: close when the work fulfils, fail when it rejects.',
  'With only the fulfil path, one throwing worker leaves `for await` parked forever: the loop hangs, no report comes.',
  'The host ties the two together once, in drainWhile (packages/host/src/event-queue.ts); `pnpm tour 6 --break` shows the real loop hanging without it.',
];

function pause(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

async function collect<Item>(items: AsyncIterable<Item>): Promise<Item[]> {
  const all: Item[] = [];
  for await (const item of items) all.push(item);
  return all;
}
