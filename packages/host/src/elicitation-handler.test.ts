import { type ElicitRequest, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createElicitationHandler } from './elicitation-handler.js';
import { type LoopEvent, stamp } from './loop-event.js';
import type { ElicitationQuestion, Person } from './person.js';
import { scriptedPerson } from './testing/scripted-person.js';
import type { ToolCallContext } from './tool-types.js';

const decliningPerson: Pick<Person, 'fillIn'> = { fillIn: async () => ({ action: 'decline' }) };

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
    const person = scriptedPerson({ forms: [{ action: 'accept', content: { filling: 'apple', servings: 4 } }] });
    const context = fakeContext();
    const result = await createElicitationHandler({ person })('pastry-chef', fillingForm, context, never);
    expect(result).toEqual({ action: 'accept', content: { filling: 'apple', servings: 4 } });
    expect(person.forms[0]).toMatchObject({
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
    const person = scriptedPerson({
      forms: [{ action: 'decline', content: { filling: 'apple', servings: 1 } }, { action: 'cancel' }],
    });
    const handler = createElicitationHandler({ person });
    const context = fakeContext();
    expect(await handler('pastry-chef', fillingForm, context, never)).toEqual({ action: 'decline' });
    expect(await handler('pastry-chef', fillingForm, context, never)).toEqual({ action: 'cancel' });
    expect(context.events.filter((event) => event.type === 'elicitation-response')).toMatchObject([
      { action: 'decline' },
      { action: 'cancel' },
    ]);
    expect(context.events[1]).not.toHaveProperty('content');
  });

  it('passes on the decline of a person who declines everything', async () => {
    expect(
      await createElicitationHandler({ person: decliningPerson })('pastry-chef', fillingForm, fakeContext(), never),
    ).toEqual({ action: 'decline' });
  });

  it('asks again with the problem when an answer does not fit the form', async () => {
    const person = scriptedPerson({
      forms: [
        { action: 'accept', content: { filling: 'anchovy', servings: 40 } },
        { action: 'accept', content: { filling: 'cherry', servings: 2 } },
      ],
    });
    const result = await createElicitationHandler({ person })('pastry-chef', fillingForm, fakeContext(), never);
    expect(result).toEqual({ action: 'accept', content: { filling: 'cherry', servings: 2 } });
    expect(person.forms[1]).toMatchObject({
      attempt: 2,
      problem: 'filling must be one of: apple, cherry. servings must be at most 12.',
    });
  });

  it('gives the server a clear error when no answer fits after the last try', async () => {
    const wrong = { action: 'accept' as const, content: { servings: 0 } };
    const context = fakeContext();
    const handler = createElicitationHandler({ person: scriptedPerson({ forms: [wrong, wrong] }), attempts: 2 });
    await expect(handler('pastry-chef', fillingForm, context, never)).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringContaining(
        "The user's answer to pastry-chef's form did not fit it after 2 tries: filling is required. servings must be at least 1.",
      ),
    });
    expect(context.events.at(-1)).toMatchObject({ type: 'elicitation-response', action: 'cancel' });
  });

  it('counts nobody answering as a cancel', async () => {
    const handler = createElicitationHandler({ person: { fillIn: () => new Promise(() => {}) }, timeoutMs: 20 });
    expect(await handler('pastry-chef', fillingForm, fakeContext(), never)).toEqual({ action: 'cancel' });
  });

  it('stops asking when the server withdraws the question', async () => {
    let askerSignal: AbortSignal | undefined;
    const handler = createElicitationHandler({
      person: {
        fillIn: (_question: ElicitationQuestion, signal: AbortSignal) => {
          askerSignal = signal;
          return new Promise(() => {});
        },
      },
    });
    const withdraw = new AbortController();
    const answer = handler('pastry-chef', fillingForm, fakeContext(), withdraw.signal);
    await new Promise((resolve) => setTimeout(resolve, 5));
    withdraw.abort();
    expect(await answer).toEqual({ action: 'cancel' });
    expect(askerSignal?.aborted).toBe(true);
  });

  it('declines every form when the run has nobody to ask, and says so', async () => {
    const context = fakeContext();
    expect(await createElicitationHandler({})('pastry-chef', fillingForm, context, never)).toEqual({
      action: 'decline',
    });
    expect(context.events[1]).toMatchObject({ type: 'elicitation-response', action: 'decline', by: 'nobody' });
  });

  it('records who ended each question: the person, the timeout, or a stop', async () => {
    const answered = fakeContext();
    await createElicitationHandler({ person: decliningPerson })('pastry-chef', fillingForm, answered, never);
    const timedOut = fakeContext();
    await createElicitationHandler({ person: { fillIn: () => new Promise(() => {}) }, timeoutMs: 5 })(
      'pastry-chef',
      fillingForm,
      timedOut,
      never,
    );
    const stopped = fakeContext();
    const stop = new AbortController();
    stop.abort();
    await createElicitationHandler({ person: decliningPerson })('pastry-chef', fillingForm, stopped, stop.signal);
    expect([answered, timedOut, stopped].map((context) => context.events[1])).toMatchObject([
      { action: 'decline', by: 'person' },
      { action: 'cancel', by: 'timeout' },
      { action: 'cancel', by: 'stop' },
    ]);
  });

  it('turns a person that fails into an internal error, not a hang', async () => {
    const handler = createElicitationHandler({ person: scriptedPerson({ forms: [] }) });
    await expect(handler('pastry-chef', fillingForm, fakeContext(), never)).rejects.toMatchObject({
      code: ErrorCode.InternalError,
      message: expect.stringContaining('scriptedPerson has no answer left'),
    });
  });

  it('declines a URL-mode request when the person has no way to open links', async () => {
    const handler = createElicitationHandler({ person: decliningPerson });
    const urlMode: ElicitRequest['params'] = {
      mode: 'url',
      message: 'Log in',
      url: 'https://example.invalid/login',
      elicitationId: 'e1',
    };
    await expect(handler('pastry-chef', urlMode, fakeContext(), never)).resolves.toEqual({ action: 'decline' });
  });

  it('reports to the fallback emitter outside a tool call', async () => {
    const events: string[] = [];
    const handler = createElicitationHandler({
      person: decliningPerson,
      emit: (event) => events.push(`${event.type}:${event.agent}`),
    });
    await handler('pastry-chef', fillingForm, undefined, never);
    expect(events).toEqual(['elicitation-request:main', 'elicitation-response:main']);
  });
});
