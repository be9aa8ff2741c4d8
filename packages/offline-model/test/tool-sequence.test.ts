// The offline model working through a task that names several tools, one per clause, against the
// real pastry-chef server (sampling answered by the offline model, the filling form declined).

import { describe, expect, it } from 'vitest';
import { DENIAL_REASON, jarsFor, runKitchen } from './kitchen.js';

describe('the offline model with a task that names several tools', () => {
  it("calls each tool its clause names, one at a time, in the task's order, and reports each", async () => {
    const run = await runKitchen(
      'Ask the pastry chef to critique the lemon tart recipe, choose a filling and bake it for 20 minutes',
      { servers: ['pastry-chef'] },
    );
    expect(run.calls.map((call) => [call.name, call.input])).toEqual([
      ['critique_recipe', { recipe: 'lemon tart' }],
      ['choose_filling', {}],
      ['bake', { minutes: 20 }],
    ]);
    expect(run.callsPerTurn).toEqual([1, 1, 1, 0]);
    const lines = run.finalText.split('\n');
    expect(lines[0]).toBe('I worked through the 3 steps of the task:');
    expect(lines[1]).toMatch(/^- critique_recipe: recipe: lemon tart; verdict: bake; notes: /);
    expect(lines[2]).toMatch(/^- choose_filling: outcome: declined; note: The user declined/);
    expect(lines[3]).toBe('- bake: baked: true; minutes: 20; steps: 8');
  });

  it('goes on after a step fails, and says which one did not do it and why', async () => {
    const run = await runKitchen('Critique the recipe "tarte tatin", then choose a filling, then bake it.', {
      servers: ['pastry-chef'],
      deniedTools: ['critique_recipe', 'bake'],
    });
    expect(run.calls.map((call) => call.name)).toEqual(['critique_recipe', 'choose_filling', 'bake']);
    expect(run.calls[0]?.input).toEqual({ recipe: 'tarte tatin' });
    expect(run.finalText).toMatch(new RegExp(`^- critique_recipe did not do it: .*${DENIAL_REASON}`, 'm'));
    expect(run.finalText).toMatch(new RegExp(`^- bake did not do it: .*${DENIAL_REASON}`, 'm'));
  });

  it('keeps a single named tool and the jar tasks on their own paths', async () => {
    const servers = ['cookie-jars', 'pastry-chef'] as const;
    const single = await runKitchen('bake it for 20 minutes', { jars: jarsFor(1, 10), servers: [...servers] });
    expect(single.calls.map((call) => call.name)).toEqual(['bake']);
    const audit = await runKitchen('Inspect all 10 cookie jars and report which ones were tampered with, and why', {
      jars: jarsFor(1, 10),
      servers: [...servers],
    });
    expect(audit.calls.every((call) => ['list_jars', 'inspect_jar'].includes(call.name))).toBe(true);
  });
});
