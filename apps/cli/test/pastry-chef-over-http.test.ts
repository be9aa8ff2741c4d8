// End to end over real HTTP: the pastry chef runs as its own process (started the way the kitchen
// starts servers, on 127.0.0.1:0), the host's Toolbox connects with the host's sampling and
// elicitation handlers, the agent loop drives the calls and the offline model answers the chef's
// sampling requests. Every test runs in both eras against the one process: a Toolbox pinned to
// 2025-11-25 gets the chef's questions pushed, one pinned to 2026-07-28 as input_required results.
// App side: starting a server process is the app's business.

import { fileURLToPath } from 'node:url';
import {
  allowAllGate,
  createElicitationHandler,
  createPendingApprovals,
  createSamplingHandler,
  type ElicitationAnswer,
  type LoopEvent,
  type Model,
  type Person,
  runAgentLoop,
  type SamplingHandlerOptions,
  Toolbox,
  type ToolResultEvent,
  TreeBudget,
} from '@kitchen/host';
import {
  collectEvents,
  createRecordingContext,
  ScriptedModel,
  scriptedPerson,
  textTurn,
  toolTurn,
} from '@kitchen/host/testing';
import { OfflineModel } from '@kitchen/offline-model';
import { PROCESS_TEST_TIMEOUT_MS } from '@kitchen/probe-kit/cli-process';
import { type RunningServers, startServers } from '@kitchen/runtime/server-processes/start-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const pastryChefFolder = fileURLToPath(new URL('../../../servers/pastry-chef/', import.meta.url));

let running: RunningServers;
let pastryChef: { address: string };

beforeAll(async () => {
  running = await startServers([
    {
      kind: 'launch',
      name: 'pastry-chef',
      packageDirectory: pastryChefFolder,
      entryFile: `${pastryChefFolder}src/main.ts`,
      args: ['--bake-ms-per-minute', '4', '--bake-steps', '5'],
      // Both revisions on one endpoint; each Toolbox below pins one.
      env: { KITCHEN_ERAS: '2025-11-25,2026-07-28' },
      port: 0,
    },
  ]);
  pastryChef = { address: running.servers[0]!.url };
}, PROCESS_TEST_TIMEOUT_MS);

afterAll(async () => {
  await running?.stop();
});

interface Kitchen {
  toolbox: Toolbox;
  budget: TreeBudget;
  sampler: Model;
}

const ERAS = ['2025-11-25', '2026-07-28'] as const;
type Era = (typeof ERAS)[number];

/** A Toolbox connected to the running chef in `era` with the host's handlers, closed after `use`. */
async function withKitchen<T>(
  era: Era,
  options: { sampling?: Partial<SamplingHandlerOptions>; answers?: ElicitationAnswer[]; budget?: TreeBudget },
  use: (kitchen: Kitchen) => Promise<T>,
): Promise<T> {
  const budget = options.budget ?? new TreeBudget();
  const sampler = new OfflineModel();
  const toolbox = await Toolbox.connect([{ name: 'pastry-chef', url: pastryChef.address, protocol: era }], {
    handlers: {
      sampling: createSamplingHandler({ model: sampler, budget, defaultAction: 'allow', ...options.sampling }),
      elicitation: createElicitationHandler({ person: scriptedPerson({ forms: options.answers ?? [] }) }),
    },
  });
  try {
    expect(toolbox.era('pastry-chef')).toBe(era);
    return await use({ toolbox, budget, sampler });
  } finally {
    await toolbox.close();
  }
}

/** Runs the agent loop with a scripted cook that calls one tool, then reports. */
async function runOneCall(kitchen: Kitchen, tool: string, input: Record<string, unknown>): Promise<LoopEvent[]> {
  const cook = new ScriptedModel([toolTurn({ name: tool, input, id: `toolu_${tool}` }), textTurn('Done.')]);
  return collectEvents(
    runAgentLoop({
      messages: [{ role: 'user', content: `Please use ${tool}.` }],
      model: cook,
      toolbox: kitchen.toolbox,
      gate: allowAllGate,
      budget: kitchen.budget,
      maxTokensPerCall: 1024,
    }),
  );
}

const ofType = <Type extends LoopEvent['type']>(events: LoopEvent[], type: Type) =>
  events.filter((event): event is Extract<LoopEvent, { type: Type }> => event.type === type);

