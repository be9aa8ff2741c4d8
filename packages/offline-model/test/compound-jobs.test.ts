// Every part of a compound job is done or said not done, in the order asked: a later part is
// never swallowed by an earlier one, a modifier is applied or named, a question is answered or
// named unanswered, and what no tool can do is said ("I cannot send email").

import { describe, expect, it } from 'vitest';
import { expectedAudit, range } from './jar-truth.js';
import { jarsFor, type KitchenRun, runKitchen } from './kitchen.js';

const jars = jarsFor(1729, 80);
const servers = ['cookie-jars', 'dice', 'pantry', 'pastry-chef'] as const;
const plain = (name: string) => name.split('__').at(-1) ?? name;
const made = (run: KitchenRun, tool: string) => run.calls.filter((call) => plain(call.name) === tool);

describe('compound jobs', () => {
  it('audits, then rolls: both parts, in the order asked', async () => {
    const run = await runKitchen('audit jars 70 to 75 then tell me the total of 2d8', { jars, servers: [...servers] });
    expect(made(run, 'inspect_jar').map((call) => call.input['id'])).toEqual(range(70, 75));
    expect(made(run, 'roll_dice').map((call) => call.input)).toEqual([{ count: 2, sides: 8 }]);
    const lastInspect = run.calls.findLastIndex((call) => plain(call.name) === 'inspect_jar');
    expect(run.calls.findIndex((call) => plain(call.name) === 'roll_dice')).toBeGreaterThan(lastInspect);
    expect(run.finalText).toMatch(/^1\. "audit jars 70 to 75": Audit of jars 70-75/m);
    expect(run.finalText).toMatch(/^2\. "[^"]*total of 2d8": Rolled 2d8: .*\(total \d+\)\.$/m);
  });

  it('applies "add 1" to the roll', async () => {
    const run = await runKitchen('roll 4d6, add 1', { jars, servers: [...servers] });
    expect(run.finalText).toMatch(/^Rolled 4d6\+1: .* \((\d+) \+ 1 = \d+\)\.$/);
  });

  it('names a modifier it cannot apply', async () => {
    const run = await runKitchen('roll 2d6, double it', { jars, servers: [...servers] });
    expect(run.finalText).toMatch(/^Not applied: "double it"\./m);
  });

  it('inspects, then discards the tampered ones among the jars it inspected', async () => {
    const run = await runKitchen('inspect jars 1-10 and discard any that are tampered', {
      jars,
      servers: [...servers],
    });
    expect(made(run, 'inspect_jar').map((call) => call.input['id'])).toEqual(range(1, 10));
    const tampered = expectedAudit(jars, range(1, 10)).tampered.map(({ id }) => id);
    expect(made(run, 'discard_jar').map((call) => call.input['id'])).toEqual(tampered);
    expect(run.finalText).toMatch(new RegExp(`^Discarded jars? ${tampered.join(', ')}\\.$`, 'm'));
  });

  it('says it cannot send email, and does nothing else for it', async () => {
    const run = await runKitchen('send an email about jar 12', { jars, servers: [...servers] });
    expect(run.calls).toEqual([]);
    expect(run.finalText).toMatch(/I cannot send email/);
  });

  it('names a question it cannot answer', async () => {
    const run = await runKitchen('check jars 1-3. is that right?', { jars, servers: [...servers] });
    expect(made(run, 'inspect_jar')).toHaveLength(3);
    expect(run.finalText).toMatch(/^2\. "is that right\?": Not answered: /m);
  });
});
