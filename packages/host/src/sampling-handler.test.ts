import { type CreateMessageRequest, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { LoopEvent, LoopEventDraft, SamplingRequestEvent, SamplingResponseEvent } from './loop-event.js';
import { stamp } from './loop-event.js';
import { estimateRequestTokens, type Model, type ModelRequest, type ModelResponse } from './model.js';
import { createPendingApprovals } from './person/pending-approvals.js';
import type { ApprovalQuestion } from './person.js';
import { createSamplingHandler, SAMPLING_REJECTED, type SamplingHandlerOptions } from './sampling-handler.js';
import type { ToolCallContext } from './tool-types.js';
import { TreeBudget } from './tree-budget.js';

/** A model that answers from a function and keeps every request it got. */
class FakeModel implements Model {
  readonly label = 'fake model';
  readonly requests: ModelRequest[] = [];
  constructor(
    readonly id: string,
    private readonly answer: (request: ModelRequest) => ModelResponse | Promise<ModelResponse> = (request) => ({
      content: [{ type: 'text', text: 'VERDICT: bake' }],
      stopReason: 'end_turn',
      usage: { inputTokens: 40, outputTokens: Math.min(12, request.maxTokens) },
      model: this.id,
    }),
  ) {}
  async complete(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    return this.answer(request);
  }
}

function fakeContext(callId = 'call-7'): ToolCallContext & { events: LoopEvent[] } {
  const events: LoopEvent[] = [];
  return {
    callId,
    agent: { id: '2', name: 'pastry', parent: 'main', depth: 1 },
    signal: new AbortController().signal,
    emit: (draft: LoopEventDraft) => events.push(stamp(draft)),
    events,
  };
}

function params(overrides: Partial<CreateMessageRequest['params']> = {}): CreateMessageRequest['params'] {
  return {
    messages: [{ role: 'user', content: { type: 'text', text: 'Critique this tart.' } }],
    systemPrompt: 'You are a pastry chef.',
    maxTokens: 400,
    ...overrides,
  };
}

function setup(options: Partial<SamplingHandlerOptions> = {}) {
  const model = new FakeModel('claude-sonnet-5');
  const budget = new TreeBudget();
  const handler = createSamplingHandler({ model, budget, defaultAction: 'allow', ...options });
  return { model, budget, handler };
}

const requestsIn = (events: LoopEvent[]) =>
  events.filter((event): event is SamplingRequestEvent => event.type === 'sampling-request');
const responsesIn = (events: LoopEvent[]) =>
  events.filter((event): event is SamplingResponseEvent => event.type === 'sampling-response');
const never = new AbortController().signal;

describe('createSamplingHandler', () => {
  it("runs the host model on the server's text messages and answers as MCP wants", async () => {
    const { model, handler } = setup();
    const result = await handler('pastry-chef', params(), fakeContext(), never);
    expect(result).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'VERDICT: bake' },
      model: 'claude-sonnet-5',
      stopReason: 'endTurn',
    });
    expect(model.requests[0]).toMatchObject({
      system: 'You are a pastry chef.',
      messages: [{ role: 'user', content: 'Critique this tart.' }],
      maxTokens: 400,
    });
    expect(model.requests[0]?.tools).toBeUndefined();
  });

  it("caps the output tokens at the host's limit, whatever the server asks", async () => {
    const { model, handler } = setup({ maxOutputTokens: 256 });
    await handler('pastry-chef', params({ maxTokens: 100_000 }), fakeContext(), never);
    expect(model.requests[0]?.maxTokens).toBe(256);
  });

  it('shows the worst-case price, then charges exactly what the budget charged', async () => {
    const { budget, handler } = setup();
    const context = fakeContext();
    await handler('pastry-chef', params(), context, never);
    const [shown] = requestsIn(context.events);
    const [answered] = responsesIn(context.events);
    expect(shown).toMatchObject({
      agent: '2',
      callId: 'call-7',
      server: 'pastry-chef',
      maxTokens: 400,
      treeTokensLeft: 600_000,
    });
    expect(shown?.costCents).toBe(
      budget.priceOf('claude-sonnet-5', { inputTokens: shown?.estimatedInputTokens ?? -1, outputTokens: 400 }),
    );
    expect(answered).toMatchObject({ outcome: 'answered', inputTokens: 40, outputTokens: 12, callId: 'call-7' });
    expect(answered?.costCents).toBe(budget.spentCents);
    expect(budget.agentTotals('2').tokens).toBe(52);
    expect(budget.reservedTokens).toBe(0);
  });

  it("shows a retry of the host's model in the lane that caused the request", async () => {
    const retrying = new FakeModel('claude-sonnet-5', (request) => {
      request.onRetry?.({ attempt: 1, maxRetries: 2, delayMs: 5, code: 'model-overloaded', reason: 'Overloaded' });
      return {
        content: [{ type: 'text', text: 'ok' }],
        stopReason: 'end_turn',
        usage: { inputTokens: 4, outputTokens: 1 },
        model: 'claude-sonnet-5',
      };
    });
    const handler = createSamplingHandler({ model: retrying, budget: new TreeBudget(), defaultAction: 'allow' });
    const context = fakeContext();
    await handler('pastry-chef', params(), context, never);
    expect(context.events.map((event) => event.type)).toEqual(['sampling-request', 'model-retry', 'sampling-response']);
    expect(context.events[1]).toMatchObject({ agent: '2', model: 'fake model', attempt: 1, code: 'model-overloaded' });
  });

  it('charges the shown price when the model uses the whole worst case', async () => {
    const budget = new TreeBudget();
    const model = new FakeModel('offline', (request) => ({
      content: [{ type: 'text', text: 'x' }],
      stopReason: 'max_tokens',
      usage: { inputTokens: estimateRequestTokens(request), outputTokens: request.maxTokens },
      model: 'offline',
    }));
    const context = fakeContext();
    await createSamplingHandler({ model, budget, defaultAction: 'allow' })('pastry-chef', params(), context, never);
    expect(responsesIn(context.events)[0]?.costCents).toBe(requestsIn(context.events)[0]?.costCents);
  });

  it("never charges more than the approved price: the overshoot is recorded as the model's", async () => {
    const budget = new TreeBudget();
    const model = new FakeModel('offline', (request) => ({
      content: [{ type: 'text', text: 'x' }],
      stopReason: 'end_turn',
      // A model that counts more input than the host estimated, and more output than it allowed.
      usage: { inputTokens: estimateRequestTokens(request) + 8, outputTokens: request.maxTokens + 8 },
      model: 'offline',
    }));
    const context = fakeContext();
    await createSamplingHandler({ model, budget, defaultAction: 'allow' })('pastry-chef', params(), context, never);
    const approved = requestsIn(context.events)[0]?.costCents ?? 0;
    const response = responsesIn(context.events)[0];
    expect(response?.costCents).toBe(approved);
    expect(response?.overshoot?.costCents).toBeGreaterThan(0);
    expect(response?.overshoot?.reason).toMatch(/the model's, not pastry-chef's/);
  });

  it('refuses a denied server with a JSON-RPC error that says why, and never runs the model', async () => {
    const { model, handler } = setup({ perServer: { 'pastry-chef': { action: 'deny' } } });
    const context = fakeContext();
    const refusal = await handler('pastry-chef', params(), context, never).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(McpError);
    expect((refusal as McpError).code).toBe(SAMPLING_REJECTED);
    expect((refusal as McpError).message).toContain('does not let pastry-chef ask for model calls');
    expect(model.requests).toHaveLength(0);
    expect(responsesIn(context.events)[0]).toMatchObject({ outcome: 'denied', costCents: 0 });
  });

  it('asks the person with the whole request and its price, and runs the model only on a yes', async () => {
    const questions: ApprovalQuestion[] = [];
    const { model, handler } = setup({
      defaultAction: 'ask',
      maxOutputTokens: 300,
      person: {
        approve: async (question) => {
          questions.push(question);
          return { approved: questions.length === 1 };
        },
      },
    });
    const context = fakeContext();
    await handler('pastry-chef', params(), context, never);
    await expect(handler('pastry-chef', params(), fakeContext(), never)).rejects.toThrow(
      'The user declined the model call pastry-chef asked for',
    );
    expect(model.requests).toHaveLength(1);
    expect(questions[0]).toMatchObject({
      kind: 'sampling',
      server: 'pastry-chef',
      callId: 'call-7',
      agent: { id: '2' },
      // What is approved is what is sent: the host's cap (300), not the server's 400.
      request: {
        systemPrompt: 'You are a pastry chef.',
        messages: [{ role: 'user', content: 'Critique this tart.' }],
        maxTokens: 300,
      },
    });
    expect(model.requests[0]).toMatchObject({
      system: 'You are a pastry chef.',
      messages: [{ role: 'user', content: 'Critique this tart.' }],
      maxTokens: 300,
    });
    expect(questions[0]?.reason).toMatch(/^pastry-chef is asking to spend \d+\.\d+¢ on a model call/);
    expect(responsesIn(context.events)[0]).toMatchObject({ outcome: 'answered', by: 'person' });
    // The event shows the same request, so a page drawing from events shows what is approved.
    expect(requestsIn(context.events)[0]).toMatchObject({
      maxTokens: 300,
      request: { systemPrompt: 'You are a pastry chef.', messages: [{ role: 'user', content: 'Critique this tart.' }] },
    });
  });

  it('refuses an ask when there is no one to ask', async () => {
    const { handler } = setup({ defaultAction: 'ask' });
    const context = fakeContext();
    await expect(handler('pastry-chef', params(), context, never)).rejects.toThrow(
      /no one to ask, so the answer is no\.$/,
    );
    expect(responsesIn(context.events)[0]).toMatchObject({ outcome: 'denied', by: 'nobody' });
  });

  it('treats an approver that never answers as a no after the timeout', async () => {
    const { handler } = setup({
      defaultAction: 'ask',
      person: { approve: () => new Promise(() => {}) },
      approvalTimeoutMs: 20,
    });
    await expect(handler('pastry-chef', params(), fakeContext(), never)).rejects.toThrow('Nobody answered');
  });

  it('treats an approver that throws as a no, with the reason', async () => {
    const { handler } = setup({
      defaultAction: 'ask',
      person: {
        approve: async () => {
          throw new Error('terminal closed');
        },
      },
    });
    await expect(handler('pastry-chef', params(), fakeContext(), never)).rejects.toThrow(
      'failed (terminal closed); treated as a no',
    );
  });

  it('stops asking when the server withdraws the request', async () => {
    const pending = createPendingApprovals();
    const { handler } = setup({ defaultAction: 'ask', person: pending });
    const withdraw = new AbortController();
    const context = fakeContext();
    const answer = handler('pastry-chef', params(), context, withdraw.signal);
    await new Promise((resolve) => setTimeout(resolve, 5));
    withdraw.abort();
    await expect(answer).rejects.toThrow('withdrawn');
    expect(pending.pending()).toHaveLength(0);
    expect(responsesIn(context.events)[0]).toMatchObject({ outcome: 'denied', by: 'stop' });
  });

  it('shows and answers concurrent requests each on its own', async () => {
    const pending = createPendingApprovals();
    const { handler } = setup({ defaultAction: 'ask', person: pending });
    const first = fakeContext('call-1');
    const second = fakeContext('call-2');
    const answers = [handler('pastry-chef', params(), first, never), handler('pastry-chef', params(), second, never)];
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(pending.pending().map((question) => question.callId)).toEqual(['call-1', 'call-2']);
    const [askedFirst, askedSecond] = pending.pending();
    pending.answer(askedSecond?.requestId ?? '', false, 'not now');
    pending.answer(askedFirst?.requestId ?? '', true);
    const [firstResult, secondResult] = await Promise.allSettled(answers);
    expect(firstResult?.status).toBe('fulfilled');
    expect(secondResult?.status).toBe('rejected');
    expect(requestsIn(first.events)).toHaveLength(1);
    expect(requestsIn(second.events)).toHaveLength(1);
    expect(responsesIn(first.events)[0]?.outcome).toBe('answered');
    expect(responsesIn(second.events)[0]).toMatchObject({
      outcome: 'denied',
      reason: 'The user declined the model call pastry-chef asked for: not now',
      by: 'person',
    });
  });

  it('holds a server to its spending cap across the run', async () => {
    const model = new FakeModel('claude-sonnet-5', (request) => ({
      content: [{ type: 'text', text: 'long' }],
      stopReason: 'max_tokens',
      usage: { inputTokens: 20, outputTokens: request.maxTokens },
      model: 'claude-sonnet-5',
    }));
    const handler = createSamplingHandler({
      model,
      budget: new TreeBudget(),
      defaultAction: 'allow',
      perServer: { 'pastry-chef': { action: 'allow', capCents: 0.5 } },
    });
    // One call at Sonnet rates costs about 0.4¢ (400 output tokens); a second could pass 0.5¢.
    await handler('pastry-chef', params(), fakeContext(), never);
    await expect(handler('pastry-chef', params(), fakeContext(), never)).rejects.toThrow(
      /pastry-chef has used 0\.\d+¢ of its 0\.5¢ sampling allowance/,
    );
    expect(model.requests).toHaveLength(1);
    await expect(handler('other-server', params(), fakeContext(), never)).resolves.toMatchObject({ role: 'assistant' });
  });

  it('counts calls still running against the cap, so concurrent calls cannot pass it together', async () => {
    let release = (): void => {};
    const slow = new FakeModel('claude-sonnet-5', async (request) => {
      await new Promise<void>((resolve) => (release = resolve));
      return {
        content: [{ type: 'text', text: 'ok' }],
        stopReason: 'end_turn',
        usage: { inputTokens: 10, outputTokens: 10 },
        model: request.maxTokens > 0 ? 'claude-sonnet-5' : '',
      };
    });
    const handler = createSamplingHandler({
      model: slow,
      budget: new TreeBudget(),
      perServer: { 'pastry-chef': { action: 'allow', capCents: 0.5 } },
    });
    const running = handler('pastry-chef', params(), fakeContext(), never);
    await expect(handler('pastry-chef', params(), fakeContext(), never)).rejects.toThrow('sampling allowance');
    release();
    await expect(running).resolves.toMatchObject({ content: { text: 'ok' } });
  });

  it("refuses a request the run's token budget cannot cover", async () => {
    const model = new FakeModel('claude-sonnet-5');
    const budget = new TreeBudget({ maxTokens: 300 });
    const context = fakeContext();
    const handler = createSamplingHandler({ model, budget, defaultAction: 'allow' });
    await expect(handler('pastry-chef', params(), context, never)).rejects.toThrow(
      /token budget cannot cover this model call: it could use \d+ tokens and 300 of 300 are left/,
    );
    expect(model.requests).toHaveLength(0);
    expect(budget.reservedTokens).toBe(0);
    expect(requestsIn(context.events)[0]?.treeTokensLeft).toBe(300);
  });

  it('gives the reservation back and says so when the model fails', async () => {
    const budget = new TreeBudget();
    const broken = new FakeModel('claude-sonnet-5', () => {
      throw new Error('overloaded');
    });
    const context = fakeContext();
    const refusal = await createSamplingHandler({ model: broken, budget, defaultAction: 'allow' })(
      'pastry-chef',
      params(),
      context,
      never,
    ).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: ErrorCode.InternalError });
    expect((refusal as Error).message).toContain("The host's model failed to answer: overloaded");
    expect(budget.reservedTokens).toBe(0);
    expect(budget.spentTokens).toBe(0);
    expect(responsesIn(context.events)[0]).toMatchObject({ outcome: 'failed' });
  });

  it('refuses content it cannot sample from, naming the message', async () => {
    const { handler } = setup();
    const image = params({
      messages: [{ role: 'user', content: { type: 'image', data: 'AAAA', mimeType: 'image/png' } }],
    });
    await expect(handler('pastry-chef', image, fakeContext(), never)).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringContaining('messages[0] has image content'),
    });
  });

  it('joins text blocks of one message and keeps roles', async () => {
    const { handler, model } = setup();
    await handler(
      'pastry-chef',
      params({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'one' },
              { type: 'text', text: 'two' },
            ],
          },
          { role: 'assistant', content: { type: 'text', text: 'three' } },
          { role: 'user', content: { type: 'text', text: 'four' } },
        ],
      }),
      fakeContext(),
      never,
    );
    expect(model.requests[0]?.messages).toEqual([
      { role: 'user', content: 'one\n\ntwo' },
      { role: 'assistant', content: 'three' },
      { role: 'user', content: 'four' },
    ]);
  });

  it('reports to the fallback emitter when the request came outside a tool call', async () => {
    const events: LoopEventDraft[] = [];
    const { handler } = setup({ emit: (event) => events.push(event) });
    await handler('pastry-chef', params(), undefined, never);
    expect(events.map((event) => event.type)).toEqual(['sampling-request', 'sampling-response']);
    expect(events[0]).toMatchObject({ agent: 'main', server: 'pastry-chef' });
    expect(events[0]).not.toHaveProperty('callId');
  });

  it('rejects a host cap that is not a whole number of tokens', () => {
    expect(() => setup({ maxOutputTokens: 0 })).toThrow('maxOutputTokens must be a whole number');
  });
});
