import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../model.js';
import { OfflineModel } from '../offline-model.js';
import { FakeJarKitchen, generateJars, seededRandom } from '../testing/fake-jar-kitchen.js';

const model = new OfflineModel();

const diceTool: ToolSpec = {
  name: 'dice__roll_dice',
  description: 'Roll dice.',
  input_schema: {
    type: 'object',
    properties: { count: { type: 'integer' }, sides: { type: 'integer' }, seed: { type: 'integer' } },
  },
};

function rollDice(input: Record<string, unknown>): { content: string; isError: boolean } {
  const count = typeof input['count'] === 'number' ? input['count'] : 1;
  const sides = typeof input['sides'] === 'number' ? input['sides'] : 6;
  if (count > 100) return { content: 'count must be a whole number from 1 to 100 (got 500)', isError: true };
  const random = seededRandom(typeof input['seed'] === 'number' ? input['seed'] : 1);
  const rolls = Array.from({ length: count }, () => 1 + Math.floor(random() * sides));
  return {
    content: JSON.stringify({ count, sides, rolls, total: rolls.reduce((sum, roll) => sum + roll, 0) }),
    isError: false,
  };
}

const pantryTools: ToolSpec[] = [
  { name: 'list_pantry', description: 'List the supplies.', input_schema: { type: 'object', properties: {} } },
  {
    name: 'place_order',
    description: 'Order supplies. This spends money.',
    input_schema: {
      type: 'object',
      properties: {
        item: { type: 'string', enum: ['flour', 'sugar', 'chocolate-chips'], description: 'Item id from list_pantry.' },
        quantity: { type: 'integer' },
      },
      required: ['item', 'quantity'],
    },
  },
];
const pantryItems = [
  { id: 'flour', name: 'Flour, 1 kg bag', priceCents: 189, stock: 40 },
  { id: 'sugar', name: 'Caster sugar, 1 kg bag', priceCents: 249, stock: 30 },
  { id: 'chocolate-chips', name: 'Chocolate chips, 200 g', priceCents: 329, stock: 20 },
];

function answerPantry(
  name: string,
  input: Record<string, unknown>,
  denied = false,
): { content: string; isError: boolean } {
  if (name === 'list_pantry') return { content: JSON.stringify({ items: pantryItems }), isError: false };
  if (denied)
    return { content: 'Denied: orders over budget need approval, and nobody answered in time.', isError: true };
  return {
    content: JSON.stringify({ orderId: 'order-1', item: input['item'], quantity: input['quantity'], totalCents: 567 }),
    isError: false,
  };
}

const critiqueTool: ToolSpec = {
  name: 'pastry-chef__critique_recipe',
  description: "Asks the host's model to critique a recipe from the book, or any recipe text.",
  input_schema: {
    type: 'object',
    properties: { recipe: { type: 'string' }, strictness: { type: 'integer' } },
    required: ['recipe'],
  },
};

