import { afterEach, describe, expect, it } from 'vitest';
import { type Authorization, type AuthorizeRequest, Gate } from './gate.js';
import { LAST_CHANCE_MAX_TOKENS } from './loop/last-chance.js';
import type { LoopEvent } from './loop-event.js';
import { MAX_ITERATIONS, type RunAgentLoopOptions, runAgentLoop } from './run-agent-loop.js';
import { connectInMemory } from './testing/connect-in-memory.js';
import { collectEvents } from './testing/recording-context.js';
import { ScriptedModel, textTurn, toolTurn } from './testing/scripted-model.js';
import { buildTestServer, createObservations, type ServerObservations } from './testing/test-server.js';
import type { Toolbox } from './toolbox.js';
import { TreeBudget } from './tree-budget.js';

const opened: Toolbox[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((toolbox) => toolbox.close()));
});

async function kitchen(observations: ServerObservations = createObservations()): Promise<Toolbox> {
  const toolbox = await connectInMemory({ pantry: buildTestServer('pantry', observations) });
  opened.push(toolbox);
  return toolbox;
}

function run(options: Omit<RunAgentLoopOptions, 'messages'> & { task?: string }): Promise<LoopEvent[]> {
  const { task = 'Check the jars.', ...rest } = options;
  return collectEvents(runAgentLoop({ messages: [{ role: 'user', content: task }], ...rest }));
}

function last<Type extends LoopEvent['type']>(events: LoopEvent[], type: Type): Extract<LoopEvent, { type: Type }> {
  const found = events.filter((event): event is Extract<LoopEvent, { type: Type }> => event.type === type).at(-1);
  if (!found) throw new Error(`no ${type} event`);
  return found;
}

