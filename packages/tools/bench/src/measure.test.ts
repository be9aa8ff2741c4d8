import { describe, expect, it } from 'vitest';
import {
  growthAfterQuiet,
  intervals,
  mergeTimings,
  percentile,
  ratio,
  roundRatios,
  summarize,
  timeCalls,
  waitUntilQuiet,
} from './measure.js';

describe('roundRatios', () => {
  it('takes the median of the rounds as the figure and keeps the smallest and largest beside it', () => {
    const rounds = roundRatios([1.2, 0.9, 1.05, 1.0, 1.4]);
    expect(rounds.median).toBe(1.05);
    expect(rounds.min).toBe(0.9);
    expect(rounds.max).toBe(1.4);
    expect(rounds.rounds).toEqual([1.2, 0.9, 1.05, 1.0, 1.4]);
  });

  it('refuses an empty list of rounds', () => {
    expect(() => roundRatios([])).toThrow(/at least one round/);
  });
});

describe('percentile', () => {
  it('gives the middle value of an odd count as the median, whatever the input order', () => {
    expect(percentile([9, 1, 5], 0.5)).toBe(5);
  });

  it('gives the mean of the two middle values of an even count as the median', () => {
    expect(percentile([4, 1, 3, 2], 0.5)).toBe(2.5);
  });

  it('interpolates p95 between the two nearest ranks', () => {
    const oneToHundred = Array.from({ length: 100 }, (_unused, index) => index + 1);
    // Rank 0.95 × 99 = 94.05 sits between 95 and 96.
    expect(percentile(oneToHundred, 0.95)).toBeCloseTo(95.05, 10);
  });

  it('returns the only sample for any fraction', () => {
    expect(percentile([7], 0)).toBe(7);
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([7], 1)).toBe(7);
  });

  it('refuses no samples and fractions outside 0..1', () => {
    expect(() => percentile([], 0.5)).toThrow(/at least one sample/);
    expect(() => percentile([1], 1.5)).toThrow(/between 0 and 1/);
  });

  it('leaves the caller’s array in its original order', () => {
    const samples = [3, 1, 2];
    percentile(samples, 0.5);
    expect(samples).toEqual([3, 1, 2]);
  });
});

describe('summarize', () => {
  it('reports median, p95, mean and calls per second of wall time', () => {
    const summary = summarize({ samples: [4, 1, 3, 2], wallMs: 20 });
    expect(summary).toMatchObject({ count: 4, medianMs: 2.5, meanMs: 2.5, callsPerSecond: 200 });
    expect(summary.p95Ms).toBeCloseTo(3.85, 10);
  });
});

describe('intervals', () => {
  it('turns instants into the gaps between them', () => {
    expect(intervals([10, 12, 17])).toEqual([2, 5]);
    expect(intervals([10])).toEqual([]);
  });
});

describe('ratio and mergeTimings', () => {
  it('divides kitchen by baseline, and is NaN against a zero baseline', () => {
    expect(ratio(3, 2)).toBe(1.5);
    expect(ratio(1, 0)).toBeNaN();
  });

  it('joins samples and adds wall times', () => {
    expect(
      mergeTimings([
        { samples: [1], wallMs: 1 },
        { samples: [2, 3], wallMs: 5 },
      ]),
    ).toEqual({ samples: [1, 2, 3], wallMs: 6 });
  });
});

describe('timeCalls', () => {
  it('runs every index once and never more than inFlight at a time', async () => {
    const seen: number[] = [];
    let running = 0;
    let mostRunning = 0;
    const timing = await timeCalls(10, 3, async (index) => {
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(index);
      running -= 1;
    });
    expect(seen.sort((left, right) => left - right)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(mostRunning).toBe(3);
    expect(timing.samples).toHaveLength(10);
  });

  it('fails the batch when a call rejects', async () => {
    await expect(timeCalls(2, 1, async () => Promise.reject(new Error('server down')))).rejects.toThrow('server down');
  });
});

describe('waiting for quiet', () => {
  it('keeps waiting while the count still moves, and resolves once it holds still', async () => {
    let reads = 0;
    // Moves on each of the first four reads, then holds at 4.
    await waitUntilQuiet(() => {
      reads += 1;
      return Math.min(reads, 4);
    }, 1);
    expect(reads).toBeGreaterThanOrEqual(5);
  });

  it('reports how much the count grew during the work and its after-traffic', async () => {
    let received = 10;
    const { value, added } = await growthAfterQuiet(
      () => received,
      async () => {
        received += 2;
        // Traffic the work set off that lands after it returned.
        setTimeout(() => (received += 3), 0);
        return 'finished';
      },
    );
    expect(value).toBe('finished');
    expect(added).toBe(5);
  });
});
