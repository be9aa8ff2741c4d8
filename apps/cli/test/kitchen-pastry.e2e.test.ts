// `kitchen demo pastry` end to end: the real CLI, the pastry chef as a real child process, the
// offline model. The chef asks the host for a model call (sampling), asks the user to fill in a
// form (elicitation) and reports progress while it bakes.

import type { LoopEvent } from '@kitchen/host';
import {
  CLI_DIRECTORY,
  PROCESS_TEST_TIMEOUT_MS,
  parseEvents,
  runCli,
  writeConfig,
} from '@kitchen/probe-kit/cli-process';
import { describe, expect, it } from 'vitest';

const config = writeConfig({
  servers: [
    {
      name: 'pastry-chef',
      trust: true,
      package: `${CLI_DIRECTORY}../../servers/pastry-chef`,
      entry: 'src/main.ts',
      args: ['--bake-ms-per-minute', '2'],
    },
  ],
  sampling: { 'pastry-chef': { action: 'ask', capCents: 5 } },
});

const ofType = <Type extends LoopEvent['type']>(events: LoopEvent[], type: Type) =>
  events.filter((event): event is Extract<LoopEvent, { type: Type }> => event.type === type);

describe.concurrent('kitchen demo pastry', () => {
  it('with --yes: shows the price, answers the sampling request, charges it, declines the form nobody can fill, and bakes', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['demo', 'pastry', '--yes', '--config', config]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const { stdout } = result;
    expect(stdout).toContain(
      '🍪 task: Ask the pastry chef to critique the lemon tart recipe, choose a filling and bake it',
    );
    expect(stdout).toMatch(
      /🧾 the kitchen is asking to spend \d+\.\d¢ for a model call from pastry-chef \(~\d+ input \+ up to 400 output tokens; [\d,]+ tree tokens left\)/,
    );
    const charged = /🧾 pastry-chef's model call answered: \d+ in \+ \d+ out tokens, (\d+\.\d¢)/.exec(stdout)?.[1];
    expect(charged).toBeDefined();
    // The summary's sampling share is exactly what the answer line charged.
    expect(stdout).toMatch(
      new RegExp(
        `📊 end_turn · 4 iterations · 3 tool calls · [\\d,]+ of 600,000 tree tokens · \\d+\\.\\d¢ \\(sampling ${charged}\\) · `,
      ),
    );
    expect(stdout).toContain(
      '❓ pastry-chef asks: Which filling should the pastry chef use, and for how many people? (2 fields: filling, servings)',
    );
    expect(stdout).toContain('❓ answer to pastry-chef: decline');
    expect(stdout).toContain('✋ approved bake: approved by --yes');
    expect(stdout).toMatch(/⏳ bake \[█+░*\] 1\/8: /);
    expect(stdout).toContain('⏳ bake [██████████] 8/8: out of the oven');
    expect(stdout).toMatch(/- critique_recipe: recipe: lemon tart; verdict: (bake|adjust|rethink)/);
    expect(stdout).toContain('- choose_filling: outcome: declined');
    expect(stdout).toContain('- bake: baked: true; minutes: 25; steps: 8');
  });

  it('with --no: the sampling request is denied, the tool says so as a result, the form is declined, and the run finishes', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['demo', 'pastry', '--no', '--json', '--config', config]);
    expect(result.code).toBe(4); // partly done: a call was denied
    const events = parseEvents(result.stdout);
    expect(ofType(events, 'sampling-request')).toMatchObject([
      { server: 'pastry-chef', maxTokens: 400, costCents: expect.any(Number) },
    ]);
    expect(ofType(events, 'sampling-response')).toMatchObject([
      { outcome: 'denied', costCents: 0, reason: expect.stringContaining('the run was started with --no') },
    ]);
    const results = Object.fromEntries(ofType(events, 'tool-result').map((event) => [event.tool, event]));
    expect(results['critique_recipe']).toMatchObject({
      isError: true,
      content: expect.stringContaining('The user declined the model call pastry-chef asked for'),
    });
    expect(ofType(events, 'elicitation-response')).toMatchObject([{ server: 'pastry-chef', action: 'decline' }]);
    expect(JSON.parse(results['choose_filling']?.content ?? '{}')).toMatchObject({ outcome: 'declined' });
    expect(results['bake']).toMatchObject({
      isError: true,
      content: expect.stringContaining('The user denied bake on pastry-chef'),
    });
    const done = events.at(-1);
    expect(done).toMatchObject({
      type: 'done',
      stopReason: 'end_turn',
      finalText: expect.stringMatching(/- critique_recipe did not do it: .*The user declined the model call/),
    });
    // Nothing was charged for sampling: the whole cost is the loop's own model calls.
    const loopCents = ofType(events, 'usage').reduce((sum, usage) => sum + usage.costCents, 0);
    expect(done).toMatchObject({ costCents: expect.closeTo(loopCents, 10) });
  });

  it("charges the run exactly the loop's calls plus what sampling cost", {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['demo', 'pastry', '--yes', '--json', '--config', config]);
    const events = parseEvents(result.stdout);
    const loopCents = ofType(events, 'usage').reduce((sum, usage) => sum + usage.costCents, 0);
    const [answered] = ofType(events, 'sampling-response');
    const [asked] = ofType(events, 'sampling-request');
    expect(answered).toMatchObject({ outcome: 'answered' });
    expect(answered!.costCents).toBeLessThanOrEqual(asked!.costCents);
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      costCents: expect.closeTo(loopCents + answered!.costCents, 10),
    });
  });
});
