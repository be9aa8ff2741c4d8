import { describe, expect, it } from 'vitest';
import { OfflineModel } from '../offline-model.js';
import { expectedAudit, FakeJarKitchen, generateJars, tamperedLines } from '../testing/fake-jar-kitchen.js';

const model = new OfflineModel();
const range = (first: number, last: number): number[] =>
  Array.from({ length: last - first + 1 }, (_unused, index) => first + index);

/** The ids on the report's "Discarded jars 1-3, 7." line, ranges expanded. */
function discardedIds(report: string): number[] {
  const line = /^Discarded jars? (.+)\.$/m.exec(report)?.[1] ?? '';
  return line.split(', ').flatMap((part) => {
    const [first, last] = part.split('-').map(Number);
    return range(first!, last ?? first!);
  });
}

describe('the offline model acting on jars', () => {
  it('discards exactly the tampered jars it found, after inspecting them', async () => {
    const jars = generateJars(2024, 30);
    const kitchen = new FakeJarKitchen(jars);
    const run = await kitchen.run(model, 'discard the tampered jars');
    const truth = expectedAudit(jars, range(1, 30));
    expect(kitchen.actions).toEqual(truth.tampered.map(({ id }) => ({ action: 'discard_jar', id, done: true })));
    expect(tamperedLines(run.finalText)).toEqual(truth.tampered);
    expect(discardedIds(run.finalText)).toEqual(truth.tampered.map(({ id }) => id));
    const firstDiscardTurn = run.calls.findIndex((call) => call.name === 'discard_jar');
    expect(run.calls.slice(firstDiscardTurn).every((call) => call.name === 'discard_jar')).toBe(true);
  });

  it('reports a denied discard as not done, with the reason it was given', async () => {
    const jars = generateJars(2024, 30);
    const truth = expectedAudit(jars, range(1, 30));
    const denied = truth.tampered[0]!.id;
    const run = await new FakeJarKitchen(jars, { deniedIds: [denied] }).run(model, 'throw away the tampered jars');
    expect(run.finalText).toContain(`Jar ${denied} was NOT discarded: Denied by the approval gate: the user said no.`);
    expect(discardedIds(run.finalText)).toEqual(truth.tampered.slice(1).map(({ id }) => id));
  });

  it('discards a named jar directly, without an audit', async () => {
    const kitchen = new FakeJarKitchen(generateJars(1, 20));
    const run = await kitchen.run(model, 'discard jar 12');
    expect(run.calls).toEqual([{ agent: 'main', name: 'discard_jar', input: { id: 12 } }]);
    expect(run.finalText).toBe('Discarded jar 12.');
  });

  it('says when a named jar was not resealed because the call was denied', async () => {
    const run = await new FakeJarKitchen(generateJars(1, 20), { deniedIds: [4] }).run(model, 'reseal jar 4');
    expect(run.finalText).toBe('Jar 4 was NOT resealed: Denied by the approval gate: the user said no.');
  });

  it('reseals only broken seals when asked to reseal the tampered jars, and says why it left the others', async () => {
    const jars = generateJars(606, 40);
    const kitchen = new FakeJarKitchen(jars);
    const run = await kitchen.run(model, 'reseal the tampered jars');
    const broken = jars.filter((jar) => jar.seal === 'broken').map((jar) => jar.id);
    expect(kitchen.actions.map((action) => action.id)).toEqual(broken);
    const weightOnly = expectedAudit(jars, range(1, 40))
      .tampered.map(({ id }) => id)
      .filter((id) => !broken.includes(id));
    if (weightOnly.length > 0)
      expect(run.finalText).toMatch(/their seals are intact, and resealing does not fix a weight\.$/m);
  });

  it('says there was nothing to discard when no jar was tampered with', async () => {
    const jars = generateJars(9, 40)
      .filter((jar) => expectedAudit([jar], [jar.id]).tampered.length === 0)
      .slice(0, 5);
    const kitchen = new FakeJarKitchen(jars.map((jar, index) => ({ ...jar, id: index + 1 })));
    const run = await kitchen.run(model, 'discard the tampered jars');
    expect(kitchen.actions).toEqual([]);
    expect(run.finalText).toContain('Nothing to discard: no jar qualified.');
  });
});
