// Step 6: local tools and the event queue. A callback cannot yield, so workers push into a buffer
// and ring a doorbell; the queue must end on the reject path too, or the consumer waits forever.
// `--break` shows it: the same run against a throwaway copy of the host with that path removed.

import * as host from '@kitchen/host';
import * as testing from '@kitchen/host/testing';
import { BROKEN_FILE, type BreakOptions, brokenHostCopy, REJECT_PATH, runAgainst } from '../break/broken-host.js';
import { runQueueDemo } from '../break/queue-demo.js';
import type { TourOutput, TourStep } from '../tour-step.js';

const BREAK_DEFAULTS: BreakOptions = { timeoutSeconds: 10, tickSeconds: 2 };

export const theEventQueue: TourStep = {
  number: 6,
  title: 'Local tools and the event queue',
  async run(out: TourOutput, flags = new Set<string>()) {
    if (flags.has('--break')) return breakTheQueue(out, BREAK_DEFAULTS);
    out.say("A generator can yield only from its own body, not from a callback such as a worker's");
    out.say('onEvent, and not while it is parked on `await Promise.all(calls)`. So the calls push into a');
    out.say("queue and the generator drains it with `for await`, yielding each event as it comes (the host's");
    out.say('createEventQueue, pushed into from three timers that finish in reverse order):');
    const queue = host.createEventQueue<string>();
    const workers = ['jars-1-20', 'jars-21-40', 'jars-41-60'].map(async (name, index) => {
      await pause(5 * (3 - index));
      queue.push(`${name} reports (pushed from a callback)`);
    });
    Promise.all(workers).then(
      () => queue.close(),
      (error: unknown) => queue.fail(error),
    );
    for await (const event of queue) out.say(`  yielded: ${event}`);
    out.say();

    out.say('Something must end that for-await when the calls are over: drainWhile closes the queue when');
    out.say('the work fulfils and fails it when the work rejects. A real run: three workers (spawn_agent),');
    out.say("each tasting a jar with a local tool that has a bug for jar 2, so worker 2's turn throws:");
    await runQueueDemo({ host, testing }, (line) => out.say(line));
    out.say('  (worker 2 ended with an error, its lane closed, and the run reported: every agent ended)');
    out.say();
    out.say('Predict, then run `pnpm tour 6 --break`: the same run against a copy of the host without the');
    out.say('reject path. (The exercise: `pnpm learn 1`.)');
    out.say();
    out.say('spawn_agent is a local tool because it needs this live stream, and the live toolbox, the gate');
    out.say('and the tree budget by reference. A server can send progress while it works (step 8), but not');
    out.say("a worker's lane: the agent's events, its calls through the run's gate, its draw on the budget.");
    out.say();
    out.see('packages/host/src/event-queue.ts', 'export function createEventQueue', 'the buffer and its doorbell');
    out.see('packages/host/src/event-queue.ts', 'export function drainWhile', 'closed on both paths');
    out.see('packages/host/src/loop/run-tool-calls.ts', 'drainWhile(', "the loop drains a turn's calls");
  },
};

/** `--break`: the same run against a throwaway copy of the host with drainWhile's reject path removed. */
export async function breakTheQueue(out: TourOutput, options: BreakOptions): Promise<void> {
  const copy = brokenHostCopy();
  try {
    out.say(`--break: a throwaway copy of packages/host in ${copy.folder}, with drainWhile's reject`);
    out.say(`path removed from its ${BROKEN_FILE} (your working tree is not touched):`);
    out.say(`  - ${REJECT_PATH}`);
    out.say('  + () => {},');
    out.say();
    out.say(
      `The run of \`pnpm tour 6\`, against the copy (a child process, stopped ${options.timeoutSeconds} s after its first event):`,
    );
    const outcome = await runAgainst(copy.folder, options, (line) => out.say(line));
    out.say();
    if (outcome === 'hung') {
      out.say("The hang: worker 2's turn threw, nothing ended its queue, so its loop waits forever in");
      out.say('for-await; its spawn_agent call never returns, and the head cook waits on it. No agent-end');
      out.say('for worker 2 or main, no done, no report: one throwing call hangs the whole tree.');
    } else {
      out.say('The run ended even so: the step no longer breaks what it meant to; tell the course.');
    }
  } finally {
    copy.remove();
  }
  out.say('The copy is removed and your working tree is as it was. `pnpm learn 1` has you write that line.');
  out.see('packages/host/src/event-queue.ts', 'export function drainWhile', 'the line the break removed');
}

function pause(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