describe('runAgentLoop', () => {
  it('yields its events in order and ends with end_turn, the final text, agent-end and done', async () => {
    const model = new ScriptedModel([
      toolTurn({ name: 'echo', input: { text: 'a' } }, { name: 'echo', input: { text: 'b' } }),
      textTurn('All jars fine.'),
    ]);
    const events = await run({ model, toolbox: await kitchen() });

    expect(events.map((event) => event.type)).toEqual([
      'agent-start',
      'iteration-start',
      'usage',
      'tool-call',
      'tool-call',
      'tool-result',
      'tool-result',
      'iteration-start',
      'usage',
      'text',
      'agent-end',
      'done',
    ]);
    expect(last(events, 'agent-start')).toMatchObject({
      agent: 'main',
      name: 'main',
      depth: 0,
      task: 'Check the jars.',
    });
    expect(last(events, 'done')).toMatchObject({
      stopReason: 'end_turn',
      finalText: 'All jars fine.',
      iterations: 2,
      toolCalls: 2,
    });
    expect(last(events, 'agent-end')).toMatchObject({
      stopReason: 'end_turn',
      finalText: 'All jars fine.',
      iterations: 2,
      toolCalls: 2,
    });
    expect(last(events, 'done').tokens).toBeGreaterThan(0);
  });

  it('yields plain objects that survive a JSON round trip, each with a lane and a time', async () => {
    const model = new ScriptedModel([
      toolTurn({ name: 'progress', input: { steps: 2, intervalMs: 1 } }),
      textTurn('done'),
    ]);
    const events = await run({ model, toolbox: await kitchen() });

    expect(JSON.parse(JSON.stringify(events))).toEqual(events);
    for (const event of events) {
      expect(event.agent).toBe('main');
      expect(typeof event.at).toBe('number');
    }
    expect(events.filter((event) => event.type === 'progress')).toHaveLength(2);
  });

  it('sends the assistant turn and one user message with every tool result, in tool_use order', async () => {
    const model = new ScriptedModel([
      toolTurn(
        { name: 'sleep', input: { ms: 40, label: 'slow' }, id: 't1' },
        { name: 'echo', input: { text: 'quick' }, id: 't2' },
        { name: 'nope', id: 't3' },
      ),
      textTurn('ok'),
    ]);
    await run({ model, toolbox: await kitchen(), system: 'You are a careful cook.' });

    const second = model.requests[1];
    expect(second?.system).toBe('You are a careful cook.');
    expect(second?.messages.slice(1)).toEqual([
      { role: 'assistant', content: expect.arrayContaining([expect.objectContaining({ type: 'tool_use', id: 't1' })]) },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'slow slept 40 ms' },
          { type: 'tool_result', tool_use_id: 't2', content: 'pantry says quick' },
          {
            type: 'tool_result',
            tool_use_id: 't3',
            content: expect.stringMatching(/^There is no tool named "nope"/),
            is_error: true,
          },
        ],
      },
    ]);
  });

  it("runs one turn's tool calls concurrently: both have started before the first one finishes", async () => {
    const observations = createObservations();
    const model = new ScriptedModel([
      toolTurn(
        { name: 'sleep', input: { ms: 100, label: 'one' } },
        { name: 'sleep', input: { ms: 100, label: 'two' } },
      ),
      textTurn('rested'),
    ]);
    const startedAtFirstResult: string[][] = [];
    const events: LoopEvent[] = [];
    for await (const event of runAgentLoop({
      messages: [{ role: 'user', content: 'rest' }],
      model,
      toolbox: await kitchen(observations),
    })) {
      if (event.type === 'tool-result' && startedAtFirstResult.length === 0)
        startedAtFirstResult.push([...observations.started]);
      events.push(event);
    }

    expect(events.filter((event) => event.type === 'tool-result')).toHaveLength(2);
    expect(startedAtFirstResult[0]?.sort()).toEqual(['one', 'two']);
  });

  it('yields the events a tool emits while it is still running', async () => {
    const toolbox = await kitchen();
    let letFinish: () => void = () => undefined;
    const finish = new Promise<void>((resolve) => {
      letFinish = resolve;
    });
    toolbox.addLocalTool({
      name: 'narrate',
      description: 'Talks while it works',
      inputSchema: { type: 'object' },
      run: async (_input, context) => {
        context.emit({ type: 'text', agent: 'worker-1', text: 'halfway there' });
        await finish; // only the consumer, on seeing the text above, lets the tool finish
        return { isError: false, content: 'narrated' };
      },
    });
    const model = new ScriptedModel([toolTurn({ name: 'narrate' }), textTurn('heard it')]);
    const events: LoopEvent[] = [];
    for await (const event of runAgentLoop({ messages: [{ role: 'user', content: 'talk' }], model, toolbox })) {
      events.push(event);
      if (event.type === 'text' && event.agent === 'worker-1') letFinish();
    }

    const types = events.map((event) => `${event.type}:${event.agent}`);
    expect(types.indexOf('text:worker-1')).toBeLessThan(types.indexOf('tool-result:main'));
    expect(last(events, 'done').stopReason).toBe('end_turn');
  });

  it(`stops at maxIterations (default ${MAX_ITERATIONS}) and spends its last call, without tools, on a partial report`, async () => {
    const model = new ScriptedModel((request) =>
      request.tools?.length
        ? { text: 'Still looking.', toolUses: [{ name: 'echo', input: { text: 'again' } }] }
        : textTurn('Jars 1-3 fine; jar 4 not reached.'),
    );
    const events = await run({ model, toolbox: await kitchen(), maxIterations: 3 });

    // maxIterations is every model call the agent makes, the last-chance report included.
    expect(model.requests).toHaveLength(3);
    const lastChance = model.requests[2];
    expect(lastChance?.tools).toEqual([]);
    expect(lastChance?.maxTokens).toBe(LAST_CHANCE_MAX_TOKENS);
    expect(JSON.stringify(lastChance?.messages.at(-1))).toContain(
      'You have reached the iteration limit. Reply now, without tools, with a short report of what you DID establish and what you did not reach.',
    );
    expect(last(events, 'done')).toMatchObject({
      stopReason: 'max_iterations',
      iterations: 3,
      toolCalls: 2,
    });
    // The last-chance answer adds to what the tool results established; it never replaces it.
    expect(last(events, 'done').finalText).toBe(
      [
        'Jars 1-3 fine; jar 4 not reached.',
        '',
        'What the tool results established (2 of 2 calls):',
        '- echo text again: pantry says again',
        '- echo text again: pantry says again',
        'I reached the iteration limit before I could finish.',
      ].join('\n'),
    );
    expect(last(events, 'done')).toMatchObject({
      detail: 'Stopped: the agent used all 3 of its model calls, its limit.',
      limit: { limit: 'maxIterations', value: 3, spent: 3 },
    });
    expect(events.filter((event) => event.type === 'usage')).toHaveLength(3);
  });

  it('ends with aborted when the signal fires, and the in-flight tool call sees the abort', async () => {
    const observations = createObservations();
    const toolbox = await kitchen(observations);
    const model = new ScriptedModel([
      toolTurn({ name: 'sleep', input: { ms: 60_000, label: 'stew' } }),
      textTurn('never'),
    ]);
    const controller = new AbortController();
    const events: LoopEvent[] = [];
    for await (const event of runAgentLoop({
      messages: [{ role: 'user', content: 'cook' }],
      model,
      toolbox,
      signal: controller.signal,
    })) {
      events.push(event);
      if (event.type === 'tool-call') setTimeout(() => controller.abort(), 30);
    }

    // The sleep outlasts the test's timeout: ending at all means the abort reached the call.
    expect(last(events, 'tool-result')).toMatchObject({
      isError: true,
      content: expect.stringContaining('cancelled because the run was aborted'),
    });
    expect(last(events, 'done')).toMatchObject({ stopReason: 'aborted', iterations: 1 });
    expect(model.requests).toHaveLength(1);
    expect(observations.cancelled).toContain('stew');
  });

  it('aborts a model call in flight: the model sees the signal and the run ends at once', async () => {
    // The model call outlasts the test's timeout: ending at all means the abort reached it.
    const model = new ScriptedModel([{ text: 'too late', delayMs: 60_000 }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const events = await run({ model, toolbox: await kitchen(), signal: controller.signal });

    expect(model.requests[0]?.signal?.aborted).toBe(true);
    expect(last(events, 'done')).toMatchObject({
      stopReason: 'aborted',
      finalText: 'Nothing established. The run was stopped before I could finish.',
    });
  });

  it('does not call the model at all when the signal has already fired', async () => {
    const model = new ScriptedModel([textTurn('unused')]);
    const events = await run({ model, toolbox: await kitchen(), signal: AbortSignal.abort() });
    expect(model.requests).toHaveLength(0);
    expect(events.map((event) => event.type)).toEqual(['agent-start', 'agent-end', 'done']);
    expect(last(events, 'done').stopReason).toBe('aborted');
  });

  it('ends with stopReason error and says what happened when the model throws', async () => {
    const model = new ScriptedModel([
      toolTurn({ name: 'echo', input: { text: 'x' } }),
      { error: new Error('overloaded (529)') },
    ]);
    const events = await run({ model, toolbox: await kitchen() });

    expect(last(events, 'done')).toMatchObject({
      stopReason: 'error',
      detail: 'The model (scripted model) failed on iteration 2: overloaded (529)',
    });
    expect(last(events, 'agent-end').stopReason).toBe('error');
  });

  it('ends with stopReason error instead of hanging when something under a tool call throws', async () => {
    class BrokenGate extends Gate {
      override async authorize(_request: AuthorizeRequest): Promise<Authorization> {
        throw new Error('the gate fell off its hinges');
      }
    }
    const model = new ScriptedModel([toolTurn({ name: 'echo', input: { text: 'x' } }), textTurn('unreached')]);
    const events = await run({ model, toolbox: await kitchen(), gate: new BrokenGate() });
    expect(last(events, 'done')).toMatchObject({
      stopReason: 'error',
      detail: 'The agent loop failed: the gate fell off its hinges',
    });
  });

  it('turns a gate denial into an error tool result and goes on', async () => {
    const gate = new Gate({ rules: [{ tool: 'echo', action: 'deny', reason: 'no echoes in this kitchen' }] });
    const model = new ScriptedModel([toolTurn({ name: 'echo', input: { text: 'x' } }), textTurn('I could not echo.')]);
    const events = await run({ model, toolbox: await kitchen(), gate });

    expect(last(events, 'approval-response')).toMatchObject({ decision: 'denied', tool: 'echo' });
    expect(last(events, 'tool-result')).toMatchObject({
      isError: true,
      content: expect.stringContaining('no echoes in this kitchen'),
    });
    expect(last(events, 'done')).toMatchObject({ stopReason: 'end_turn', finalText: 'I could not echo.' });
  });

  it('reserves before each model call and settles the real usage in the shared budget', async () => {
    const budget = new TreeBudget({ maxTokens: 100_000 });
    const model = new ScriptedModel([
      { toolUses: [{ name: 'echo', input: { text: 'x' } }], usage: { inputTokens: 1_000, outputTokens: 50 } },
      { text: 'fine', usage: { inputTokens: 1_200, outputTokens: 20 } },
    ]);
    const events = await run({ model, toolbox: await kitchen(), budget, maxTokensPerCall: 1_000 });

    expect(budget.spentTokens).toBe(2_270);
    expect(budget.reservedTokens).toBe(0);
    expect(events.filter((event) => event.type === 'usage').map((event) => event.treeTokens)).toEqual([1_050, 2_270]);
    expect(last(events, 'done')).toMatchObject({ stopReason: 'end_turn', tokens: 2_270 });
  });

  it('gives an agent the budget refused one last call without tools, and ends with its partial findings', async () => {
    // The first reservation bounds the input at a token per byte (about 2,000 here); the second
    // starts from the 2,000 the model counted, and no longer fits beside what was spent.
    const budget = new TreeBudget({ maxTokens: 4_500 });
    const model = new ScriptedModel((request) =>
      request.tools?.length
        ? {
            text: 'Jar 1 is fine so far.',
            toolUses: [{ name: 'echo', input: { text: 'x' } }],
            usage: { inputTokens: 2_000, outputTokens: 700 },
          }
        : { text: 'Jar 1 is fine. Not reached: jars 2 and 3.', usage: { inputTokens: 300, outputTokens: 100 } },
    );
    const events = await run({ model, toolbox: await kitchen(), budget, maxTokensPerCall: 1_000 });

    const lastChance = model.requests.at(-1);
    expect(lastChance?.tools).toEqual([]);
    expect(lastChance?.maxTokens).toBe(LAST_CHANCE_MAX_TOKENS);
    expect(JSON.stringify(lastChance?.messages.at(-1))).toContain(
      'The run has almost no token budget left. Reply now, without tools,',
    );
    expect(last(events, 'done')).toMatchObject({
      stopReason: 'budget',
      finalText:
        'Jar 1 is fine. Not reached: jars 2 and 3.\n\n' +
        'What the tool results established (1 of 1 calls):\n- echo text x: pantry says x\n' +
        'I ran out of token budget before I could finish.',
    });
    expect(last(events, 'done').detail).toMatch(/^Stopped: the tree budget has no room for another model call \(/);
    expect(last(events, 'done').limit).toMatchObject({ limit: 'maxTreeTokens' });
    expect(budget.spentTokens).toBeLessThanOrEqual(4_500);
    expect(budget.reservedTokens).toBe(0);
  });

  it('stops with stopReason budget and what its tool results established when not even the last chance fits', async () => {
    const budget = new TreeBudget({ maxTokens: 3_500 });
    const model = new ScriptedModel((request) =>
      request.tools?.length
        ? {
            text: 'Jar 1 is fine so far.',
            toolUses: [{ name: 'echo', input: { text: 'x' } }],
            usage: { inputTokens: 2_000, outputTokens: 900 },
          }
        : textTurn('unreachable'),
    );
    const events = await run({ model, toolbox: await kitchen(), budget, maxTokensPerCall: 1_000 });

    expect(model.requests.every((request) => request.tools?.length)).toBe(true);
    expect(last(events, 'done')).toMatchObject({
      stopReason: 'budget',
      finalText:
        'What the tool results established (1 of 1 calls):\n- echo text x: pantry says x\n' +
        'I ran out of token budget before I could finish.',
    });
  });

  it('says "nothing established" when the budget refuses the very first call', async () => {
    const budget = new TreeBudget({ maxTokens: 50 });
    const model = new ScriptedModel([textTurn('unreachable')]);
    const events = await run({ model, toolbox: await kitchen(), budget });
    expect(model.requests).toHaveLength(0);
    expect(last(events, 'agent-end')).toMatchObject({
      stopReason: 'budget',
      finalText: 'Nothing established. I ran out of token budget before I could finish.',
    });
  });

  it('gives the reservation back when the model call fails', async () => {
    const budget = new TreeBudget({ maxTokens: 100_000 });
    const model = new ScriptedModel([{ error: new Error('network down') }]);
    await run({ model, toolbox: await kitchen(), budget });
    expect(budget.reservedTokens).toBe(0);
    expect(budget.spentTokens).toBe(0);
  });

  it('neither offers nor runs a tool that delegates when delegate is false', async () => {
    const toolbox = await kitchen();
    let spawned = 0;
    toolbox.addLocalTool({
      name: 'spawn_agent',
      description: 'Starts a worker',
      inputSchema: { type: 'object' },
      delegates: true,
      run: async () => {
        spawned += 1;
        return { isError: false, content: 'hired' };
      },
    });
    const model = new ScriptedModel([toolTurn({ name: 'spawn_agent', input: { task: 'help' } }), textTurn('alone')]);
    const events = await run({ model, toolbox, delegate: false });

    expect(model.requests[0]?.tools?.map((tool) => tool.name)).not.toContain('spawn_agent');
    expect(spawned).toBe(0);
    expect(last(events, 'tool-result')).toMatchObject({
      isError: true,
      content: expect.stringContaining('Solve the task yourself'),
    });
  });

  it('labels every event of a sub-agent with its lane and yields no done for it', async () => {
    const model = new ScriptedModel([textTurn('worker report')]);
    const events = await run({
      model,
      toolbox: await kitchen(),
      agent: { id: '1', name: 'baker', parent: 'main', depth: 1 },
    });
    expect(events.map((event) => event.type)).toEqual(['agent-start', 'iteration-start', 'usage', 'text', 'agent-end']);
    expect(events.every((event) => event.agent === '1')).toBe(true);
    expect(last(events, 'agent-end')).toMatchObject({ name: 'baker', parent: 'main', finalText: 'worker report' });
  });
});
