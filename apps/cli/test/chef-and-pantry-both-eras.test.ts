// The pastry chef and the pantry through the host's Toolbox in both eras, over real HTTP on
// loopback: the server kit serves each in both revisions on one endpoint; one Toolbox is pinned
// to 2025-11-25 (the server's `protocol` setting), the other picks 2026-07-28 by itself. The same
// host handlers answer the chef's questions both ways — pushed in 2025, `input_required` in 2026 —
// with the same model request, price and charge to the tree budget. App side: it stands up the
// example servers.

import {
  createElicitationHandler,
  createSamplingHandler,
  type Model,
  type ProtocolEra,
  Toolbox,
  TreeBudget,
} from '@kitchen/host';
import {
  createRecordingContext,
  FixedModel,
  type SamplingEvent,
  type ScriptedPerson,
  samplingCharge,
  samplingEvents,
  scriptedPerson,
} from '@kitchen/host/testing';
import { serveMcp } from '@kitchen/server-kit';
import { buildServer as buildPantry, Pantry } from '@kitchen/server-pantry';
import { buildServer as buildPastryChef, type PastryChefOptions } from '@kitchen/server-pastry-chef';
import { afterEach, describe, expect, it } from 'vitest';

const ERAS: readonly ProtocolEra[] = ['2025-11-25', '2026-07-28'];

/** What the host's model answers every critique with. */
const CRITIQUE = { text: 'VERDICT: adjust\n- Rest the pastry.', inputTokens: 120, outputTokens: 12 };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Kitchen {
  toolbox: Toolbox;
  era: ProtocolEra | undefined;
}

type Build = (context: { era: ProtocolEra }) => ReturnType<typeof buildPastryChef>;

/** Serves `build` with the server kit in both revisions on one loopback endpoint. */
async function serve(build: Build): Promise<string> {
  const served = await serveMcp({ name: 'kitchen-test', buildServer: build, log: { level: 'silent' } });
  cleanups.push(() => served.close());
  return served.url;
}

/** A Toolbox on `url` in `era`: pinned to 2025-11-25, or left to pick 2026-07-28 by itself. */
async function connectKitchen(
  url: string,
  era: ProtocolEra,
  host: { model: Model; budget: TreeBudget; person: ScriptedPerson },
): Promise<Kitchen> {
  const kitchen: Kitchen = { toolbox: undefined as unknown as Toolbox, era: undefined };
  const connection = { name: 'kitchen-test', url, ...(era === '2025-11-25' ? { protocol: era } : {}) };
  kitchen.toolbox = await Toolbox.connect([connection], {
    handlers: {
      sampling: createSamplingHandler({
        model: host.model,
        budget: host.budget,
        defaultAction: 'ask',
        person: host.person,
      }),
      elicitation: createElicitationHandler({ person: host.person }),
    },
    onConnected: (_server, connected) => {
      kitchen.era = connected;
    },
  });
  cleanups.push(() => kitchen.toolbox.close());
  return kitchen;
}

/** Serves `build` and connects to it in `era`. */
async function kitchenFor(
  era: ProtocolEra,
  build: Build,
  host: { model: Model; budget: TreeBudget; person: ScriptedPerson },
): Promise<Kitchen> {
  return connectKitchen(await serve(build), era, host);
}

const chef =
  (options: PastryChefOptions = {}) =>
  () =>
    buildPastryChef({ bakeMillisecondsPerMinute: 0, ...options });

