// The offline model driven by the host's real agent loop over the real cookie-jars server: the
// same correct report alone and with workers, and the loop's last-chance request answered.

import { describe, expect, it } from 'vitest';
import { expectedAudit, range, tamperedLines } from './jar-truth.js';
import { jarsFor, runKitchen } from './kitchen.js';

describe('the offline model in the real agent loop', () => {
  it('audits 80 jars alone and with workers, to the same correct report, spending fewer tokens with workers', async () => {
    const task = 'Inspect all 80 cookie jars and report which ones were tampered with, and why';
    const jars = jarsFor(3, 80);
    const alone = await runKitchen(task, { jars });
    const team = await runKitchen(task, { jars, spawnAgent: true });
    const truth = expectedAudit(jars, range(1, 80));
    for (const { done } of [alone, team]) {
      expect(done.stopReason).toBe('end_turn');
      expect(tamperedLines(done.finalText)).toEqual(truth.tampered);
    }
    expect(new Set(team.events.map((event) => event.agent)).size).toBe(5);
    expect(team.done.tokens).toBeLessThan(alone.done.tokens);
  }, 30_000);

  it("answers the loop's last-chance request with what it established and what it did not reach", async () => {
    const { done } = await runKitchen('check every jar', { jars: jarsFor(3, 80), maxIterations: 4 });
    expect(done.stopReason).toBe('max_iterations');
    expect(done.finalText).toMatch(/^Partial audit of all 80 jars \(I ran out of room\)/);
    expect(done.finalText).toContain('Not reached (I ran out of room before inspecting them): jars 41-80.');
  }, 30_000);
});
