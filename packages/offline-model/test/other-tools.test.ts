// The offline model with the other example servers (dice, pantry, pastry chef) and with tools it
// was not written for, all over MCP against the real servers.

import { rollDice } from '@kitchen/server-dice';
import { describe, expect, it } from 'vitest';
import { DENIAL_REASON, jarsFor, runKitchen } from './kitchen.js';

describe('the offline model with other tools', () => {
  it.each<[string, { count: number; sides?: number; seed?: number; picture?: boolean }]>([
    ['roll 4d6 with seed 7', { count: 4, sides: 6, seed: 7 }],
    ['roll 2d6 with a picture', { count: 2, sides: 6, picture: true }],
    ['roll two d20', { count: 2, sides: 20 }],
    ['roll 3 dice', { count: 3 }],
  ])('rolls "%s" with roll_dice and reports the rolls and total', async (task, input) => {
    const run = await runKitchen(task, { servers: ['dice'], diceSeed: 99 });
    expect(run.calls).toEqual([{ agent: 'main', name: 'roll_dice', input }]);
    const result = rollDice({ count: input.count, sides: input.sides ?? 6, seed: input.seed ?? 99 });
    expect(run.finalText).toContain(`${result.rolls.join(', ')} (total ${result.total}).`);
  });

  it('reports a refused roll with the reason the tool gave', async () => {
    const run = await runKitchen('roll 500 dice', { servers: ['dice'] });
    expect(run.finalText).toMatch(/^The dice could not be rolled: .*count.*\b100\b/);
  });

  it('looks at the pantry first, then orders the matching item by its id', async () => {
    const run = await runKitchen('order 3 bags of flour', { servers: ['pantry'] });
    expect(run.calls.map((call) => [call.name, call.input])).toEqual([
      ['list_pantry', {}],
      ['place_order', { item: 'flour', quantity: 3 }],
    ]);
    expect(run.finalText).toMatch(
      /^Placed the order for 3 bags of flour\. The pantry answered: orderId: .*quantity: 3/,
    );
  });

  it('matches an item named in other words, and orders nothing the pantry does not stock', async () => {
    const chips = await runKitchen('buy 2 packs of chocolate chips', { servers: ['pantry'] });
    expect(chips.calls[1]?.input).toEqual({ item: 'chocolate-chips', quantity: 2 });
    const saffron = await runKitchen('order 1 jar of saffron', { servers: ['pantry'] });
    expect(saffron.calls.map((call) => call.name)).toEqual(['list_pantry']);
    expect(saffron.finalText).toBe(
      'The pantry has no saffron, so I did not order anything. It stocks: Flour, 1 kg bag, Caster sugar, 1 kg bag, ' +
        'Butter, 250 g block, Eggs, box of 12, Chocolate chips, 200 g, Vanilla extract, 50 ml.',
    );
  });

  it('reports a denied order as not placed, with the reason', async () => {
    const run = await runKitchen('order 3 bags of flour', { servers: ['pantry'], deniedTools: ['place_order'] });
    expect(run.finalText).toMatch(/^The order for 3 bags of flour was NOT placed: .+/);
    expect(run.finalText).toContain(DENIAL_REASON);
  });

  it('calls a tool the task names, filling its inputs from the task by the schema', async () => {
    const run = await runKitchen('use the critique_recipe tool on tarte tatin', { servers: ['pastry-chef'] });
    expect(run.calls).toEqual([{ agent: 'main', name: 'critique_recipe', input: { recipe: 'tarte tatin' } }]);
    // The chef asked the host's model (the offline model) for the critique, through sampling.
    expect(run.finalText).toMatch(/^I called critique_recipe\. It answered:\nrecipe: tarte tatin\nverdict: bake\n/);
    expect(run.finalText).toContain('\nmodel: offline\n');
  });

  it('prefers quoted text and named numbers when it fills inputs', async () => {
    const quoted = await runKitchen('Run critique_recipe on "2 eggs, 100 g sugar, bake 20 min"', {
      servers: ['pastry-chef'],
    });
    expect(quoted.calls[0]?.input).toEqual({ recipe: '2 eggs, 100 g sugar, bake 20 min' });
    const named = await runKitchen('use the bake tool for 2 trays with minutes 30', { servers: ['pastry-chef'] });
    expect(named.calls[0]?.input).toEqual({ minutes: 30 });
  });

  it('finds a tool whose name and description match the task', async () => {
    const run = await runKitchen('Please critique this recipe: lemon tart', { servers: ['pastry-chef'] });
    expect(run.calls[0]).toMatchObject({ name: 'critique_recipe', input: { recipe: 'lemon tart' } });
  });

  it("keeps only the words that are not the tool's own when it fills an input from a described task", async () => {
    const run = await runKitchen('Could you critique the recipe for tarte tatin?', { servers: ['pastry-chef'] });
    expect(run.calls[0]?.input).toEqual({ recipe: 'tarte tatin' });
  });

  it('reads a number written before the input\'s name ("bake for 20 minutes")', async () => {
    const run = await runKitchen('bake it for 20 minutes', { servers: ['pastry-chef'] });
    expect(run.calls[0]).toMatchObject({ name: 'bake', input: { minutes: 20 } });
  });

  it('calls a jar tool it was not written for when the task leads with its name ("weigh jar 5")', async () => {
    const run = await runKitchen('weigh jar 5', { jars: jarsFor(1, 10) });
    expect(run.calls).toEqual([{ agent: 'main', name: 'weigh_jar', input: { id: 5 } }]);
  });

  it('counts the jars by listing every page', async () => {
    const run = await runKitchen('How many jars are there?', { jars: jarsFor(1, 130) });
    expect(run.finalText).toBe('There are 130 jars: jars 1-130.');
  });

  it('explains politely what it can do, naming the tools it sees, when a task is outside its repertoire', async () => {
    const run = await runKitchen('Translate this poem into French', { servers: ['cookie-jars', 'dice'] });
    expect(run.calls).toEqual([]);
    expect(run.finalText).toContain('I am the offline model');
    expect(run.finalText).toContain('I don\'t know how to do "Translate this poem into French"');
    expect(run.finalText).toContain(
      // By name, so the order the servers connected in never changes what the model does or says.
      'The tools I can see: discard_jar, inspect_jar, list_jars, read_note, reseal_jar, roll_dice, show_dice_tray, weigh_jar.',
    );
  });

  it('says which tool is missing when the task needs one it was not given', async () => {
    const dice = await runKitchen('roll 2 dice');
    expect(dice.finalText).toMatch(
      /^I cannot roll dice: no roll_dice tool was offered\. The tools I can see: discard_jar/,
    );
    const order = await runKitchen('order 3 bags of flour');
    expect(order.finalText).toMatch(
      /^I cannot place orders: no place_order tool was offered\. The tools I can see: discard_jar/,
    );
  });
});
