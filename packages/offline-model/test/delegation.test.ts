// The offline model hiring workers with the host's real spawn_agent, against the real cookie-jars
// server: slices, merged reports, and what it does when a worker cannot do its share.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareSize, sliceIds } from '../src/jars/delegation.js';
import { OfflineModel } from '../src/offline-model.js';
import { expectedAudit, range, tamperedLines } from './jar-truth.js';
import { jarsFor, PROPERTY_TIMEOUT_MS, runKitchen } from './kitchen.js';

describe('the offline model delegating with spawn_agent', () => {
  it('lists first, then hires one worker per slice of at most 20 jars, all in one turn', async () => {
    const run = await runKitchen('Inspect all 80 cookie jars and report which ones were tampered with, and why', {
      jars: jarsFor(11, 80),
      spawnAgent: true,
    });
    expect(run.callsPerTurn).toEqual([1, 4, 0]);
    const spawns = run.calls.filter((call) => call.name === 'spawn_agent');
    expect(spawns.map((call) => call.input)).toEqual([
      { task: 'Inspect cookie jars 1-20 and report which ones were tampered with, and why.', name: 'jars-1-20' },
      { task: 'Inspect cookie jars 21-40 and report which ones were tampered with, and why.', name: 'jars-21-40' },
      { task: 'Inspect cookie jars 41-60 and report which ones were tampered with, and why.', name: 'jars-41-60' },
      { task: 'Inspect cookie jars 61-80 and report which ones were tampered with, and why.', name: 'jars-61-80' },
    ]);
    // Workers are offered no spawn_agent and do their slice themselves.
    expect(
      run.calls
        .filter((call) => call.agent === 'jars-21-40' && call.name === 'inspect_jar')
        .map((call) => call.input['id']),
    ).toEqual(range(21, 40));
  });

  it('at --max-depth 2 hires a few workers with big shares, who hire workers of their own; every agent ends', async () => {
    const run = await runKitchen('Inspect all 400 cookie jars and report which ones were tampered with, and why', {
      jars: jarsFor(7, 400),
      spawnAgent: true,
      workerOptions: { maxDepth: 2 },
    });
    const starts = run.events.filter((event) => event.type === 'agent-start');
    const ends = run.events.filter((event) => event.type === 'agent-end');
    expect(starts.filter((event) => event.depth === 1).length).toBe(5);
    expect(starts.filter((event) => event.depth === 2).length).toBe(10);
    expect(new Set(ends.map((event) => event.agent))).toEqual(new Set(starts.map((event) => event.agent)));
    expect(run.stopReason).toBe('end_turn');
    const inspected = run.calls.filter((call) => call.name === 'inspect_jar').map((call) => call.input['id']);
    expect(new Set(inspected).size).toBe(400);
  });

  it('shares stay at 20 jars when workers cannot hire, and grow when they can', () => {
    expect(shareSize(400, false)).toBe(20);
    expect(shareSize(400, true)).toBe(80);
    expect(shareSize(30, true)).toBe(20);
  });

  it('cuts a job into as few slices as fit, as even as can be', () => {
    expect(sliceIds(range(5, 25)).map((slice) => slice.length)).toEqual([11, 10]);
    expect(sliceIds(range(1, 80)).map((slice) => slice.length)).toEqual([20, 20, 20, 20]);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 300 }), (ids) => {
        const slices = sliceIds(ids);
        const lengths = slices.map((slice) => slice.length);
        expect(slices.flat()).toEqual([...ids].sort((left, right) => left - right));
        expect(slices.length).toBe(Math.ceil(ids.length / 20));
        expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it(
    "merges the workers' reports into exactly the right report for random kitchens",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          fc.integer({ min: 21, max: 150 }),
          async (seed, size) => {
            const jars = jarsFor(seed, size);
            const run = await runKitchen('check every jar', { jars, spawnAgent: true });
            const truth = expectedAudit(jars, range(1, size));
            expect(tamperedLines(run.finalText)).toEqual(truth.tampered);
            expect(run.finalText).toContain(
              `Inspected ${size} jars; ${truth.clean.length} ${truth.clean.length === 1 ? 'was' : 'were'} clean.`,
            );
            if (truth.instructionNotes > 0)
              expect(run.finalText).toContain(
                `${truth.instructionNotes} ${truth.instructionNotes === 1 ? 'note' : 'notes'} contained instructions`,
              );
            expect(run.finalText).toContain(
              `Delegated to ${Math.ceil(size / 20)} ${Math.ceil(size / 20) === 1 ? 'worker' : 'workers'}`,
            );
          },
        ),
        { numRuns: 15 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('spawns straight away, without listing, when the task names more than 20 jars', async () => {
    const jars = jarsFor(5, 60);
    const run = await runKitchen('look at jars 15 to 75', { jars, spawnAgent: true });
    expect(run.callsPerTurn[0]).toBe(4);
    expect(run.calls[0]).toMatchObject({ name: 'spawn_agent', input: { name: 'jars-15-30' } });
    const truth = expectedAudit(jars, range(15, 75));
    expect(tamperedLines(run.finalText)).toEqual(truth.tampered);
    expect(run.finalText).toContain('Unknown jars (no such jar in the pantry): 61-75.');
  });

  it('keeps a job of 20 jars or fewer to itself even when spawn_agent is offered', async () => {
    const run = await runKitchen('jars 1-20', { jars: jarsFor(5, 60), spawnAgent: true });
    expect(run.calls.some((call) => call.name === 'spawn_agent')).toBe(false);
    expect(run.callsPerTurn).toEqual([20, 0]);
  });

  it('does the whole job itself when spawn_agent is not offered', async () => {
    const run = await runKitchen('check every jar', { jars: jarsFor(5, 60) });
    expect(run.calls.some((call) => call.name === 'spawn_agent')).toBe(false);
    expect(run.callsPerTurn).toEqual([1, 20, 20, 20, 0]);
  });

  it('inspects the slices itself when the thread limit refuses some workers', async () => {
    const jars = jarsFor(21, 100);
    const run = await runKitchen('check every jar', { jars, spawnAgent: true, maxLiveWorkers: 2 });
    const ownInspections = run.calls
      .filter((call) => call.agent === 'main' && call.name === 'inspect_jar')
      .map((call) => call.input['id']);
    expect(ownInspections).toEqual(range(41, 100));
    expect(tamperedLines(run.finalText)).toEqual(expectedAudit(jars, range(1, 100)).tampered);
    expect(run.finalText).toContain('Delegated to 2 workers (jars-1-20, jars-21-40)');
    expect(run.finalText).toContain(
      'Worker jars-41-60 did not report (Agent thread limit reached. Solve the task yourself); its jars were left to me.',
    );
  });

  it('re-checks the jars a worker did not reach when it ran out of room', async () => {
    const jars = jarsFor(8, 40);
    // Every agent gets two model calls. The lead hires two workers at once (the task names 40 jars);
    // each inspects 16 of its 20 jars in two turns of 8, then reports the 4 it did not reach, and
    // the lead inspects those 8 in its second turn.
    const run = await runKitchen('check jars 1-40', {
      jars,
      spawnAgent: true,
      maxIterations: 3,
      model: new OfflineModel({ batchSize: 8 }),
    });
    const ownInspections = run.calls
      .filter((call) => call.agent === 'main' && call.name === 'inspect_jar')
      .map((call) => call.input['id']);
    expect(ownInspections).toEqual([17, 18, 19, 20, 37, 38, 39, 40]);
    expect(tamperedLines(run.finalText)).toEqual(expectedAudit(jars, range(1, 40)).tampered);
    // The lead's own answer reached every jar (the host's established report below it quotes the workers').
    expect(run.finalText.split('\n\nWhat the tool results established')[0]).not.toContain('Not reached');
  });

  it("spends fewer tokens on the lead's context when it delegates a big job", async () => {
    const jars = jarsFor(13, 100);
    const alone = await runKitchen('check every jar', { jars });
    const team = await runKitchen('check every jar', { jars, spawnAgent: true });
    expect(team.turns).toBeLessThan(alone.turns);
    expect(team.inputTokens).toBeLessThan(alone.inputTokens);
  });
});
