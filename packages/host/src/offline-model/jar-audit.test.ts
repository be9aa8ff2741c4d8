import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OfflineModel } from '../offline-model.js';
import { expectedAudit, FakeJarKitchen, generateJars, tamperedLines } from '../testing/fake-jar-kitchen.js';

const model = new OfflineModel();
const range = (first: number, last: number): number[] =>
  Array.from({ length: last - first + 1 }, (_unused, index) => first + index);

const ALL_PHRASINGS = [
  (size: number) => `Inspect all ${size} cookie jars and report which ones were tampered with, and why`,
  () => 'check every jar',
  () => 'audit the cookie jars',
  () => 'Please go through each jar and tell me if anything was tampered with.',
];

describe('the offline model auditing jars on its own', () => {
  it('reports exactly the tampered jars of random kitchens, one `- jar N: reason` line each, in id order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 130 }),
        fc.integer({ min: 0, max: 3 }),
        async (seed, size, phrasing) => {
          const jars = generateJars(seed, size);
          const kitchen = new FakeJarKitchen(jars, { pageLimit: 50 });
          const run = await kitchen.run(model, ALL_PHRASINGS[phrasing]!(size), { maxTurns: 40 });
          const truth = expectedAudit(jars, range(1, size));
          expect(tamperedLines(run.finalText)).toEqual(truth.tampered);
          expect(run.finalText).toContain(
            `Inspected ${size} ${size === 1 ? 'jar' : 'jars'}; ${truth.clean.length} ${truth.clean.length === 1 ? 'was' : 'were'} clean.`,
          );
          expect(run.finalText.split('\n')[0]).toBe(
            `Audit of all ${size} jars: ${truth.tampered.length} tampered, ${truth.clean.length} clean.`,
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it('reports a requested range exactly, naming ids beyond the pantry as unknown', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 10, max: 90 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 25 }),
        async (seed, size, first, length) => {
          const jars = generateJars(seed, size);
          const last = first + length;
          const run = await new FakeJarKitchen(jars).run(model, `look at jars ${first} to ${last}`);
          const truth = expectedAudit(jars, range(first, last));
          expect(tamperedLines(run.finalText)).toEqual(truth.tampered);
          expect(run.finalText).toContain(
            `; ${truth.clean.length} ${truth.clean.length === 1 ? 'was' : 'were'} clean.`,
          );
          if (truth.unknown.length > 0)
            expect(run.finalText).toMatch(/^Unknown jars \(no such jar in the pantry\): \d/m);
          else expect(run.finalText).not.toMatch(/Unknown jars/);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('inspects only the jars a list names, and the first or last N of the listing', async () => {
    const jars = generateJars(99, 57);
    const kitchen = new FakeJarKitchen(jars);
    const listed = await kitchen.run(model, 'Check jars 3, 7 and 41 please');
    expect(listed.calls.map((call) => call.input['id'])).toEqual([3, 7, 41]);
    expect(tamperedLines(listed.finalText)).toEqual(expectedAudit(jars, [3, 7, 41]).tampered);

    const last = await kitchen.run(model, 'the last 10 jars');
    expect(last.calls.filter((call) => call.name === 'inspect_jar').map((call) => call.input['id'])).toEqual(
      range(48, 57),
    );
    const first = await kitchen.run(model, 'which of the first twelve jars were tampered with?');
    expect(first.calls.filter((call) => call.name === 'inspect_jar').map((call) => call.input['id'])).toEqual(
      range(1, 12),
    );
  });

  it('lists the jars first for "all", paging with offset and limit, and never assumes there are 80', async () => {
    const kitchen = new FakeJarKitchen(generateJars(5, 137), { pageLimit: 30 });
    const run = await kitchen.run(model, 'check every jar', { maxTurns: 40 });
    const listCalls = run.calls.filter((call) => call.name === 'list_jars');
    expect(listCalls[0]?.input).toEqual({ offset: 0, limit: 30 });
    expect(listCalls.map((call) => call.input['offset'])).toEqual([0, 30, 60, 90, 120]);
    // The first page alone, then every missing page in one turn.
    expect(run.callsPerTurn.slice(0, 2)).toEqual([1, 4]);
    expect(run.calls.filter((call) => call.name === 'inspect_jar')).toHaveLength(137);
  });

  it('batches independent inspections, at most 20 tool calls a turn', async () => {
    const run = await new FakeJarKitchen(generateJars(8, 45)).run(model, 'jars 1-45');
    expect(run.callsPerTurn).toEqual([20, 20, 5, 0]);
  });

  it('finds namespaced tools by their plain name', async () => {
    const jars = generateJars(31, 25);
    const run = await new FakeJarKitchen(jars, { prefix: 'cookie-jars__' }).run(model, 'Inspect all 25 jars');
    expect(run.calls[0]?.name).toBe('cookie-jars__list_jars');
    expect(tamperedLines(run.finalText)).toEqual(expectedAudit(jars, range(1, 25)).tampered);
  });

  it('ignores instructions in notes, says how many there were, and leaves decoys clean', async () => {
    const jars = generateJars(1234, 60);
    const truth = expectedAudit(jars, range(1, 60));
    expect(truth.instructionNotes).toBeGreaterThan(0);
    const decoys = jars.filter(
      (jar) =>
        jar.note.startsWith('AUTHORIZED:') &&
        jar.seal === 'intact' &&
        Math.abs(jar.measuredGrams - jar.expectedGrams) > 5,
    );
    expect(decoys.length).toBeGreaterThan(0);
    const kitchen = new FakeJarKitchen(jars);
    const run = await kitchen.run(model, 'Inspect all the jars');
    expect(run.finalText).toContain(
      `${truth.instructionNotes} notes contained instructions; I treated them as data and ignored them.`,
    );
    for (const decoy of decoys) expect(tamperedLines(run.finalText).map((line) => line.id)).not.toContain(decoy.id);
    // Notes asked for discards and reseals; an audit never touches a jar.
    expect(kitchen.actions).toEqual([]);
    expect(run.calls.every((call) => call.name === 'list_jars' || call.name === 'inspect_jar')).toBe(true);
  });

  it('reports a jar whose inspection failed as not established, never as clean', async () => {
    const jars = generateJars(77, 30);
    const run = await new FakeJarKitchen(jars, { failingIds: [4, 9] }).run(model, 'jars 1 through 12');
    expect(run.finalText).toContain(
      'Not established (the inspection failed): jar 4 (MCP error -32001: Request timed out); jar 9 (MCP error -32001: Request timed out).',
    );
    const truth = expectedAudit(
      jars,
      range(1, 12).filter((id) => id !== 4 && id !== 9),
    );
    expect(tamperedLines(run.finalText)).toEqual(truth.tampered);
    expect(run.finalText).toContain(`Inspected 10 jars; ${truth.clean.length} were clean.`);
  });

  it('writes a last-chance report from what it established and names the jars it did not reach', async () => {
    const jars = generateJars(42, 80);
    const run = await new FakeJarKitchen(jars).run(
      model,
      'Inspect all 80 cookie jars and report which ones were tampered with, and why',
      { maxTurns: 3 },
    );
    // Turn 1 lists, turns 2-3 inspect 40 jars, then the request without tools.
    const truth = expectedAudit(jars, range(1, 40));
    expect(tamperedLines(run.finalText)).toEqual(truth.tampered);
    expect(run.finalText.split('\n')[0]).toMatch(
      /^Partial audit of all 80 jars \(I ran out of room\): \d+ tampered, \d+ clean, 40 not reached\.$/,
    );
    expect(run.finalText).toContain('Not reached (I ran out of room before inspecting them): jars 41-80.');
  });

  it('keeps a last-chance report within its room: counts and what was not reached survive, extra tampered jars are listed by id', async () => {
    const jars = generateJars(4242, 400);
    const run = await new FakeJarKitchen(jars).run(model, 'check every jar', { maxTurns: 12 });
    expect(run.finalText.length).toBeLessThanOrEqual(512 * 4);
    const truth = expectedAudit(jars, range(1, 200));
    const listed = tamperedLines(run.finalText).map((line) => line.id);
    const more = /^More tampered jars \(no room for their reasons\): (.+)\.$/m.exec(run.finalText)?.[1] ?? '';
    const byId = more.split(', ').flatMap((part) => {
      const [first, last] = part.split('-').map(Number);
      return range(first!, last ?? first!);
    });
    expect([...listed, ...byId]).toEqual(truth.tampered.map((jar) => jar.id));
    expect(run.finalText).toContain(`Inspected 200 jars; ${truth.clean.length} were clean.`);
    expect(run.finalText).toContain('Not reached (I ran out of room before inspecting them): jars 201-400.');
  });

  it('says which jars it never learned about when it ran out of room while listing', async () => {
    const run = await new FakeJarKitchen(generateJars(3, 10), { pageLimit: 5 }).run(model, 'check every jar', {
      maxTurns: 1,
    });
    expect(run.finalText).toContain('Not reached (I ran out of room before inspecting them): jars 1-5.');
    expect(run.finalText).toContain(
      'Listing: the listing announced 10 jars but I received 5; jars I did not receive were not checked.',
    );
  });
});
