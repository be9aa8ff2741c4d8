import { describe, expect, it } from 'vitest';
import { askAndWait } from './ask-and-wait.js';

const forever = <Answer>(signal: AbortSignal, withdrawn: string[]) =>
  new Promise<Answer>(() => {
    signal.addEventListener('abort', () => withdrawn.push('withdrawn'), { once: true });
  });

describe('askAndWait', () => {
  it('returns the answer as given by the person, and withdraws nothing left open', async () => {
    const run = new AbortController();
    let askSignal: AbortSignal | undefined;
    const asked = await askAndWait(
      async (signal) => {
        askSignal = signal;
        return 'yes';
      },
      { signal: run.signal, timeoutMs: 60_000 },
    );
    expect(asked).toEqual({ by: 'person', answer: 'yes' });
    expect(askSignal?.aborted).toBe(true);
  });

  it('records a failure to ask as the person’s, whether it throws or rejects', async () => {
    const signal = new AbortController().signal;
    const thrown = new Error('the terminal went away');
    await expect(
      askAndWait(
        () => {
          throw thrown;
        },
        { signal, timeoutMs: 60_000 },
      ),
    ).resolves.toEqual({ by: 'person', failed: thrown });
    await expect(askAndWait(() => Promise.reject(thrown), { signal, timeoutMs: 60_000 })).resolves.toEqual({
      by: 'person',
      failed: thrown,
    });
  });

  it('ends by timeout when nobody answers, and withdraws the question', async () => {
    const withdrawn: string[] = [];
    const asked = await askAndWait((signal) => forever(signal, withdrawn), {
      signal: new AbortController().signal,
      timeoutMs: 10,
    });
    expect(asked).toEqual({ by: 'timeout' });
    expect(withdrawn).toEqual(['withdrawn']);
  });

  it('ends as a stop, never as an answer, when the caller stops while it waits', async () => {
    const run = new AbortController();
    const withdrawn: string[] = [];
    const order: string[] = [];
    const waiting = askAndWait((signal) => forever(signal, withdrawn), {
      signal: run.signal,
      timeoutMs: 60_000,
      onAsked: () => order.push('asked'),
    });
    order.push('stopping');
    run.abort();
    await expect(waiting).resolves.toEqual({ by: 'stop' });
    expect(order).toEqual(['asked', 'stopping']);
    expect(withdrawn).toEqual(['withdrawn']);
  });

  it('does not ask at all when the caller has already stopped', async () => {
    const run = new AbortController();
    run.abort();
    const asked: string[] = [];
    await expect(
      askAndWait(
        async () => {
          asked.push('asked');
          return 'yes';
        },
        { signal: run.signal, timeoutMs: 60_000 },
      ),
    ).resolves.toEqual({ by: 'stop' });
    expect(asked).toEqual([]);
  });

  it('treats a timeout too long for a timer as no timeout at all', async () => {
    const run = new AbortController();
    const waiting = askAndWait((signal) => forever(signal, []), { signal: run.signal, timeoutMs: 2 ** 40 });
    setTimeout(() => run.abort(), 5);
    await expect(waiting).resolves.toEqual({ by: 'stop' });
  });
});
