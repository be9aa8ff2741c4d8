import { describe, expect, it } from 'vitest';
import { createEventQueue, drainWhile } from './event-queue.js';

const delay = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function drain<T>(source: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of source) items.push(item);
  return items;
}

describe('createEventQueue', () => {
  it('delivers items pushed from callbacks to a for-await consumer, in order', async () => {
    const queue = createEventQueue<number>();
    setTimeout(() => queue.push(1), 5);
    setTimeout(() => queue.push(2), 10);
    setTimeout(() => queue.close(), 15);
    expect(await drain(queue)).toEqual([1, 2]);
  });

  it('delivers buffered items before it ends', async () => {
    const queue = createEventQueue<string>();
    queue.push('a');
    queue.push('b');
    queue.close();
    expect(await drain(queue)).toEqual(['a', 'b']);
  });

  it('ignores items pushed after close', async () => {
    const queue = createEventQueue<string>();
    queue.push('kept');
    queue.close();
    queue.push('dropped');
    expect(queue.closed).toBe(true);
    expect(await drain(queue)).toEqual(['kept']);
  });

  it('delivers a 100,000-item burst in order, then items pushed while it drains', async () => {
    const queue = createEventQueue<number>();
    const burst = 100_000;
    for (let index = 0; index < burst; index += 1) queue.push(index);
    const seen: number[] = [];
    for await (const item of queue) {
      seen.push(item);
      // Pushed mid-drain, past the point where the delivered prefix is compacted away.
      if (item === 60_000) for (let extra = 0; extra < 3; extra += 1) queue.push(burst + extra);
      if (seen.length === burst + 3) queue.close();
    }
    expect(seen).toEqual(Array.from({ length: burst + 3 }, (_, index) => index));
  });

  it('keeps the undelivered items for the next consumer when one stops early', async () => {
    const queue = createEventQueue<string>();
    for (const item of ['a', 'b', 'c']) queue.push(item);
    for await (const item of queue) if (item === 'a') break;
    queue.close();
    expect(await drain(queue)).toEqual(['b', 'c']);
  });

  it("interleaves 16 producers without losing or reordering any one producer's items", async () => {
    const queue = createEventQueue<{ producer: number; index: number }>();
    const producers = Array.from({ length: 16 }, async (_, producer) => {
      for (let index = 0; index < 500; index += 1) {
        queue.push({ producer, index });
        if (index % 7 === 0) await Promise.resolve();
      }
    });
    const seen = await drain(drainWhile(queue, Promise.all(producers)));
    expect(seen).toHaveLength(16 * 500);
    for (let producer = 0; producer < 16; producer += 1) {
      const indexes = seen.filter((item) => item.producer === producer).map((item) => item.index);
      expect(indexes).toEqual(Array.from({ length: 500 }, (_, index) => index));
    }
  });

  it('throws the failure to the consumer after the buffered items', async () => {
    const queue = createEventQueue<string>();
    const seen: string[] = [];
    queue.push('before');
    queue.fail(new Error('worker broke'));
    await expect(
      (async () => {
        for await (const item of queue) seen.push(item);
      })(),
    ).rejects.toThrow('worker broke');
    expect(seen).toEqual(['before']);
  });
});

describe('drainWhile', () => {
  it('ends the drain when the work fulfils', async () => {
    const queue = createEventQueue<string>();
    const work = (async () => {
      await delay(5);
      queue.push('one');
      await delay(5);
      queue.push('two');
      return 'finished';
    })();
    expect(await drain(drainWhile(queue, work))).toEqual(['one', 'two']);
    await expect(work).resolves.toBe('finished');
  });

  it('does not hang the consumer when a producer throws: the drain ends with its error', async () => {
    const queue = createEventQueue<string>();
    const steady = (async () => {
      for (let index = 0; index < 5; index += 1) {
        await delay(5);
        queue.push(`steady ${index}`);
      }
    })();
    const throwing = (async () => {
      await delay(7);
      queue.push('about to fail');
      throw new Error('producer threw');
    })();
    const seen: string[] = [];
    const consumer = (async () => {
      for await (const item of drainWhile(queue, Promise.all([steady, throwing]))) seen.push(item);
    })();
    await expect(consumer).rejects.toThrow('producer threw');
    expect(seen).toContain('about to fail');
    await steady;
    // The steady producer kept pushing after the failure; those items went nowhere.
    expect(seen.filter((item) => item.startsWith('steady')).length).toBeLessThan(5);
  });
});
