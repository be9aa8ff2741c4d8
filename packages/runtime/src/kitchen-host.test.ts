// The kitchen's one host wiring: spawn_agent when delegation is on, the run's handlers answering a
// server's sampling and form requests, and one run at a time. Over in-memory MCP pairs.

import { allowAllGate, type LoopEvent, type ToolboxOptions, TreeBudget } from '@kitchen/host';
import { connectInMemory, ScriptedModel, textTurn, toolTurn } from '@kitchen/host/testing';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CreateMessageResultSchema, ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { KitchenHost } from './kitchen-host.js';

/** A server with one tool that asks the host for a model call and one that asks the person. */
function askingServer(): McpServer {
  const server = new McpServer({ name: 'asker', version: '1.0.0' });
  server.registerTool('ask_model', { description: 'Asks the host for a model call' }, async (extra) => {
    try {
      const result = await extra.sendRequest(
        {
          method: 'sampling/createMessage',
          params: { messages: [{ role: 'user', content: { type: 'text', text: 'a word?' } }], maxTokens: 20 },
        },
        CreateMessageResultSchema,
      );
      return { content: [{ type: 'text', text: result.content.type === 'text' ? result.content.text : '?' }] };
    } catch (error) {
      return { content: [{ type: 'text', text: `sampling failed: ${(error as Error).message}` }], isError: true };
    }
  });
  server.registerTool('ask_person', { description: 'Asks the person a question' }, async (extra) => {
    const result = await extra.sendRequest(
      {
        method: 'elicitation/create',
        params: {
          message: 'Which filling?',
          requestedSchema: { type: 'object', properties: { filling: { type: 'string' } } },
        },
      },
      ElicitResultSchema,
    );
    return { content: [{ type: 'text', text: `${result.action}: ${JSON.stringify(result.content ?? {})}` }] };
  });
  return server;
}

function connect(spawn: boolean): Promise<KitchenHost> {
  return KitchenHost.connect({
    clientName: 'kitchen-host-test',
    openToolbox: (options) => connectInMemory({ asker: askingServer() }, options),
    ...(spawn ? { spawnLimits: { maxDepth: 1, maxLiveWorkers: 2 } } : {}),
  });
}

async function collect(events: AsyncIterable<LoopEvent>): Promise<LoopEvent[]> {
  const collected: LoopEvent[] = [];
  for await (const event of events) collected.push(event);
  return collected;
}

function toolResults(events: LoopEvent[]): string[] {
  return events.flatMap((event) => (event.type === 'tool-result' ? [event.content] : []));
}

describe('KitchenHost', () => {
  it('offers spawn_agent only when it has spawn limits', async () => {
    const delegating = await connect(true);
    const alone = await connect(false);
    try {
      expect([delegating.delegates, delegating.toolbox.localToolCount]).toEqual([true, 1]);
      expect([alone.delegates, alone.toolbox.localToolCount]).toEqual([false, 0]);
      const model = new ScriptedModel([textTurn('done')]);
      await collect(delegating.run({ task: 'look', model }));
      expect(model.requests[0]?.tools?.map((tool) => tool.name)).toContain('spawn_agent');
      expect(model.requests[0]?.system).toContain('head cook of the MCP Kitchen');
    } finally {
      await Promise.all([delegating.close(), alone.close()]);
    }
  });

  it("answers a server's sampling request with the run's model, charged to the run's budget", async () => {
    const host = await connect(false);
    try {
      const budget = new TreeBudget({ maxTokens: 100_000 });
      const model = new ScriptedModel([toolTurn({ name: 'ask_model' }), textTurn('shortbread'), textTurn('done')]);
      const events = await collect(
        host.run({
          task: 'ask',
          model,
          policy: { gate: allowAllGate, budget, sampling: { perServer: {}, defaultAction: 'allow' } },
        }),
      );
      expect(toolResults(events)).toEqual(['shortbread']);
      expect(events.map((event) => event.type)).toContain('sampling-response');
      expect(budget.spentTokens).toBeGreaterThan(0);
    } finally {
      await host.close();
    }
  });

  it('refuses sampling in a run without a budget, and declines forms without someone to ask', async () => {
    const host = await connect(false);
    try {
      const model = new ScriptedModel([toolTurn({ name: 'ask_model' }, { name: 'ask_person' }), textTurn('done')]);
      const events = await collect(host.run({ task: 'ask', model, policy: { gate: allowAllGate } }));
      const [sampling, form] = toolResults(events);
      expect(sampling).toContain('This kitchen run has no budget to pay for a model call.');
      expect(form).toBe('decline: {}');
    } finally {
      await host.close();
    }
  });

  it('runs one task at a time, and takes the next once the first has ended', async () => {
    const host = await connect(false);
    try {
      const first = host.run({ task: 'one', model: new ScriptedModel([textTurn('one done')]) });
      expect(host.running).toBe(true);
      expect(() => host.run({ task: 'two', model: new ScriptedModel([textTurn('two done')]) })).toThrow(
        'a kitchen run is already in progress on this host',
      );
      await collect(first);
      expect(host.running).toBe(false);
      const second = await collect(host.run({ task: 'two', model: new ScriptedModel([textTurn('two done')]) }));
      expect(second.at(-1)).toMatchObject({ type: 'done', finalText: 'two done' });
    } finally {
      await host.close();
    }
  });
});

describe("a server's question that came in an input_required result", () => {
  it('is labelled via input_required in its events, not as a push', async () => {
    let handlers: ToolboxOptions['handlers'];
    const host = await KitchenHost.connect({
      clientName: 'kitchen-host-test',
      openToolbox: (options) => {
        handlers = options.handlers;
        return connectInMemory({ asker: askingServer() }, options);
      },
    });
    try {
      const emitted: LoopEvent[] = [];
      const params = {
        messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'a word?' } }],
        maxTokens: 20,
      };
      const model = new ScriptedModel([
        async () => {
          await handlers
            ?.sampling?.('asker', params, undefined, new AbortController().signal, 'input_required')
            .catch(() => undefined);
          return textTurn('done');
        },
      ]);
      const budget = new TreeBudget({ maxTokens: 100_000 });
      await collect(
        host.run({
          task: 'ask',
          model,
          emit: (event) => emitted.push(event),
          policy: { gate: allowAllGate, budget, sampling: { perServer: {}, defaultAction: 'deny' } },
        }),
      );
      const labelled = emitted.filter(
        (event) => event.type === 'sampling-request' || event.type === 'sampling-response',
      );
      expect(labelled.length).toBeGreaterThan(0);
      for (const event of labelled) expect(event).toMatchObject({ via: 'input_required' });
    } finally {
      await host.close();
    }
  });
});
