// Step 6: local tools and the event queue. A callback cannot yield, so workers push into a buffer
// and ring a doorbell; the queue must end on the reject path too, or the consumer waits forever.

import { createEventQueue } from '@kitchen/host';
import type { TourOutput, TourStep } from '../tour-step.js';

/** How long the step lets the unclosed queue hang before it gives up on it. */
const HANG_SHOWN_MS = 300;

export const theEventQueue: TourStep = {
  number: 6,
  title: 'Local tools and the event queue',
  async run(out: TourOutput) {
    out.say("A generator can yield only from its own body, not from a callback such as a worker's");
    out.say('onEvent, and not while it is parked on `await Promise.all(calls)`. So the calls push into a');
    out.say('queue and the generator drains it with `for await`, yielding each event as it comes.');
    out.say();

    const queue = createEventQueue<string>();
    const workers = ['jars-1-20', 'jars-21-40', 'jars-41-60'].map(async (name, index) => {
      await pause(5 * (3 - index));
      queue.push(`${name} reports (pushed from a callback)`);
    });
    const all = Promise.all(workers);
    all.then(
      () => queue.close(),
      (error: unknown) => queue.fail(error),
    );
    out.say('Three workers push as they finish; the consumer sleeps until the doorbell (push wakes it):');
    for await (const event of queue) out.say(`  yielded: ${event}`);
    out.say('  (the queue closed when every worker had settled, and the for-await ended)');
    out.say();

    out.say('Now one worker throws, and the queue is closed only on the fulfil path:');
    const forgetful = createEventQueue<string>();
    const failing = Promise.all([pause(1).then(() => forgetful.push('jars-1-20 reports')), failingWorker()]);
    failing.then(
      () => forgetful.close(),
      () => {
        // The mistake this step shows: nothing closes the queue when a worker throws.
      },
    );
    const drained = drain(forgetful, (event) => out.say(`  yielded: ${event}`));
    const outcome = await Promise.race([drained.then(() => 'ended'), pause(HANG_SHOWN_MS).then(() => 'hanging')]);
    out.say(`  after ${HANG_SHOWN_MS} ms the consumer is ${outcome}: nothing will ever close the queue.`);
    forgetful.close(); // let the demo's consumer go
    await drained;
    out.say();

    out.say('The same failure with the queue tied to both paths (as drainWhile does):');
    const tied = createEventQueue<string>();
    const work = Promise.all([pause(1).then(() => tied.push('jars-1-20 reports')), failingWorker()]);
    work.then(
      () => tied.close(),
      (error: unknown) => tied.fail(error),
    );
    try {
      await drain(tied, (event) => out.say(`  yielded: ${event}`));
    } catch (error) {
      out.say(`  the for-await ended with the worker's error: ${(error as Error).message}`);
    }
    out.say();
    out.say('spawn_agent is a local tool because it needs this live stream (and the toolbox, the gate and');
    out.say('the budget): a server at the end of a wire could only send its events back after the fact.');
    out.say();
    out.see('packages/host/src/event-queue.ts', 'export function createEventQueue', 'the buffer and its doorbell');
    out.see('packages/host/src/event-queue.ts', 'export function drainWhile', 'closed on both paths');
    out.see('packages/host/src/loop/run-tool-calls.ts', 'drainWhile(', "the loop drains a turn's calls");
  },
};

function pause(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

async function failingWorker(): Promise<never> {
  await pause(2);
  throw new Error('worker jars-21-40 crashed');
}

async function drain(queue: AsyncIterable<string>, each: (event: string) => void): Promise<void> {
  for await (const event of queue) each(event);
}