describe('the offline model with other tools', () => {
  it.each([
    ['roll 4d6 with seed 7', { count: 4, sides: 6, seed: 7 }],
    ['roll two d20', { count: 2, sides: 20 }],
    ['roll 3 dice', { count: 3 }],
  ])('rolls "%s" with roll_dice and reports the rolls and total', async (task, input) => {
    const kitchen = new FakeJarKitchen([], { extraTools: [diceTool], answerExtra: (_name, given) => rollDice(given) });
    const run = await kitchen.run(model, task);
    expect(run.calls).toEqual([{ agent: 'main', name: 'dice__roll_dice', input }]);
    const result = JSON.parse(rollDice(input).content) as { rolls: number[]; total: number };
    expect(run.finalText).toContain(`${result.rolls.join(', ')} (total ${result.total}).`);
  });

  it('reports a refused roll with the reason the tool gave', async () => {
    const kitchen = new FakeJarKitchen([], { extraTools: [diceTool], answerExtra: (_name, given) => rollDice(given) });
    const run = await kitchen.run(model, 'roll 500 dice');
    expect(run.finalText).toBe('The dice could not be rolled: count must be a whole number from 1 to 100 (got 500).');
  });

  it('looks at the pantry first, then orders the matching item by its id', async () => {
    const kitchen = new FakeJarKitchen([], {
      extraTools: pantryTools,
      answerExtra: (name, input) => answerPantry(name, input),
    });
    const run = await kitchen.run(model, 'order 3 bags of flour');
    expect(run.calls.map((call) => [call.name, call.input])).toEqual([
      ['list_pantry', {}],
      ['place_order', { item: 'flour', quantity: 3 }],
    ]);
    expect(run.finalText).toBe(
      'Placed the order for 3 bags of flour. The pantry answered: orderId: order-1; item: flour; quantity: 3; totalCents: 567',
    );
  });

  it('matches an item named in other words, and orders nothing the pantry does not stock', async () => {
    const kitchen = new FakeJarKitchen([], {
      extraTools: pantryTools,
      answerExtra: (name, input) => answerPantry(name, input),
    });
    const chips = await kitchen.run(model, 'buy 2 packs of chocolate chips');
    expect(chips.calls[1]?.input).toEqual({ item: 'chocolate-chips', quantity: 2 });
    const saffron = await kitchen.run(model, 'order 1 jar of saffron');
    expect(saffron.calls.map((call) => call.name)).toEqual(['list_pantry']);
    expect(saffron.finalText).toBe(
      'The pantry has no saffron, so I did not order anything. It stocks: Flour, 1 kg bag, Caster sugar, 1 kg bag, Chocolate chips, 200 g.',
    );
  });

  it('reports a denied order as not placed, with the reason', async () => {
    const kitchen = new FakeJarKitchen([], {
      extraTools: pantryTools,
      answerExtra: (name, input) => answerPantry(name, input, true),
    });
    const run = await kitchen.run(model, 'order 3 bags of flour');
    expect(run.finalText).toBe(
      'The order for 3 bags of flour was NOT placed: Denied: orders over budget need approval, and nobody answered in time.',
    );
  });

  it('calls a tool the task names, filling its inputs from the task by the schema', async () => {
    const kitchen = new FakeJarKitchen([], {
      extraTools: [critiqueTool],
      answerExtra: (_name, input) => ({
        content: `VERDICT: adjust\n- critique of ${String(input['recipe'])}`,
        isError: false,
      }),
    });
    const run = await kitchen.run(model, 'use the critique_recipe tool on tarte tatin');
    expect(run.calls).toEqual([
      { agent: 'main', name: 'pastry-chef__critique_recipe', input: { recipe: 'tarte tatin' } },
    ]);
    expect(run.finalText).toBe(
      'I called pastry-chef__critique_recipe. It answered:\nVERDICT: adjust\n- critique of tarte tatin',
    );
  });

  it('prefers quoted text and named numbers when it fills inputs', async () => {
    const kitchen = new FakeJarKitchen([], {
      extraTools: [critiqueTool],
      answerExtra: () => ({ content: '{"verdict":"bake"}', isError: false }),
    });
    const run = await kitchen.run(model, 'Run critique_recipe on "2 eggs, 100 g sugar" with strictness 3');
    expect(run.calls[0]?.input).toEqual({ recipe: '2 eggs, 100 g sugar', strictness: 3 });
    expect(run.finalText).toBe('I called pastry-chef__critique_recipe. It answered:\nverdict: bake');
  });

  it('finds a tool whose name and description match the task', async () => {
    const kitchen = new FakeJarKitchen([], {
      extraTools: [critiqueTool],
      answerExtra: () => ({ content: 'VERDICT: bake', isError: false }),
    });
    const run = await kitchen.run(model, 'Please critique this recipe: lemon tart');
    expect(run.calls[0]).toMatchObject({ name: 'pastry-chef__critique_recipe', input: { recipe: 'lemon tart' } });
  });

  it("keeps only the words that are not the tool's own when it fills an input from a described task", async () => {
    const kitchen = new FakeJarKitchen([], {
      extraTools: [critiqueTool],
      answerExtra: () => ({ content: 'VERDICT: bake', isError: false }),
    });
    const run = await kitchen.run(model, 'Could you critique the recipe for tarte tatin?');
    expect(run.calls[0]?.input).toEqual({ recipe: 'tarte tatin' });
  });

  it('reads a number written before the input\'s name ("bake for 20 minutes")', async () => {
    const bake: ToolSpec = {
      name: 'bake',
      description: 'Bakes the pastry. Slow.',
      input_schema: { type: 'object', properties: { minutes: { type: 'integer' } } },
    };
    const kitchen = new FakeJarKitchen([], {
      extraTools: [bake],
      answerExtra: () => ({ content: '{"baked":true}', isError: false }),
    });
    const run = await kitchen.run(model, 'bake it for 20 minutes');
    expect(run.calls[0]).toMatchObject({ name: 'bake', input: { minutes: 20 } });
  });

  it('calls a jar tool it was not written for when the task leads with its name ("weigh jar 5")', async () => {
    const kitchen = new FakeJarKitchen(generateJars(1, 10), {
      answerExtra: (name, input) => ({ content: JSON.stringify({ tool: name, ...input }), isError: false }),
    });
    const run = await kitchen.run(model, 'weigh jar 5');
    expect(run.calls).toEqual([{ agent: 'main', name: 'weigh_jar', input: { id: 5 } }]);
  });

  it('counts the jars by listing every page', async () => {
    const run = await new FakeJarKitchen(generateJars(1, 130)).run(model, 'How many jars are there?');
    expect(run.finalText).toBe('There are 130 jars: jars 1-130.');
  });

  it('explains politely what it can do, naming the tools it sees, when a task is outside its repertoire', async () => {
    const run = await new FakeJarKitchen([], { extraTools: [diceTool] }).run(model, 'Translate this poem into French');
    expect(run.calls).toEqual([]);
    expect(run.finalText).toContain('I am the offline model');
    expect(run.finalText).toContain('I don\'t know how to do "Translate this poem into French"');
    expect(run.finalText).toContain(
      'The tools I can see: list_jars, inspect_jar, weigh_jar, read_note, discard_jar, reseal_jar, dice__roll_dice.',
    );
  });

  it('says which tool is missing when the task needs one it was not given', async () => {
    const dice = await new FakeJarKitchen([]).run(model, 'roll 2 dice');
    expect(dice.finalText).toMatch(
      /^I cannot roll dice: no roll_dice tool was offered\. The tools I can see: list_jars/,
    );
    const order = await new FakeJarKitchen([]).run(model, 'order 3 bags of flour');
    expect(order.finalText).toMatch(
      /^I cannot place orders: no place_order tool was offered\. The tools I can see: list_jars/,
    );
  });
});
