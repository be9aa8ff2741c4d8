// Both eras of MCP in one toolbox: a 2026-07-28 server (v2 SDK, stateless, input_required) beside
// 2025-11-25 servers (v1 SDK, stateful, pushed requests), all over real HTTP on loopback. The same
// sampling and elicitation handlers answer both; the events say which mechanism carried each.

import { buildServer as buildDiceServer } from '@kitchen/server-dice';
import { afterEach, describe, expect, it } from 'vitest';
import { createElicitationHandler } from '../src/elicitation-handler.js';
import type { SamplingRequestEvent, SamplingResponseEvent } from '../src/loop-event.js';
import { createSamplingHandler } from '../src/sampling-handler.js';
import { FixedModel } from '../src/testing/fixed-model.js';
import { createRecordingContext } from '../src/testing/recording-context.js';
import { startRevision2026Server, TASTE_PROMPT } from '../src/testing/revision-2026-server.js';
import { type SamplingEvent, samplingCharge, samplingEvents } from '../src/testing/sampling-events.js';
import { scriptedPerson } from '../src/testing/scripted-person.js';
import { serveOverHttp } from '../src/testing/serve-over-http.js';
import { buildTestServer, createObservations } from '../src/testing/test-server.js';
import { type ProtocolEra, Toolbox } from '../src/toolbox.js';
import { TreeBudget } from '../src/tree-budget.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function kitchenWithBothEras() {
  const bakery = await startRevision2026Server();
  const pantry = await serveOverHttp(() => buildTestServer('pantry', createObservations()));
  const dice = await serveOverHttp(() => buildDiceServer());
  cleanups.push(
    () => bakery.close(),
    () => pantry.close(),
    () => dice.close(),
  );
  const model = new FixedModel({ text: 'ready', inputTokens: 30, outputTokens: 5 });
  const budget = new TreeBudget();
  const person = scriptedPerson({
    approve: () => ({ approved: true }),
    forms: [{ action: 'accept', content: { pastry: 'eclairs', count: 3 } }],
  });
  const eras: Record<string, ProtocolEra> = {};
  const toolbox = await Toolbox.connect(
    [
      { name: 'bakery', url: bakery.url },
      { name: 'pantry', url: pantry.url },
      { name: 'dice', url: dice.url },
    ],
    {
      handlers: {
        // "ask": every model call a server asks for goes past the person, in both eras.
        sampling: createSamplingHandler({ model, budget, defaultAction: 'ask', person }),
        elicitation: createElicitationHandler({ person }),
      },
      onConnected: (server, era) => {
        eras[server] = era;
      },
    },
  );
  cleanups.push(() => toolbox.close());
  return { toolbox, model, budget, person, eras };
}

/** The request and its charge, not which server asked: the two servers differ, the charge must not. */
const charge = (event: SamplingEvent) => {
  const { server: _server, ...rest } = samplingCharge(event);
  return rest;
};

