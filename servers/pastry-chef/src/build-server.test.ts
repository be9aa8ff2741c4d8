// The pastry chef over an in-memory transport pair, with a real v1 SDK Client playing a
// 2025-11-25 host: the chef's input_required returns reach it as pushed requests through the v2
// SDK's legacy shim. (Both eras over HTTP: both-eras.test.ts.)

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import {
  CallToolResultSchema,
  type CreateMessageRequest,
  CreateMessageRequestSchema,
  type CreateMessageResult,
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
  ErrorCode,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer, type PastryChefOptions } from './build-server.js';

interface FakeHost {
  sampling?: (params: CreateMessageRequest['params']) => CreateMessageResult | Promise<CreateMessageResult>;
  elicitation?: (params: ElicitRequest['params']) => ElicitResult | Promise<ElicitResult>;
}

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

/** Connects a real Client (declaring only the capabilities the fake host answers) to a fresh server. */
async function connect(host: FakeHost, options: PastryChefOptions = {}) {
  const client = new Client(
    { name: 'fake-host', version: '1.0.0' },
    {
      capabilities: { ...(host.sampling && { sampling: {} }), ...(host.elicitation && { elicitation: { form: {} } }) },
    },
  );
  if (host.sampling) {
    const answer = host.sampling;
    client.setRequestHandler(CreateMessageRequestSchema, (request) => answer(request.params));
  }
  if (host.elicitation) {
    const answer = host.elicitation;
    client.setRequestHandler(ElicitRequestSchema, (request) => answer(request.params));
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  // Record what the server puts on the wire, to see when a cancelled bake stops talking.
  const sentByServer: JSONRPCMessage[] = [];
  const send = serverTransport.send.bind(serverTransport);
  serverTransport.send = (message, sendOptions) => {
    sentByServer.push(message);
    return send(message, sendOptions);
  };
  await buildServer(options).connect(serverTransport);
  await client.connect(clientTransport);
  open.push(client);
  return { client, sentByServer };
}

async function call(client: Client, name: string, input: Record<string, unknown> = {}) {
  const result = CallToolResultSchema.parse(await client.callTool({ name, arguments: input }));
  const first = result.content[0];
  return {
    isError: result.isError === true,
    text: first?.type === 'text' ? first.text : '',
    structured: result.structuredContent,
  };
}

/**
 * The oven's clock, moved by hand: each wait lasts until the test calls step(). It ignores abort
 * signals on purpose, so a test sees whether the bake itself stops.
 */
const settle = () => new Promise((resolve) => setImmediate(resolve));

class HandMovedClock {
  waits = 0;
  readonly requested: number[] = [];
  private pending: Array<() => void> = [];

  wait = (milliseconds: number): Promise<void> => {
    this.waits += 1;
    this.requested.push(milliseconds);
    return new Promise((resolve) => this.pending.push(resolve));
  };

  /** Lets the server reach its next wait, ends the waits in progress, and lets everything that
   * follows run. The in-memory pair delivers on microtasks, so once a macrotask comes round
   * every reaction has happened. */
  async step(): Promise<void> {
    await settle();
    for (const resolve of this.pending.splice(0)) resolve();
    await settle();
  }
}

describe('critique_recipe', () => {
  it('asks the host for a model call and builds its result from the answer', async () => {
    const seen: CreateMessageRequest['params'][] = [];
    const { client } = await connect({
      sampling: (params) => {
        seen.push(params);
        return {
          role: 'assistant',
          model: 'fake-model',
          stopReason: 'endTurn',
          content: { type: 'text', text: 'VERDICT: adjust\n- Less sugar.' },
        };
      },
    });
    const result = await call(client, 'critique_recipe', { recipe: 'tarte tatin' });
    expect(result.isError).toBe(false);
    expect(result.structured).toEqual({
      recipe: 'tarte tatin',
      verdict: 'adjust',
      notes: ['Less sugar.'],
      model: 'fake-model',
      stopReason: 'endTurn',
    });
    expect(JSON.parse(result.text)).toEqual(result.structured);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.maxTokens).toBe(400);
    expect(seen[0]?.systemPrompt).toContain('VERDICT');
    expect(seen[0]?.modelPreferences?.hints?.[0]?.name).toBe('claude-haiku');
    expect(seen[0]?.messages[0]).toMatchObject({ role: 'user', content: { type: 'text' } });
  });

  it("turns a refusal from the host into an isError result that quotes the host's words", async () => {
    const { client } = await connect({
      sampling: () => {
        throw new McpError(ErrorCode.InvalidRequest, 'the user did not approve spending 0.6¢');
      },
    });
    const result = await call(client, 'critique_recipe', { recipe: 'lemon tart' });
    // The legacy shim words the failure; the host's own error follows, code and all.
    expect(result).toMatchObject({
      isError: true,
      text: "Fulfilling input required by 'tools/call' failed: MCP error -32600: the user did not approve spending 0.6¢",
    });
  });

  it('says so when the host did not declare sampling', async () => {
    const { client } = await connect({});
    const result = await call(client, 'critique_recipe', { recipe: 'lemon tart' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('did not declare the sampling capability');
  });
});

describe('choose_filling', () => {
  it('uses the values of an accepted form', async () => {
    const { client } = await connect({
      elicitation: () => ({ action: 'accept', content: { filling: 'apple', servings: 6 } }),
    });
    const result = await call(client, 'choose_filling');
    expect(result).toMatchObject({
      isError: false,
      structured: { outcome: 'chosen', filling: 'apple', servings: 6, grams: 720 },
    });
  });

  it('sends the filling form as a flat schema', async () => {
    const seen: ElicitRequest['params'][] = [];
    const { client } = await connect({
      elicitation: (params) => {
        seen.push(params);
        return { action: 'cancel' };
      },
    });
    await call(client, 'choose_filling');
    expect(seen[0]).toMatchObject({
      mode: 'form',
      requestedSchema: {
        type: 'object',
        properties: {
          filling: { enum: ['apple', 'cherry', 'lemon curd', 'chocolate'] },
          servings: { type: 'integer', minimum: 1, maximum: 12 },
        },
      },
    });
  });

  it('tells a decline from a cancel', async () => {
    const declined = await call(
      (await connect({ elicitation: () => ({ action: 'decline' }) })).client,
      'choose_filling',
    );
    const cancelled = await call(
      (await connect({ elicitation: () => ({ action: 'cancel' }) })).client,
      'choose_filling',
    );
    expect(declined).toMatchObject({ isError: false, structured: { outcome: 'declined' } });
    expect(cancelled).toMatchObject({ isError: false, structured: { outcome: 'cancelled' } });
  });

  it('reports an accepted answer that does not fit the form as an error', async () => {
    const { client } = await connect({
      elicitation: () => ({ action: 'accept', content: { filling: 'anchovy', servings: 2 } }),
    });
    const result = await call(client, 'choose_filling');
    expect(result.isError).toBe(true);
    expect(result.text).toContain('does not');
  });

  it('says so when the host did not declare elicitation', async () => {
    const result = await call((await connect({})).client, 'choose_filling');
    expect(result.isError).toBe(true);
    expect(result.text).toContain('did not declare the elicitation capability');
  });
});

describe('bake', () => {
  it('reports each step as progress with a total and a message', async () => {
    const { client } = await connect({}, { bakeMillisecondsPerMinute: 2, bakeSteps: 6 });
    const progress: Array<{ progress: number; total?: number; message?: string }> = [];
    const result = await client.callTool({ name: 'bake', arguments: { minutes: 10 } }, undefined, {
      onprogress: (update) => progress.push(update),
    });
    expect(result.structuredContent).toEqual({ baked: true, minutes: 10, steps: 6 });
    expect(progress.map((update) => update.progress)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(progress.every((update) => update.total === 6 && typeof update.message === 'string')).toBe(true);
    expect(progress.at(-1)?.message).toBe('out of the oven');
  });

  it('sends no progress when the caller did not ask for it', async () => {
    const { client, sentByServer } = await connect({}, { bakeMillisecondsPerMinute: 1, bakeSteps: 4 });
    await client.callTool({ name: 'bake', arguments: { minutes: 4 } });
    expect(
      sentByServer.filter((message) => 'method' in message && message.method === 'notifications/progress'),
    ).toHaveLength(0);
  });

  it('stops baking when the call is cancelled: no more progress, no more oven time', async () => {
    const oven = new HandMovedClock();
    const { client, sentByServer } = await connect({}, { bakeSteps: 10, waitForOven: oven.wait });
    const controller = new AbortController();
    const progress: number[] = [];
    const baking = client
      .callTool({ name: 'bake', arguments: { minutes: 10 } }, undefined, {
        signal: controller.signal,
        onprogress: (update) => progress.push(update.progress),
      })
      .catch((error: unknown) => error);

    await oven.step(); // step 1 done
    await oven.step(); // step 2 done
    expect(progress).toEqual([1, 2]);
    expect(oven.waits).toBe(3); // the third step is in the oven

    controller.abort();
    expect(await baking).toMatchObject({ code: ErrorCode.RequestTimeout }); // the SDK's code for a local abort
    // The clock ignores the abort on purpose: the bake itself must notice it.
    await oven.step();
    await oven.step();
    expect(oven.waits).toBe(3);
    const progressSent = sentByServer.filter(
      (message) => 'method' in message && message.method === 'notifications/progress',
    );
    expect(progressSent).toHaveLength(2);
    expect(sentByServer.filter((message) => 'result' in message && 'content' in message.result)).toEqual([]);
  });

  it('bakes every step on the same clock when nobody cancels', async () => {
    const oven = new HandMovedClock();
    const { client } = await connect({}, { bakeSteps: 3, bakeMillisecondsPerMinute: 40, waitForOven: oven.wait });
    const baking = client.callTool({ name: 'bake', arguments: { minutes: 30 } });
    for (let step = 0; step < 3; step += 1) await oven.step();
    expect((await baking).structuredContent).toEqual({ baked: true, minutes: 30, steps: 3 });
    expect(oven.requested).toEqual([400, 400, 400]);
  });
});
