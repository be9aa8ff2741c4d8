import { type ElicitRequest, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import {
  createElicitationHandler,
  declineAllAsker,
  type ElicitationQuestion,
  scriptedAsker,
} from './elicitation-handler.js';
import { type LoopEvent, stamp } from './loop-event.js';
import type { ToolCallContext } from './tool-types.js';

const fillingForm: ElicitRequest['params'] = {
  mode: 'form',
  message: 'Which filling, for how many?',
  requestedSchema: {
    type: 'object',
    properties: {
      filling: { type: 'string', enum: ['apple', 'cherry'] },
      servings: { type: 'integer', minimum: 1, maximum: 12 },
    },
    required: ['filling', 'servings'],
  },
};

function fakeContext(): ToolCallContext & { events: LoopEvent[] } {
  const events: LoopEvent[] = [];
  return {
    callId: 'call-3',
    agent: { id: 'main', name: 'main', depth: 0 },
    signal: new AbortController().signal,
    emit: (draft) => events.push(stamp(draft)),
    events,
  };
}

const never = new AbortController().signal;

describe('createElicitationHandler', () => {
  it('shows the question, asks the user and returns an accepted answer', async () => {
    const asker = scriptedAsker([{ action: 'accept', content: { filling: 'apple', servings: 4 } }]);
    const context = fakeContext();
    const result = await createElicitationHandler({ asker })('pastry-chef', fillingForm, context, never);
    expect(result).toEqual({ action: 'accept', content: { filling: 'apple', servings: 4 } });
    expect(asker.questions[0]).toMatchObject({
      server: 'pastry-chef',
      callId: 'call-3',
      message: 'Which filling, for how many?',
      attempt: 1,
    });
    expect(context.events.map((event) => event.type)).toEqual(['elicitation-request', 'elicitation-response']);
    expect(context.events[0]).toMatchObject({
      callId: 'call-3',
      server: 'pastry-chef',
      message: 'Which filling, for how many?',
      schema: fillingForm.requestedSchema,
    });
    expect(context.events[1]).toMatchObject({ action: 'accept', content: { filling: 'apple', servings: 4 } });
  });

  it('passes a decline and a cancel on without content', async () => {
    const asker = scriptedAsker([
      { action: 'decline', content: { filling: 'apple', servings: 1 } },
      { action: 'cancel' },
    ]);
    const handler = createElicitationHandler({ asker });
    const context = fakeContext();
    expect(await handler('pastry-chef', fillingForm, context, never)).toEqual({ action: 'decline' });
    expect(await handler('pastry-chef', fillingForm, context, never)).toEqual({ action: 'cancel' });
    expect(context.events.filter((event) => event.type === 'elicitation-response')).toMatchObject([
      { action: 'decline' },
      { action: 'cancel' },
    ]);
    expect(context.events[1]).not.toHaveProperty('content');
  });

  it('declines everything with the declining asker', async () => {
    expect(
      await createElicitationHandler({ asker: declineAllAsker })('pastry-chef', fillingForm, fakeContext(), never),
    ).toEqual({ action: 'decline' });
  });

  it('asks again with the problem when an answer does not fit the form', async () => {
    const asker = scriptedAsker([
      { action: 'accept', content: { filling: 'anchovy', servings: 40 } },
      { action: 'accept', content: { filling: 'cherry', servings: 2 } },
    ]);
    const result = await createElicitationHandler({ asker })('pastry-chef', fillingForm, fakeContext(), never);
    expect(result).toEqual({ action: 'accept', content: { filling: 'cherry', servings: 2 } });
    expect(asker.questions[1]).toMatchObject({
      attempt: 2,
      problem: 'filling must be one of: apple, cherry. servings must be at most 12.',
    });
  });

  it('gives the server a clear error when no answer fits after the last try', async () => {
    const wrong = { action: 'accept' as const, content: { servings: 0 } };
    const context = fakeContext();
    const handler = createElicitationHandler({ asker: scriptedAsker([wrong, wrong]), attempts: 2 });
    await expect(handler('pastry-chef', fillingForm, context, never)).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringContaining(
        "The user's answer to pastry-chef's form did not fit it after 2 tries: filling is required. servings must be at least 1.",
      ),
    });
    expect(context.events.at(-1)).toMatchObject({ type: 'elicitation-response', action: 'cancel' });
  });

  it('counts nobody answering as a cancel', async () => {
    const handler = createElicitationHandler({ asker: () => new Promise(() => {}), timeoutMs: 20 });
    expect(await handler('pastry-chef', fillingForm, fakeContext(), never)).toEqual({ action: 'cancel' });
  });

  it('stops asking when the server withdraws the question', async () => {
    let askerSignal: AbortSignal | undefined;
    const handler = createElicitationHandler({
      asker: (_question: ElicitationQuestion, signal) => {
        askerSignal = signal;
        return new Promise(() => {});
      },
    });
    const withdraw = new AbortController();
    const answer = handler('pastry-chef', fillingForm, fakeContext(), withdraw.signal);
    await new Promise((resolve) => setTimeout(resolve, 5));
    withdraw.abort();
    expect(await answer).toEqual({ action: 'cancel' });
    expect(askerSignal?.aborted).toBe(true);
  });

  it('turns a failing asker into an internal error, not a hang', async () => {
    const handler = createElicitationHandler({ asker: scriptedAsker([]) });
    await expect(handler('pastry-chef', fillingForm, fakeContext(), never)).rejects.toMatchObject({
      code: ErrorCode.InternalError,
      message: expect.stringContaining('scriptedAsker has no answer left'),
    });
  });

  it('refuses URL-mode elicitation, which this host does not offer', async () => {
    const handler = createElicitationHandler({ asker: declineAllAsker });
    const urlMode: ElicitRequest['params'] = {
      mode: 'url',
      message: 'Log in',
      url: 'https://example.invalid/login',
      elicitationId: 'e1',
    };
    await expect(handler('pastry-chef', urlMode, fakeContext(), never)).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
    });
  });

  it('reports to the fallback emitter outside a tool call', async () => {
    const events: string[] = [];
    const handler = createElicitationHandler({
      asker: declineAllAsker,
      emit: (event) => events.push(`${event.type}:${event.agent}`),
    });
    await handler('pastry-chef', fillingForm, undefined, never);
    expect(events).toEqual(['elicitation-request:main', 'elicitation-response:main']);
  });
});
