import { describe, expect, it } from 'vitest';
import { createRecordingContext } from '../testing.js';
import { ServerCalls } from './tool-call-context.js';

const contextFor = (callId: string) => createRecordingContext({ callId }).context;
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('ServerCalls', () => {
  it('finds the call a request belongs to, with one call in flight and with several overlapping', async () => {
    const calls = new ServerCalls();
    const seen: Array<string | undefined> = [];
    // Each call looks itself up after the others have started, as a server request would arrive.
    const call = (callId: string, waits: number) =>
      calls.run(contextFor(callId), async () => {
        for (let wait = 0; wait < waits; wait += 1) await tick();
        seen.push(`${callId}:${calls.current()?.callId}`);
      });
    await Promise.all([call('A', 4), call('B', 1), call('C', 2)]);
    expect(seen).toEqual(['B:B', 'C:C', 'A:A']);
    await call('D', 1);
    expect(seen.at(-1)).toBe('D:D');
    expect(calls.current()).toBeUndefined();
  });

  it('keeps the servers apart: a request from a server with no call in flight belongs to no call', async () => {
    const pastry = new ServerCalls();
    const dice = new ServerCalls();
    let fromDice: unknown = 'not asked';
    await pastry.run(contextFor('A'), async () => {
      await tick();
      fromDice = dice.current();
    });
    expect(fromDice).toBeUndefined();
  });

  it('gives a call started inside another call its own context', async () => {
    const outer = new ServerCalls();
    const inner = new ServerCalls();
    const seen: Array<string | undefined> = [];
    await outer.run(contextFor('A'), async () => {
      await Promise.all([
        outer.run(contextFor('B'), async () => {
          await inner.run(contextFor('C'), async () => {
            await tick();
            seen.push(inner.current()?.callId);
          });
        }),
        tick().then(() => seen.push(outer.current()?.callId)),
      ]);
    });
    expect(seen.sort()).toEqual(['A', 'C']);
  });

  it('ends a call that throws like one that returns', async () => {
    const calls = new ServerCalls();
    await expect(
      calls.run(contextFor('A'), async () => {
        throw new Error('broken');
      }),
    ).rejects.toThrow('broken');
    expect(calls.current()).toBeUndefined();
    await calls.run(contextFor('B'), async () => {
      expect(calls.current()?.callId).toBe('B');
    });
  });
});
