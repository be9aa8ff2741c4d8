// The pastry chef over real HTTP on loopback in both eras, one endpoint: a v1 SDK host speaking
// 2025-11-25 gets the chef's questions as pushed requests (the SDK's legacy shim), a v2 SDK host
// pinned to 2026-07-28 gets them as `input_required` results it answers and retries. The same
// handler asks the same question both ways; the wire shows which way it travelled. Server side.

import { serveMcp } from '@kitchen/server-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer, CRITIQUE_KEY, FILLING_KEY, type PastryChefOptions } from './build-server.js';
import { buildCritiqueRequest, FILLING_FORM, resolveRecipe } from './pastry.js';
import { connectEraHost, ERAS, type Era, type EraHost, type HostAnswers, messagesIn } from './testing/era-hosts.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function chefHost(era: Era, answers: HostAnswers, options: PastryChefOptions = {}): Promise<EraHost> {
  const served = await serveMcp({
    name: 'pastry-chef',
    buildServer: () => buildServer(options),
    log: { level: 'silent' },
  });
  cleanups.push(() => served.close());
  const host = await connectEraHost(served.url, era, answers);
  cleanups.push(() => host.close());
  return host;
}

const critique = (text: string) => ({
  role: 'assistant' as const,
  model: 'fake-model',
  stopReason: 'endTurn',
  content: { type: 'text' as const, text },
});

const resultOf = (result: { isError?: boolean; content: Array<{ type: string; text?: string }> }) => ({
  isError: result.isError === true,
  text: result.content[0]?.type === 'text' ? (result.content[0].text ?? '') : '',
});

/** The tools/call POSTs the host made, and the JSON-RPC messages each got back. */
async function toolCalls(host: EraHost) {
  return (await host.wire())
    .filter((post) => post.sent.method === 'tools/call')
    .map((post) => ({ params: post.sent.params ?? {}, answers: messagesIn(post.received) }));
}

describe.each(ERAS)('the pastry chef in revision %s', (era) => {
  it('asks the host for a critique and builds its result from the answer', async () => {
    const host = await chefHost(era, { sampling: () => critique('VERDICT: adjust\n- Less sugar.') });
    const result = await host.call('critique_recipe', { recipe: 'tarte tatin' });
    expect(result.structuredContent).toEqual({
      recipe: 'tarte tatin',
      verdict: 'adjust',
      notes: ['Less sugar.'],
      model: 'fake-model',
      stopReason: 'endTurn',
    });
    const request = buildCritiqueRequest(resolveRecipe('tarte tatin'));
    expect(host.asked).toEqual([
      {
        kind: 'sampling',
        params: {
          messages: [{ role: 'user', content: { type: 'text', text: request.prompt } }],
          systemPrompt: request.systemPrompt,
          maxTokens: 400,
          modelPreferences: request.modelPreferences,
          includeContext: 'none',
        },
      },
    ]);
  });

  it('says so when the host did not declare sampling or elicitation, and asks nothing', async () => {
    const host = await chefHost(era, {});
    expect(resultOf(await host.call('critique_recipe', { recipe: 'lemon tart' }))).toEqual({
      isError: true,
      text: expect.stringContaining('did not declare the sampling capability'),
    });
    expect(resultOf(await host.call('choose_filling'))).toEqual({
      isError: true,
      text: expect.stringContaining('did not declare the elicitation capability'),
    });
    expect(host.asked).toEqual([]);
  });

  it('plans the filling the user chose in the form', async () => {
    const host = await chefHost(era, {
      elicitation: () => ({ action: 'accept', content: { filling: 'apple', servings: 6 } }),
    });
    const result = await host.call('choose_filling');
    expect(result.structuredContent).toEqual({ outcome: 'chosen', filling: 'apple', servings: 6, grams: 720 });
    expect(host.asked).toEqual([{ kind: 'elicitation', params: { mode: 'form', ...FILLING_FORM } }]);
  });

  it('tells a decline from a cancel, and refuses an answer that does not fit the form', async () => {
    const answers = [
      { action: 'decline' as const },
      { action: 'cancel' as const },
      { action: 'accept' as const, content: { filling: 'anchovy', servings: 2 } },
    ];
    const host = await chefHost(era, { elicitation: () => answers.shift() ?? { action: 'cancel' } });
    expect((await host.call('choose_filling')).structuredContent).toMatchObject({ outcome: 'declined' });
    expect((await host.call('choose_filling')).structuredContent).toMatchObject({ outcome: 'cancelled' });
    expect(resultOf(await host.call('choose_filling'))).toEqual({
      isError: true,
      text: 'The host accepted the filling form with an answer that does not fit it: {"filling":"anchovy","servings":2}.',
    });
    expect(host.asked).toHaveLength(3);
  });

  it('reports each baking step as progress', async () => {
    const host = await chefHost(era, {}, { bakeMillisecondsPerMinute: 1, bakeSteps: 4 });
    const progress: number[] = [];
    const result = await host.call('bake', { minutes: 8 }, { onprogress: (update) => progress.push(update.progress) });
    expect(result.structuredContent).toEqual({ baked: true, minutes: 8, steps: 4 });
    expect(progress).toEqual([1, 2, 3, 4]);
  });

  it('stops the oven when the call is cancelled: no more steps, no more progress', async () => {
    const oven = new OvenClock();
    const host = await chefHost(era, {}, { bakeSteps: 10, waitForOven: oven.wait });
    const controller = new AbortController();
    const progress: number[] = [];
    const baking = host
      .call(
        'bake',
        { minutes: 10 },
        { signal: controller.signal, onprogress: (update) => progress.push(update.progress) },
      )
      .then(
        () => 'finished',
        () => 'rejected',
      );
    await oven.finishStep(1);
    await oven.finishStep(2);
    await until(() => progress.length === 2);
    await oven.started(3);

    controller.abort();
    expect(await baking).toBe('rejected');
    // The step in the oven ends (the clock ignores the abort on purpose): the bake must notice.
    await until(() => oven.cancelSeen);
    await oven.finishStep(3);
    expect(oven.waits).toBe(3);
    expect(progress).toEqual([1, 2]);
  });
});

