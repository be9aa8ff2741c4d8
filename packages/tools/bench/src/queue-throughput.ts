// Scenario 7: the event queue that carries a turn's events out of its concurrent calls, on its own:
// events per second with one producer, with sixteen, and draining a 100k burst. Host side.

import { createEventQueue } from '@kitchen/host';
import { percentile } from './measure.js';

export interface QueueThroughput {
  /** Millions of events delivered per second (median of the rounds). */
  oneProducer: number;
  sixteenProducers: number;
  burst: number;
  events: number;
  burstSize: number;
}

const EVENTS = 200_000;
const BURST = 100_000;
const ROUNDS = 5;
/** Producers yield to the event loop this often, as callbacks that push between awaits do. */
const PUSHES_PER_TICK = 64;

async function drainRate(fill: (push: (item: number) => void, close: () => void) => void): Promise<number> {
  const queue = createEventQueue<number>();
  const started = performance.now();
  fill(
    (item) => queue.push(item),
    () => queue.close(),
  );
  let delivered = 0;
  for await (const _ of queue) delivered += 1;
  return delivered / ((performance.now() - started) * 1000);
}

function producers(count: number): (push: (item: number) => void, close: () => void) => void {
  return (push, close) => {
    let live = count;
    for (let producer = 0; producer < count; producer += 1) {
      void (async () => {
        for (let index = 0; index < EVENTS / count; index += 1) {
          push(index);
          if (index % PUSHES_PER_TICK === PUSHES_PER_TICK - 1) await Promise.resolve();
        }
        live -= 1;
        if (live === 0) close();
      })();
    }
  };
}

export async function measureQueueThroughput(): Promise<QueueThroughput> {
  const rates = { one: [] as number[], sixteen: [] as number[], burst: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    rates.one.push(await drainRate(producers(1)));
    rates.sixteen.push(await drainRate(producers(16)));
    rates.burst.push(
      await drainRate((push, close) => {
        for (let index = 0; index < BURST; index += 1) push(index);
        close();
      }),
    );
  }
  const median = (samples: number[]) => percentile(samples, 0.5);
  return {
    oneProducer: median(rates.one),
    sixteenProducers: median(rates.sixteen),
    burst: median(rates.burst),
    events: EVENTS,
    burstSize: BURST,
  };
}
