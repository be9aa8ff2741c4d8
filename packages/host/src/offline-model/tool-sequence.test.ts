import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../model.js';
import { OfflineModel } from '../offline-model.js';
import { FakeJarKitchen, generateJars } from '../testing/fake-jar-kitchen.js';

const model = new OfflineModel();

const pastryTools: ToolSpec[] = [
  {
    name: 'critique_recipe',
    description: "Asks the host's model to critique a recipe from the book, or any recipe text.",
    input_schema: { type: 'object', properties: { recipe: { type: 'string' } }, required: ['recipe'] },
  },
  {
    name: 'choose_filling',
    description: 'Asks the user which filling to use.',
    input_schema: { type: 'object', properties: {} },
  },
  {
    name: 'bake',
    description: 'Bakes the pastry. Slow.',
    input_schema: { type: 'object', properties: { minutes: { type: 'integer' } } },
  },
];

function answerPastry(
  name: string,
  input: Record<string, unknown>,
  failing: string[] = [],
): { content: string; isError: boolean } {
  if (failing.includes(name)) return { content: `The host declined the request for ${name}.`, isError: true };
  if (name === 'critique_recipe')
    return { content: JSON.stringify({ recipe: input['recipe'], verdict: 'adjust' }), isError: false };
  if (name === 'choose_filling') return { content: JSON.stringify({ outcome: 'declined' }), isError: false };
  return { content: JSON.stringify({ baked: true, minutes: input['minutes'] ?? 25 }), isError: false };
}

describe('the offline model with a task that names several tools', () => {
  it("calls each tool its clause names, one at a time, in the task's order, and reports each", async () => {
    const kitchen = new FakeJarKitchen([], {
      extraTools: pastryTools,
      answerExtra: (name, input) => answerPastry(name, input),
    });
    const run = await kitchen.run(
      model,
      'Ask the pastry chef to critique the lemon tart recipe, choose a filling and bake it for 20 minutes',
    );
    expect(run.calls.map((call) => [call.name, call.input])).toEqual([
      ['critique_recipe', { recipe: 'lemon tart' }],
      ['choose_filling', {}],
      ['bake', { minutes: 20 }],
    ]);
    expect(run.callsPerTurn).toEqual([1, 1, 1, 0]);
    expect(run.finalText).toBe(
      [
        'I worked through the 3 steps of the task:',
        '- critique_recipe: recipe: lemon tart; verdict: adjust',
        '- choose_filling: outcome: declined',
        '- bake: baked: true; minutes: 20',
      ].join('\n'),
    );
  });

  it('goes on after a step fails, and says which one did not do it and why', async () => {
    const kitchen = new FakeJarKitchen([], {
      extraTools: pastryTools,
      answerExtra: (name, input) => answerPastry(name, input, ['critique_recipe', 'bake']),
    });
    const run = await kitchen.run(model, 'Critique the recipe "tarte tatin", then choose a filling, then bake it.');
    expect(run.calls.map((call) => call.name)).toEqual(['critique_recipe', 'choose_filling', 'bake']);
    expect(run.calls[0]?.input).toEqual({ recipe: 'tarte tatin' });
    expect(run.finalText).toContain(
      '- critique_recipe did not do it: The host declined the request for critique_recipe.',
    );
    expect(run.finalText).toContain('- bake did not do it: The host declined the request for bake.');
  });

  it('keeps a single named tool and the jar tasks on their own paths', async () => {
    const kitchen = new FakeJarKitchen(generateJars(1, 10), {
      extraTools: pastryTools,
      answerExtra: (name, input) => answerPastry(name, input),
    });
    const single = await kitchen.run(model, 'bake it for 20 minutes');
    expect(single.calls.map((call) => call.name)).toEqual(['bake']);
    const audit = await kitchen.run(
      model,
      'Inspect all 10 cookie jars and report which ones were tampered with, and why',
    );
    expect(audit.calls.every((call) => ['list_jars', 'inspect_jar'].includes(call.name))).toBe(true);
  });
});
