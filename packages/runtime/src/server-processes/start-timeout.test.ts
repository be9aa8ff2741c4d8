// The start timeout stretches with the load per core, within bounds; pure, no processes.

import { describe, expect, it } from 'vitest';
import { DEFAULT_START_TIMEOUT_MS, MAX_LOAD_STRETCH, startTimeout } from './start-timeout.js';

describe('startTimeout', () => {
  it('is the base on an idle machine, and says only the seconds', () => {
    const timeout = startTimeout(20_000, { loadAverage: 0.3, cores: 2 });
    expect(timeout.ms).toBe(20_000);
    expect(timeout.describe()).toBe('20 s');
  });

  it('stretches by the load per core and says why', () => {
    const timeout = startTimeout(20_000, { loadAverage: 30, cores: 2 });
    expect(timeout.ms).toBe(200_000);
    expect(timeout.describe()).toBe('200 s: 20 s × 10.0 for a load of 30.0 on 2 cores');
    expect(startTimeout(20_000, { loadAverage: 7, cores: 2 }).ms).toBe(70_000);
  });

  it(`never stretches past ${MAX_LOAD_STRETCH} times the base, nor shrinks below it`, () => {
    expect(startTimeout(5000, { loadAverage: 500, cores: 1 }).ms).toBe(5000 * MAX_LOAD_STRETCH);
    expect(startTimeout(5000, { loadAverage: Number.NaN, cores: 0 }).ms).toBe(5000);
  });

  it('defaults to 20 s scaled by the load of this machine', () => {
    expect(startTimeout().ms).toBeGreaterThanOrEqual(DEFAULT_START_TIMEOUT_MS);
  });
});