describe('the pastry chef through the Toolbox in both eras', () => {
  it('connects in the era the endpoint offers', async () => {
    const host = { model: new FixedModel(CRITIQUE), budget: new TreeBudget(), person: scriptedPerson({}) };
    const eras = [];
    for (const era of ERAS) eras.push((await kitchenFor(era, chef(), host)).era);
    expect(eras).toEqual(['2025-11-25', '2026-07-28']);
  });

  it('asks for the same model call pushed (2025) and as input_required (2026), priced and charged alike', async () => {
    const model = new FixedModel(CRITIQUE);
    const budget = new TreeBudget();
    const person = scriptedPerson({ approve: () => ({ approved: true }) });
    const events: Record<string, SamplingEvent[]> = {};
    const results: Record<string, unknown> = {};
    const spent: number[] = [];
    for (const era of ERAS) {
      const { toolbox } = await kitchenFor(era, chef(), { model, budget, person });
      const recording = createRecordingContext({ callId: 'critique' });
      const outcome = await toolbox.call('critique_recipe', { recipe: 'tarte tatin' }, recording.context);
      expect(outcome.isError).toBe(false);
      results[era] = JSON.parse(outcome.content);
      events[era] = samplingEvents(recording.events);
      // The chef sends no progress; the v2 client's own report of the round is not shown as any.
      expect(recording.events.filter((event) => event.type === 'progress')).toEqual([]);
      spent.push(budget.spentTokens);
    }

    expect(results['2026-07-28']).toEqual(results['2025-11-25']);
    expect(results['2025-11-25']).toMatchObject({ recipe: 'tarte tatin', verdict: 'adjust', model: 'claude-sonnet-5' });
    // The host's model was sent the same request both times, and the person was asked both times.
    const sent = model.requests.map((request) => JSON.parse(JSON.stringify(request)));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(person.approvals).toHaveLength(2);
    expect(person.approvals[1]?.reason).toEqual(person.approvals[0]?.reason);
    expect(person.approvals[0]?.reason).toMatch(/^kitchen-test is asking to spend \d+\.\d+¢ on a model call/);
    // Only the carrier differs; the price shown and the charge settled are the same.
    const [legacy, modern] = [events['2025-11-25'] ?? [], events['2026-07-28'] ?? []];
    expect(legacy.map((event) => [event.type, event.via])).toEqual([
      ['sampling-request', 'push'],
      ['sampling-response', 'push'],
    ]);
    expect(modern.map((event) => [event.type, event.via])).toEqual([
      ['sampling-request', 'input_required'],
      ['sampling-response', 'input_required'],
    ]);
    expect(modern.map(samplingCharge)).toEqual(legacy.map(samplingCharge));
    expect(legacy[1]).toMatchObject({ outcome: 'answered', inputTokens: 120, outputTokens: 12 });
    // The tree budget was charged the same for each.
    expect(spent[1]).toBe(2 * (spent[0] ?? 0));
  });

  it("quotes the person's refusal to the model in both eras", async () => {
    const model = new FixedModel(CRITIQUE);
    const person = scriptedPerson({ approve: () => ({ approved: false, reason: 'too dear' }) });
    for (const era of ERAS) {
      const { toolbox } = await kitchenFor(era, chef(), { model, budget: new TreeBudget(), person });
      const recording = createRecordingContext();
      const outcome = await toolbox.call('critique_recipe', { recipe: 'lemon tart' }, recording.context);
      expect(outcome.isError).toBe(true);
      expect(outcome.content).toContain('The user declined the model call kitchen-test asked for: too dear');
      expect(samplingEvents(recording.events).at(-1)).toMatchObject({ outcome: 'denied', costCents: 0 });
    }
    expect(model.requests).toEqual([]);
  });

  it('puts the same form to the person both ways and plans the same filling', async () => {
    const person = scriptedPerson({
      forms: [
        { action: 'accept', content: { filling: 'cherry', servings: 4 } },
        { action: 'accept', content: { filling: 'cherry', servings: 4 } },
      ],
    });
    const outcomes = [];
    const vias = [];
    for (const era of ERAS) {
      const { toolbox } = await kitchenFor(era, chef(), {
        model: new FixedModel(CRITIQUE),
        budget: new TreeBudget(),
        person,
      });
      const recording = createRecordingContext();
      outcomes.push(JSON.parse((await toolbox.call('choose_filling', {}, recording.context)).content));
      vias.push(recording.events.flatMap((event) => (event.type === 'elicitation-request' ? [event.via] : [])));
      expect(recording.events.map((event) => event.type)).toEqual(['elicitation-request', 'elicitation-response']);
    }
    expect(outcomes).toEqual([
      { outcome: 'chosen', filling: 'cherry', servings: 4, grams: 400 },
      { outcome: 'chosen', filling: 'cherry', servings: 4, grams: 400 },
    ]);
    expect(vias).toEqual([['push'], ['input_required']]);
    expect(person.forms.map((form) => form.message)).toEqual([person.forms[0]?.message, person.forms[0]?.message]);
    expect(person.forms[1]?.schema).toEqual(person.forms[0]?.schema);
  });

  it.each(ERAS)('reports bake progress as events of the call in %s', async (era) => {
    const host = { model: new FixedModel(CRITIQUE), budget: new TreeBudget(), person: scriptedPerson({}) };
    const { toolbox } = await kitchenFor(era, chef({ bakeSteps: 4 }), host);
    const recording = createRecordingContext({ callId: 'bake' });
    const outcome = await toolbox.call('bake', { minutes: 8 }, recording.context);
    expect(JSON.parse(outcome.content)).toEqual({ baked: true, minutes: 8, steps: 4 });
    const progress = recording.events.filter((event) => event.type === 'progress');
    expect(progress.map((event) => [event.callId, event.progress, event.total])).toEqual(
      [1, 2, 3, 4].map((step) => ['bake', step, 4]),
    );
  });

  it.each(ERAS)('stops the oven when the run is aborted mid-bake in %s', async (era) => {
    let waits = 0;
    let cancelled = false;
    const finishStep: Array<() => void> = [];
    const waitForOven = (_milliseconds: number, signal: AbortSignal) => {
      waits += 1;
      signal.addEventListener('abort', () => (cancelled = true), { once: true });
      // Ignores the abort on purpose: the bake itself must notice it.
      return new Promise<void>((resolve) => finishStep.push(resolve));
    };
    const host = { model: new FixedModel(CRITIQUE), budget: new TreeBudget(), person: scriptedPerson({}) };
    const { toolbox } = await kitchenFor(era, chef({ bakeSteps: 10, waitForOven }), host);
    const recording = createRecordingContext({ callId: 'bake' });
    const baking = toolbox.call('bake', { minutes: 10 }, recording.context);
    await until(() => finishStep.length === 1);
    finishStep.shift()?.();
    await until(() => recording.events.some((event) => event.type === 'progress') && finishStep.length === 1);

    recording.abort(new Error('the run was stopped'));
    expect(await baking).toMatchObject({ isError: true, content: expect.stringContaining('cancelled') });
    await until(() => cancelled);
    finishStep.shift()?.();
    // Had the bake gone on, a third step would start: give it 40 polls to (wrongly) do so.
    await expect(until(() => waits > 2, 40)).rejects.toThrow('never held');
    expect(waits).toBe(2);
    expect(recording.events.filter((event) => event.type === 'progress')).toHaveLength(1);
  });
});

describe('the pantry through the Toolbox in both eras', () => {
  it('places one order per call and refunds one, whichever era carried it', async () => {
    const pantry = new Pantry();
    const host = { model: new FixedModel(CRITIQUE), budget: new TreeBudget(), person: scriptedPerson({}) };
    const url = await serve(({ era }) => buildPantry({ pantry, era }));
    const placed = [];
    for (const era of ERAS) {
      const { toolbox } = await connectKitchen(url, era, host);
      const outcome = await toolbox.call(
        'place_order',
        { item: 'sugar', quantity: 2 },
        createRecordingContext().context,
      );
      placed.push(JSON.parse(outcome.content).orderId);
    }
    expect(placed).toEqual(['order-0001', 'order-0002']);
    expect(pantry.openOrderIds()).toEqual(['order-0001', 'order-0002']);
    expect(pantry.list().find((item) => item.id === 'sugar')?.stock).toBe(26);
  });
});

/** Polls every 5 ms until `condition` holds; throws if it still does not after `polls` polls. */
async function until(condition: () => boolean, polls = 1_000): Promise<void> {
  for (let poll = 0; poll < polls; poll += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('condition never held');
}