describe.each(ERAS)('the pastry chef in %s', (era) => {
  describe('sampling over HTTP', () => {
    it(
      'shows the request in the calling lane before the tool result, and charges what it showed at most',
      async () => {
        await withKitchen(era, {}, async (kitchen) => {
          const events = await runOneCall(kitchen, 'critique_recipe', { recipe: 'tarte tatin' });
          const types = events.map((event) => event.type);
          const shown = ofType(events, 'sampling-request')[0];
          const answered = ofType(events, 'sampling-response')[0];
          const result = ofType(events, 'tool-result')[0];
          expect(shown).toMatchObject({
            agent: 'main',
            callId: 'toolu_critique_recipe',
            server: 'pastry-chef',
            maxTokens: 400,
          });
          expect(answered).toMatchObject({ callId: 'toolu_critique_recipe', outcome: 'answered' });
          expect(result).toMatchObject({ callId: 'toolu_critique_recipe', isError: false });
          expect(types.indexOf('tool-call')).toBeLessThan(types.indexOf('sampling-request'));
          expect(types.indexOf('sampling-request')).toBeLessThan(types.indexOf('sampling-response'));
          expect(types.indexOf('sampling-response')).toBeLessThan(types.indexOf('tool-result'));
          expect(JSON.parse(result?.content ?? '{}')).toMatchObject({
            recipe: 'tarte tatin',
            verdict: expect.stringMatching(/^(bake|adjust|rethink)$/),
            model: 'offline',
          });
          // Shown: the worst case. Charged: what the budget settled, never more than shown.
          expect(shown?.costCents).toBe(
            kitchen.budget.priceOf(kitchen.sampler.id, {
              inputTokens: shown?.estimatedInputTokens ?? 0,
              outputTokens: 400,
            }),
          );
          expect(answered?.costCents).toBe(
            kitchen.budget.priceOf(kitchen.sampler.id, {
              inputTokens: answered?.inputTokens ?? 0,
              outputTokens: answered?.outputTokens ?? 0,
            }),
          );
          expect(answered?.costCents ?? Infinity).toBeLessThanOrEqual(shown?.costCents ?? 0);
          // One budget for the whole tree: the loop's own calls plus the chef's sampling.
          const loopCents = ofType(events, 'usage').reduce((sum, usage) => sum + usage.costCents, 0);
          expect(kitchen.budget.spentCents).toBeCloseTo(loopCents + (answered?.costCents ?? 0), 12);
        });
      },
      PROCESS_TEST_TIMEOUT_MS,
    );

    it(
      "turns a user's no into a tool result the model can read",
      async () => {
        const sayNo: Person['approve'] = async () => ({ approved: false, reason: 'too dear' });
        await withKitchen(era, { sampling: { defaultAction: 'ask', person: { approve: sayNo } } }, async (kitchen) => {
          const events = await runOneCall(kitchen, 'critique_recipe', { recipe: 'lemon tart' });
          expect(ofType(events, 'sampling-response')[0]).toMatchObject({ outcome: 'denied', costCents: 0 });
          const result = ofType(events, 'tool-result')[0] as ToolResultEvent;
          expect(result.isError).toBe(true);
          // Whichever era carried it (see servers/pastry-chef/README.md), the host's reason reaches the model.
          expect(result.content).toContain('The user declined the model call pastry-chef asked for: too dear');
          expect(kitchen.budget.agentTotals('main').tokens).toBe(
            ofType(events, 'usage').reduce((sum, usage) => sum + usage.inputTokens + usage.outputTokens, 0),
          );
        });
      },
      PROCESS_TEST_TIMEOUT_MS,
    );

    it(
      'asks, and on a yes answers',
      async () => {
        const questions: string[] = [];
        const sayYes: Person['approve'] = async (question) => {
          questions.push(question.reason);
          return { approved: true };
        };
        await withKitchen(era, { sampling: { defaultAction: 'ask', person: { approve: sayYes } } }, async (kitchen) => {
          const outcome = await kitchen.toolbox.call(
            'critique_recipe',
            { recipe: 'lemon tart' },
            createRecordingContext().context,
          );
          expect(outcome.isError).toBe(false);
          expect(questions).toHaveLength(1);
          expect(questions[0]).toMatch(/^pastry-chef is asking to spend \d+\.\d+¢ on a model call/);
        });
      },
      PROCESS_TEST_TIMEOUT_MS,
    );

    it(
      'shows, asks and answers two concurrent requests each on its own',
      async () => {
        const pending = createPendingApprovals();
        // Answer only once both questions wait at the same time: proof that neither blocks the other.
        const answerBoth = setInterval(() => {
          const waiting = pending.pending();
          if (waiting.length < 2) return;
          clearInterval(answerBoth);
          for (const question of waiting)
            pending.answer(
              question.requestId,
              question.callId === 'toolu_a',
              question.callId === 'toolu_a' ? undefined : 'one is enough',
            );
        }, 5);
        try {
          await withKitchen(era, { sampling: { defaultAction: 'ask', person: pending } }, async (kitchen) => {
            const cook = new ScriptedModel([
              toolTurn(
                { name: 'critique_recipe', input: { recipe: 'lemon tart' }, id: 'toolu_a' },
                { name: 'critique_recipe', input: { recipe: 'tarte tatin' }, id: 'toolu_b' },
              ),
              textTurn('Done.'),
            ]);
            const events = await collectEvents(
              runAgentLoop({
                messages: [{ role: 'user', content: 'Critique two.' }],
                model: cook,
                toolbox: kitchen.toolbox,
                gate: allowAllGate,
                budget: kitchen.budget,
              }),
            );
            expect(
              ofType(events, 'sampling-request')
                .map((event) => event.callId)
                .sort(),
            ).toEqual(['toolu_a', 'toolu_b']);
            const outcomes = Object.fromEntries(
              ofType(events, 'sampling-response').map((event) => [event.callId, event.outcome]),
            );
            expect(outcomes).toEqual({ toolu_a: 'answered', toolu_b: 'denied' });
            const results = Object.fromEntries(
              ofType(events, 'tool-result').map((event) => [event.callId, event.isError]),
            );
            expect(results).toEqual({ toolu_a: false, toolu_b: true });
          });
        } finally {
          clearInterval(answerBoth);
        }
      },
      PROCESS_TEST_TIMEOUT_MS,
    );

    it(
      'refuses a server the rules deny',
      async () => {
        await withKitchen(era, { sampling: { perServer: { 'pastry-chef': { action: 'deny' } } } }, async (kitchen) => {
          const recording = createRecordingContext({ callId: 'call-deny' });
          const outcome = await kitchen.toolbox.call('critique_recipe', { recipe: 'lemon tart' }, recording.context);
          expect(outcome.isError).toBe(true);
          expect(outcome.content).toContain('The host does not let pastry-chef ask for model calls');
          expect(ofType(recording.events, 'sampling-response')[0]).toMatchObject({
            callId: 'call-deny',
            outcome: 'denied',
          });
        });
      },
      PROCESS_TEST_TIMEOUT_MS,
    );

    it(
      'stops a server at its spending cap',
      async () => {
        await withKitchen(
          era,
          { sampling: { perServer: { 'pastry-chef': { action: 'allow', capCents: 0.6 } } } },
          async (kitchen) => {
            // Each critique could cost ~0.42¢ (its worst case); the cap counts what was really spent
            // plus that worst case, so a few calls pass and then the chef is refused.
            const outcomes = [];
            do {
              outcomes.push(
                await kitchen.toolbox.call(
                  'critique_recipe',
                  { recipe: 'tarte tatin' },
                  createRecordingContext().context,
                ),
              );
            } while (!outcomes.at(-1)?.isError && outcomes.length < 40);
            expect(outcomes.length).toBeGreaterThan(1);
            expect(outcomes.at(-1)?.content).toMatch(
              /pastry-chef has used \d+\.\d+¢ of its 0\.6¢ sampling allowance for this run/,
            );
            expect(kitchen.budget.spentCents).toBeLessThanOrEqual(0.6);
          },
        );
      },
      PROCESS_TEST_TIMEOUT_MS,
    );

    it(
      "refuses when the run's budget cannot cover the worst case",
      async () => {
        await withKitchen(era, { budget: new TreeBudget({ maxTokens: 300 }) }, async (kitchen) => {
          const recording = createRecordingContext();
          const outcome = await kitchen.toolbox.call('critique_recipe', { recipe: 'tarte tatin' }, recording.context);
          expect(outcome.isError).toBe(true);
          expect(outcome.content).toMatch(
            /token budget cannot cover this model call: it could use \d+ tokens and 300 of 300 are left/,
          );
          expect(kitchen.budget.spentTokens).toBe(0);
          expect(kitchen.budget.reservedTokens).toBe(0);
        });
      },
      PROCESS_TEST_TIMEOUT_MS,
    );
  });

  describe('elicitation over HTTP', () => {
    it(
      'accepts, declines and cancels, each shown in the lane of the call',
      async () => {
        const answers: ElicitationAnswer[] = [
          { action: 'accept', content: { filling: 'cherry', servings: 6 } },
          { action: 'decline' },
          { action: 'cancel' },
        ];
        await withKitchen(era, { answers }, async (kitchen) => {
          const outcomes = [];
          for (const callId of ['call-accept', 'call-decline', 'call-cancel']) {
            const recording = createRecordingContext({ callId });
            outcomes.push({
              outcome: await kitchen.toolbox.call('choose_filling', {}, recording.context),
              events: recording.events,
            });
          }
          expect(outcomes.map(({ outcome }) => JSON.parse(outcome.content).outcome)).toEqual([
            'chosen',
            'declined',
            'cancelled',
          ]);
          expect(JSON.parse(outcomes[0]?.outcome.content ?? '{}')).toMatchObject({
            filling: 'cherry',
            servings: 6,
            grams: 600,
          });
          expect(outcomes[0]?.events).toMatchObject([
            {
              type: 'elicitation-request',
              callId: 'call-accept',
              server: 'pastry-chef',
              schema: { properties: { servings: { maximum: 12 } } },
            },
            {
              type: 'elicitation-response',
              callId: 'call-accept',
              action: 'accept',
              content: { filling: 'cherry', servings: 6 },
            },
          ]);
          expect(outcomes[2]?.events.at(-1)).toMatchObject({ type: 'elicitation-response', action: 'cancel' });
        });
      },
      PROCESS_TEST_TIMEOUT_MS,
    );

    it(
      'asks again when an answer does not fit the form, and gives up clearly',
      async () => {
        const wrong: ElicitationAnswer = { action: 'accept', content: { filling: 'anchovy', servings: 6 } };
        await withKitchen(
          era,
          { answers: [wrong, { action: 'accept', content: { filling: 'apple', servings: 2 } }, wrong, wrong, wrong] },
          async (kitchen) => {
            const fixed = await kitchen.toolbox.call('choose_filling', {}, createRecordingContext().context);
            expect(JSON.parse(fixed.content)).toMatchObject({ outcome: 'chosen', filling: 'apple' });
            const refused = await kitchen.toolbox.call('choose_filling', {}, createRecordingContext().context);
            expect(refused.isError).toBe(true);
            expect(refused.content).toContain(
              'did not fit it after 3 tries: filling must be one of: apple, cherry, lemon curd, chocolate.',
            );
          },
        );
      },
      PROCESS_TEST_TIMEOUT_MS,
    );
  });

  describe('progress over HTTP', () => {
    it(
      'reaches the lane with the callId of the bake, before its result',
      async () => {
        await withKitchen(era, {}, async (kitchen) => {
          const events = await runOneCall(kitchen, 'bake', { minutes: 10 });
          const progress = ofType(events, 'progress');
          expect(progress.map((event) => [event.agent, event.callId, event.tool, event.progress, event.total])).toEqual(
            [1, 2, 3, 4, 5].map((step) => ['main', 'toolu_bake', 'bake', step, 5]),
          );
          expect(progress.at(-1)?.message).toBe('out of the oven');
          const types = events.map((event) => event.type);
          expect(types.lastIndexOf('progress')).toBeLessThan(types.indexOf('tool-result'));
        });
      },
      PROCESS_TEST_TIMEOUT_MS,
    );

    it(
      'ends a bake before it finishes when the run is aborted',
      async () => {
        await withKitchen(era, {}, async (kitchen) => {
          const recording = createRecordingContext({ callId: 'call-bake' });
          // 180 minutes at 4 ms a minute: 720 ms if nobody stops it.
          const baking = kitchen.toolbox.call('bake', { minutes: 180 }, recording.context);
          while (!recording.events.some((event) => event.type === 'progress'))
            await new Promise((resolve) => setTimeout(resolve, 5));
          recording.abort();
          const outcome = await baking;
          expect(outcome).toMatchObject({ isError: true, content: expect.stringContaining('cancelled') });
          expect(recording.events.filter((event) => event.type === 'progress').length).toBeLessThan(5);
        });
      },
      PROCESS_TEST_TIMEOUT_MS,
    );
  });
});
