import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OfflineModel } from '../offline-model.js';
import { expectedAudit, FakeJarKitchen, generateJars, tamperedLines } from '../testing/fake-jar-kitchen.js';
import { sliceIds } from './delegation.js';

const model = new OfflineModel();
const range = (first: number, last: number): number[] =>
  Array.from({ length: last - first + 1 }, (_unused, index) => first + index);

describe('the offline model delegating with spawn_agent', () => {
  it('lists first, then hires one worker per slice of at most 20 jars, all in one turn', async () => {
    const kitchen = new FakeJarKitchen(generateJars(11, 80), { spawnAgent: true });
    const run = await kitchen.run(
      model,
      'Inspect all 80 cookie jars and report which ones were tampered with, and why',
    );
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

  it("merges the workers' reports into exactly the right report for random kitchens", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 21, max: 150 }),
        async (seed, size) => {
          const jars = generateJars(seed, size);
          const run = await new FakeJarKitchen(jars, { spawnAgent: true }).run(model, 'check every jar');
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
  });

  it('spawns straight away, without listing, when the task names more than 20 jars', async () => {
    const jars = generateJars(5, 60);
    const run = await new FakeJarKitchen(jars, { spawnAgent: true }).run(model, 'look at jars 15 to 75');
    expect(run.callsPerTurn[0]).toBe(4);
    expect(run.calls[0]).toMatchObject({ name: 'spawn_agent', input: { name: 'jars-15-30' } });
    const truth = expectedAudit(jars, range(15, 75));
    expect(tamperedLines(run.finalText)).toEqual(truth.tampered);
    expect(run.finalText).toContain('Unknown jars (no such jar in the pantry): 61-75.');
  });

  it('keeps a job of 20 jars or fewer to itself even when spawn_agent is offered', async () => {
    const run = await new FakeJarKitchen(generateJars(5, 60), { spawnAgent: true }).run(model, 'jars 1-20');
    expect(run.calls.some((call) => call.name === 'spawn_agent')).toBe(false);
    expect(run.callsPerTurn).toEqual([20, 0]);
  });

  it('does the whole job itself when spawn_agent is not offered', async () => {
    const run = await new FakeJarKitchen(generateJars(5, 60)).run(model, 'check every jar');
    expect(run.calls.some((call) => call.name === 'spawn_agent')).toBe(false);
    expect(run.callsPerTurn).toEqual([1, 20, 20, 20, 0]);
  });

  it('inspects the slices itself when the thread limit refuses some workers', async () => {
    const jars = generateJars(21, 100);
    const run = await new FakeJarKitchen(jars, { spawnAgent: true, maxWorkers: 2 }).run(model, 'check every jar');
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
    const jars = generateJars(8, 40);
    const smallBatches = new OfflineModel({ batchSize: 8 });
    const run = await new FakeJarKitchen(jars, { spawnAgent: true, workerMaxTurns: 2 }).run(
      smallBatches,
      'check every jar',
    );
    // Each worker inspects 16 of its 20 jars in two turns, then reports the 4 it did not reach.
    const ownInspections = run.calls
      .filter((call) => call.agent === 'main' && call.name === 'inspect_jar')
      .map((call) => call.input['id']);
    expect(ownInspections).toEqual([17, 18, 19, 20, 37, 38, 39, 40]);
    expect(tamperedLines(run.finalText)).toEqual(expectedAudit(jars, range(1, 40)).tampered);
    expect(run.finalText).not.toContain('Not reached');
  });

  it("spends fewer tokens on the lead's context when it delegates a big job", async () => {
    const jars = generateJars(13, 100);
    const alone = await new FakeJarKitchen(jars).run(model, 'check every jar');
    const team = await new FakeJarKitchen(jars, { spawnAgent: true }).run(model, 'check every jar');
    expect(team.turns).toBeLessThan(alone.turns);
    expect(team.inputTokens).toBeLessThan(alone.inputTokens);
  });
});