describe('how each era carries the same question', () => {
  it('2025-11-25: the chef pushes sampling/createMessage on the open call, which is sent once', async () => {
    const host = await chefHost('2025-11-25', { sampling: () => critique('VERDICT: bake') });
    await host.call('critique_recipe', { recipe: 'lemon tart' });
    const calls = await toolCalls(host);
    expect(calls).toHaveLength(1);
    const [pushed, result] = calls[0]?.answers ?? [];
    expect(pushed).toMatchObject({ method: 'sampling/createMessage', params: { maxTokens: 400 } });
    expect(result).toMatchObject({ result: { structuredContent: { verdict: 'bake' } } });
    // The host's answer went back as a JSON-RPC response to the chef's request.
    const answered = (await host.wire()).filter((post) => post.sent.id === pushed?.id && 'result' in post.sent);
    expect(answered).toMatchObject([{ sent: { result: { model: 'fake-model' } } }]);
  });

  it('2026-07-28: the chef returns input_required, and the retried call carries the answer', async () => {
    const host = await chefHost('2026-07-28', { sampling: () => critique('VERDICT: bake') });
    await host.call('critique_recipe', { recipe: 'lemon tart' });
    const calls = await toolCalls(host);
    expect(calls.map((call) => call.answers.map((answer) => answer.method ?? 'result'))).toEqual([
      ['result'],
      ['result'],
    ]);
    const [first, retry] = calls;
    expect(first?.params.inputResponses).toBeUndefined();
    expect(first?.answers[0]).toMatchObject({
      result: {
        resultType: 'input_required',
        inputRequests: { [CRITIQUE_KEY]: { method: 'sampling/createMessage', params: { maxTokens: 400 } } },
      },
    });
    expect(retry?.params).toMatchObject({
      name: 'critique_recipe',
      arguments: { recipe: 'lemon tart' },
      inputResponses: { [CRITIQUE_KEY]: { model: 'fake-model', content: { text: 'VERDICT: bake' } } },
    });
    expect(retry?.answers[0]).toMatchObject({ result: { structuredContent: { verdict: 'bake' } } });
  });

  it('2026-07-28: the form travels in inputRequests the same way', async () => {
    const host = await chefHost('2026-07-28', { elicitation: () => ({ action: 'decline' }) });
    await host.call('choose_filling');
    const [first, retry] = await toolCalls(host);
    expect(first?.answers[0]).toMatchObject({
      result: { inputRequests: { [FILLING_KEY]: { method: 'elicitation/create', params: { mode: 'form' } } } },
    });
    expect(retry?.params.inputResponses).toEqual({ [FILLING_KEY]: { action: 'decline' } });
  });

  it("2025-11-25: a host's refusal reaches the model as an isError result quoting the host", async () => {
    const host = await chefHost('2025-11-25', {
      sampling: () => {
        throw new Error('the user did not approve spending 0.6¢');
      },
    });
    const result = resultOf(await host.call('critique_recipe', { recipe: 'lemon tart' }));
    expect(result.isError).toBe(true);
    expect(result.text).toContain('the user did not approve spending 0.6¢');
  });

  it('2026-07-28: a refusal stays with the host — the call fails there and the chef is not called again', async () => {
    const host = await chefHost('2026-07-28', {
      sampling: () => {
        throw new Error('the user did not approve spending 0.6¢');
      },
    });
    await expect(host.call('critique_recipe', { recipe: 'lemon tart' })).rejects.toThrow(
      'the user did not approve spending 0.6¢',
    );
    expect(await toolCalls(host)).toHaveLength(1);
  });
});

/**
 * The oven's clock, moved by the test: each wait lasts until the test finishes that step. It
 * ignores abort signals on purpose (so a test sees whether the bake itself stops) but records
 * whether the bake's signal was aborted while a step was in the oven.
 */
class OvenClock {
  waits = 0;
  cancelSeen = false;
  private readonly pending = new Map<number, () => void>();

  wait = (_milliseconds: number, signal: AbortSignal): Promise<void> => {
    this.waits += 1;
    signal.addEventListener('abort', () => (this.cancelSeen = true), { once: true });
    return new Promise((resolve) => this.pending.set(this.waits, resolve));
  };

  async started(step: number): Promise<void> {
    await until(() => this.pending.has(step));
  }

  async finishStep(step: number): Promise<void> {
    await this.started(step);
    this.pending.get(step)?.();
    this.pending.delete(step);
  }
}

/** Polls every 5 ms until `condition` holds; throws if it still does not after `polls` polls. */
async function until(condition: () => boolean, polls = 1_000): Promise<void> {
  for (let poll = 0; poll < polls; poll += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('condition never held');
}
