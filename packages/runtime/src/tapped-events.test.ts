import type { LoopEvent } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { tapEvents } from './tapped-events.js';

const event = (iteration: number): LoopEvent => ({ type: 'iteration-start', agent: 'main', iteration, at: 0 });

/** A source that yields `count` events and records whether its cleanup ran. */
function source(count: number, log: string[], failAt?: number) {
  return async function* (): AsyncGenerator<LoopEvent, void> {
    try {
      for (let index = 1; index <= count; index += 1) {
        if (index === failAt) throw new Error('the loop broke');
        yield event(index);
      }
    } finally {
      log.push('source cleanup');
    }
  };
}

describe('tapEvents', () => {
  it('passes every event on in order, shows each to the tap first, and ends once after the source cleaned up', async () => {
    const log: string[] = [];
    const events = tapEvents(
      source(3, log),
      (tapped) => log.push(`tap ${tapped.type === 'iteration-start' ? tapped.iteration : ''}`),
      () => log.push('end'),
    );
    const read: number[] = [];
    for await (const item of events) if (item.type === 'iteration-start') read.push(item.iteration);
    expect(read).toEqual([1, 2, 3]);
    expect(log).toEqual(['tap 1', 'tap 2', 'tap 3', 'source cleanup', 'end']);
    expect(await events.next()).toEqual({ value: undefined, done: true });
    expect(log.filter((line) => line === 'end')).toHaveLength(1);
  });

  it('runs the source cleanup and the end when the reader returns early', async () => {
    const log: string[] = [];
    const events = tapEvents(source(5, log), undefined, () => log.push('end'));
    for await (const item of events) if (item.type === 'iteration-start' && item.iteration === 2) break;
    expect(log).toEqual(['source cleanup', 'end']);
  });

  it('ends without opening the source when it is returned before the first read', async () => {
    const log: string[] = [];
    let opened = false;
    const events = tapEvents(
      () => {
        opened = true;
        return source(1, log)();
      },
      undefined,
      () => log.push('end'),
    );
    expect(await events.return(undefined)).toEqual({ value: undefined, done: true });
    expect(opened).toBe(false);
    expect(log).toEqual(['end']);
  });

  it('rejects the first read with what opening the source threw, and still ends', async () => {
    const log: string[] = [];
    const events = tapEvents(
      () => {
        throw new Error('bad seatbelt');
      },
      undefined,
      () => log.push('end'),
    );
    await expect(events.next()).rejects.toThrow('bad seatbelt');
    expect(log).toEqual(['end']);
  });

  it('rejects with the error of a failing source after its cleanup, and ends', async () => {
    const log: string[] = [];
    const events = tapEvents(source(3, log, 2), undefined, () => log.push('end'));
    expect((await events.next()).done).toBe(false);
    await expect(events.next()).rejects.toThrow('the loop broke');
    expect(log).toEqual(['source cleanup', 'end']);
  });

  it('returns the source and rejects the read when the tap throws', async () => {
    const log: string[] = [];
    const events = tapEvents(
      source(3, log),
      () => {
        throw new Error('the trace disk is full');
      },
      () => log.push('end'),
    );
    await expect(events.next()).rejects.toThrow('the trace disk is full');
    expect(log).toEqual(['source cleanup', 'end']);
  });
});