describe('a toolbox with servers of both eras', () => {
  it('connects each server in the revision it offers', async () => {
    const { toolbox, eras } = await kitchenWithBothEras();

    expect(eras).toEqual({ bakery: '2026-07-28', pantry: '2025-11-25', dice: '2025-11-25' });
    expect(toolbox.serverNames.map((name) => `${name} · ${toolbox.era(name)}`)).toEqual([
      'bakery · 2026-07-28',
      'pantry · 2025-11-25',
      'dice · 2025-11-25',
    ]);
    expect(toolbox.unavailable).toEqual([]);
    expect(toolbox.list().map((tool) => tool.name)).toEqual(expect.arrayContaining(['taste', 'order', 'roll_dice']));
    // Both eras have the same feature surface; this 2026 server offers tools only.
    expect(toolbox.server('bakery')?.capabilities).toMatchObject({ resources: false, prompts: false });
    expect(toolbox.server('pantry')).toBeDefined();
  });

  it('prices, approves and charges an input_required model call exactly like a pushed one of the same size', async () => {
    const { toolbox, model, budget, person } = await kitchenWithBothEras();

    const pushed = createRecordingContext({ callId: 'pushed' });
    expect(await toolbox.call('ask_model', { prompt: TASTE_PROMPT }, pushed.context)).toEqual({
      isError: false,
      content: 'ready',
    });
    const afterPushed = { tokens: budget.spentTokens, cents: budget.spentCents };

    const embedded = createRecordingContext({ callId: 'embedded' });
    expect(await toolbox.call('taste', {}, embedded.context)).toEqual({
      isError: false,
      content: 'The taster says: ready',
    });

    // The host's model got the same request both ways, and the person was asked both times.
    // What the model is sent, without the per-call signal and callbacks.
    const sent = model.requests.map((request) => JSON.parse(JSON.stringify(request)));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(person.approvals.map((question) => question.server)).toEqual(['pantry', 'bakery']);

    const pushedEvents = samplingEvents(pushed.events);
    const embeddedEvents = samplingEvents(embedded.events);
    expect(pushedEvents.map((event) => [event.type, event.server, event.via, event.callId])).toEqual([
      ['sampling-request', 'pantry', 'push', 'pushed'],
      ['sampling-response', 'pantry', 'push', 'pushed'],
    ]);
    expect(embeddedEvents.map((event) => [event.type, event.server, event.via, event.callId])).toEqual([
      ['sampling-request', 'bakery', 'input_required', 'embedded'],
      ['sampling-response', 'bakery', 'input_required', 'embedded'],
    ]);
    // Same price shown, same charge: only the carrier and the lane differ.
    expect(embeddedEvents.map(charge)).toEqual(pushedEvents.map(charge));
    const [pushedRequest, embeddedRequest] = [pushedEvents[0], embeddedEvents[0]] as SamplingRequestEvent[];
    expect(embeddedRequest?.treeTokensLeft).toBe((pushedRequest?.treeTokensLeft ?? 0) - afterPushed.tokens);
    const answered = embeddedEvents[1] as SamplingResponseEvent;
    expect(answered).toMatchObject({ outcome: 'answered', by: 'person', inputTokens: 30, outputTokens: 5 });
    expect(answered.costCents).toBeGreaterThan(0);
    // Charged to the tree budget: the second call cost what the first did.
    expect(budget.spentTokens).toBe(2 * afterPushed.tokens);
    expect(budget.spentCents).toBeCloseTo(2 * afterPushed.cents, 10);
  });

  it('answers an input_required form through the same elicitation handler', async () => {
    const { toolbox, person } = await kitchenWithBothEras();
    const { context, events } = createRecordingContext({ callId: 'order' });

    expect(await toolbox.call('order', {}, context)).toEqual({ isError: false, content: 'Baking 3 eclairs.' });

    expect(person.forms.map((form) => [form.server, form.message])).toEqual([['bakery', 'What shall we bake?']]);
    expect(
      events
        .filter((event) => event.type === 'elicitation-request' || event.type === 'elicitation-response')
        .map((event) => [event.type, event.via]),
    ).toEqual([
      ['elicitation-request', 'input_required'],
      ['elicitation-response', 'input_required'],
    ]);
  });

  it('still rolls dice on the 2025 example server beside it', async () => {
    const { toolbox } = await kitchenWithBothEras();
    const outcome = await toolbox.call('roll_dice', { count: 2, sides: 6 }, createRecordingContext().context);
    expect(outcome.isError).toBe(false);
  });
});

describe('the protocol setting of a server', () => {
  it('"2025-11-25" never asks for 2026-07-28, so a 2026-only server is not reached', async () => {
    const bakery = await startRevision2026Server();
    cleanups.push(() => bakery.close());
    const toolbox = await Toolbox.connect([{ name: 'bakery', url: bakery.url, protocol: '2025-11-25' }]);
    cleanups.push(() => toolbox.close());

    expect(toolbox.era('bakery')).toBeUndefined();
    const [failure] = toolbox.unavailable;
    expect(failure?.error.message).toContain('it speaks only MCP revision 2026-07-28 and refused 2025-11-25');
    expect(failure?.error.message).toContain('Set protocol: "auto" or "2026-07-28"');
  });

  it('"2026-07-28" refuses a 2025 server with what it offered and the fix', async () => {
    const pantry = await serveOverHttp(() => buildTestServer('pantry', createObservations()));
    cleanups.push(() => pantry.close());
    const toolbox = await Toolbox.connect([{ name: 'pantry', url: pantry.url, protocol: '2026-07-28' }]);
    cleanups.push(() => toolbox.close());

    expect(toolbox.era('pantry')).toBeUndefined();
    const [failure] = toolbox.unavailable;
    expect(failure?.error.message).toContain('does not speak MCP revision 2026-07-28');
    expect(failure?.error.message).toContain('protocol: "auto"');
  });

  it('"2026-07-28" connects a server that offers it', async () => {
    const bakery = await startRevision2026Server();
    cleanups.push(() => bakery.close());
    const toolbox = await Toolbox.connect([{ name: 'bakery', url: bakery.url, protocol: '2026-07-28' }]);
    cleanups.push(() => toolbox.close());
    expect(toolbox.era('bakery')).toBe('2026-07-28');
  });
});
