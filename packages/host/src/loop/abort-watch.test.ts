import { describe, expect, it } from 'vitest';
import { AbortWatch } from './abort-watch.js';

describe('AbortWatch', () => {
  it('settles each wait as its work does while the signal is quiet', async () => {
    const watch = new AbortWatch(new AbortController().signal);
    await expect(watch.until(Promise.resolve('answer'))).resolves.toBe('answer');
    await expect(watch.until(Promise.reject(new Error('model down')))).rejects.toThrow('model down');
  });

  it('rejects a wait in flight with the reason as soon as the signal fires, work or no work', async () => {
    const stop = new AbortController();
    const watch = new AbortWatch(stop.signal);
    const never = new Promise<string>(() => {});
    const waiting = watch.until(never);
    stop.abort(new Error('the person stopped the run'));
    await expect(waiting).rejects.toThrow('the person stopped the run');
  });

  it('rejects a wait that starts after the signal fired', async () => {
    const stop = new AbortController();
    stop.abort(new Error('already stopped'));
    const watch = new AbortWatch(stop.signal);
    await expect(watch.until(Promise.resolve('late'))).rejects.toThrow('already stopped');
  });

  it('waits many times through one listener, so finished waits leave nothing on the signal', async () => {
    const stop = new AbortController();
    let added = 0;
    const signal = stop.signal;
    const add = signal.addEventListener.bind(signal);
    signal.addEventListener = ((...args: Parameters<typeof add>) => {
      added += 1;
      add(...args);
    }) as typeof signal.addEventListener;
    const watch = new AbortWatch(signal);
    for (let turn = 0; turn < 50; turn += 1) await watch.until(Promise.resolve(turn));
    expect(added).toBe(1);
    const waiting = watch.until(new Promise(() => {}));
    stop.abort(new Error('stopped at last'));
    await expect(waiting).rejects.toThrow('stopped at last');
  });
});
