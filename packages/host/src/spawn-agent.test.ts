import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError } from './errors.js';
import { type Authorization, type AuthorizeRequest, Gate } from './gate.js';
import { AGENT_DEPTH_LIMIT_TEXT, AGENT_THREAD_LIMIT_TEXT } from './limits/spawn-agent-limits.js';
import type { LoopEvent } from './loop-event.js';
import type { ToolResultBlock } from './model.js';
import { type RunAgentLoopOptions, runAgentLoop } from './run-agent-loop.js';
import { createSpawnAgentTool, type SpawnAgentOptions, WORKER_SYSTEM_PROMPT } from './spawn-agent.js';
import { connectInMemory } from './testing/connect-in-memory.js';
import { collectEvents, createRecordingContext } from './testing/recording-context.js';
import { textTurn, toolTurn } from './testing/scripted-model.js';
import { teamModel } from './testing/team-model.js';
import { buildTestServer } from './testing/test-server.js';
import type { Toolbox } from './toolbox.js';
import { TreeBudget } from './tree-budget.js';

const opened: Toolbox[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((toolbox) => toolbox.close()));
});

async function kitchen(spawn: SpawnAgentOptions = {}): Promise<Toolbox> {
  const toolbox = await connectInMemory({ pantry: buildTestServer('pantry') });
  toolbox.addLocalTool(createSpawnAgentTool(spawn));
  opened.push(toolbox);
  return toolbox;
}

function run(options: Omit<RunAgentLoopOptions, 'messages'>, task = 'Check the jars.'): Promise<LoopEvent[]> {
  return collectEvents(runAgentLoop({ messages: [{ role: 'user', content: task }], ...options }));
}

function ofType<Type extends LoopEvent['type']>(
  events: LoopEvent[],
  type: Type,
): Array<Extract<LoopEvent, { type: Type }>> {
  return events.filter((event): event is Extract<LoopEvent, { type: Type }> => event.type === type);
}

function toolResultsOf(request: { messages: Array<{ content: unknown }> } | undefined): ToolResultBlock[] {
  const content = request?.messages.at(-1)?.content;
  return Array.isArray(content) ? (content as ToolResultBlock[]).filter((block) => block.type === 'tool_result') : [];
}

const spawn = (task: string, name?: string) => ({
  name: 'spawn_agent',
  input: name === undefined ? { task } : { task, name },
});

describe('spawn_agent', () => {
  it("runs a worker on the same toolbox and budget, briefed fresh, and hands back only the worker's final text", async () => {
    const budget = new TreeBudget({ maxTokens: 100_000 });
    const model = teamModel({
      main: (_request, turn) =>
        turn === 0 ? toolTurn(spawn('Inspect jar 7.', 'baker')) : textTurn('Jar 7 is fine, says the baker.'),
      worker: (_request, turn) =>
        turn === 0 ? toolTurn({ name: 'echo', input: { text: 'jar 7' } }) : textTurn('jar 7: sealed, weight right'),
    });
    const events = await run({ model, toolbox: await kitchen(), budget, system: 'You are the head cook.' });

    const workerFirst = model.requests[1];
    expect(workerFirst?.system).toBe(WORKER_SYSTEM_PROMPT);
    expect(workerFirst?.messages).toEqual([
      {
        role: 'user',
        content:
          'Inspect jar 7.\n\nReply with a short report, not a transcript. If you run out of room, report what you DID establish.',
      },
    ]);
    expect(workerFirst?.tools?.map((tool) => tool.name)).not.toContain('spawn_agent');
    expect(model.requests[0]?.tools?.map((tool) => tool.name)).toContain('spawn_agent');
    expect(toolResultsOf(model.requests.at(-1))).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_1_1', content: 'jar 7: sealed, weight right' },
    ]);

    expect(ofType(events, 'agent-start').find((event) => event.agent === '1')).toMatchObject({
      name: 'baker',
      parent: 'main',
      depth: 1,
    });
    const workerEnd = ofType(events, 'agent-end').find((event) => event.agent === '1');
    expect(workerEnd).toMatchObject({
      name: 'baker',
      parent: 'main',
      iterations: 2,
      toolCalls: 1,
      stopReason: 'end_turn',
      finalText: 'jar 7: sealed, weight right',
    });
    expect(workerEnd?.tokens).toBe(budget.agentTotals('1').tokens);
    expect(workerEnd?.costCents).toBeGreaterThan(0);
    const done = ofType(events, 'done')[0];
    expect(done).toMatchObject({ stopReason: 'end_turn', iterations: 4, toolCalls: 2, tokens: budget.spentTokens });
    expect(budget.spentTokens).toBe(budget.agentTotals('main').tokens + budget.agentTotals('1').tokens);

    const lanes = events.map((event) => `${event.type}:${event.agent}`);
    expect(lanes.indexOf('agent-end:1')).toBeLessThan(lanes.indexOf('tool-result:main'));
    expect(ofType(events, 'tool-result').find((event) => event.agent === 'main')).toMatchObject({
      tool: 'spawn_agent',
      server: 'local',
      isError: false,
    });
  });

  it("streams a worker's events to the consumer while the parent is still waiting for the worker", async () => {
    let sawWorkerStart: () => void = () => undefined;
    const workerSeen = new Promise<void>((resolve) => {
      sawWorkerStart = resolve;
    });
    const model = teamModel({
      main: (_request, turn) => (turn === 0 ? toolTurn(spawn('Count the spoons.')) : textTurn('done')),
      // The worker only answers once the consumer has seen its lane open: no buffering until the end.
      worker: async () => {
        await workerSeen;
        return textTurn('12 spoons');
      },
    });
    const events: LoopEvent[] = [];
    for await (const event of runAgentLoop({
      messages: [{ role: 'user', content: 'go' }],
      model,
      toolbox: await kitchen(),
    })) {
      events.push(event);
      if (event.type === 'iteration-start' && event.agent === '1') sawWorkerStart();
    }
    expect(ofType(events, 'done')[0]).toMatchObject({ stopReason: 'end_turn' });
    expect(ofType(events, 'agent-end').find((event) => event.agent === '1')?.finalText).toBe('12 spoons');
  });

  it('answers a bad input with an error result that names the field', async () => {
    const model = teamModel({
      main: (_request, turn) =>
        turn === 0
          ? toolTurn(
              { name: 'spawn_agent', input: {}, id: 'a' },
              { name: 'spawn_agent', input: { task: '   ' }, id: 'b' },
              { name: 'spawn_agent', input: { task: 'x', name: 'two words' }, id: 'c' },
            )
          : textTurn('ok'),
      worker: () => textTurn('unreachable'),
    });
    await run({ model, toolbox: await kitchen() });

    const [missing, blank, badName] = toolResultsOf(model.requests[1]);
    expect(missing).toMatchObject({ is_error: true, content: expect.stringContaining('"task"') });
    expect(blank).toMatchObject({ is_error: true, content: expect.stringContaining('non-empty "task"') });
    expect(badName).toMatchObject({ is_error: true, content: expect.stringContaining('"name" must be one word') });
    expect(model.requests).toHaveLength(2);
  });

  it('keeps workers from hiring: not offered, and refused with the exact depth-limit text when named anyway', async () => {
    const model = teamModel({
      main: (_request, turn) => (turn === 0 ? toolTurn(spawn('Hire someone else.')) : textTurn('done')),
      worker: (request, turn) =>
        turn === 0 ? toolTurn(spawn('Do my job.')) : textTurn(`heard: ${toolResultsOf(request)[0]?.content}`),
    });
    const events = await run({ model, toolbox: await kitchen() });

    expect(model.requests[1]?.tools?.map((tool) => tool.name)).not.toContain('spawn_agent');
    expect(ofType(events, 'agent-end').find((event) => event.agent === '1')?.finalText).toBe(
      `heard: ${AGENT_DEPTH_LIMIT_TEXT}`,
    );
    expect(ofType(events, 'agent-start').map((event) => event.agent)).toEqual(['main', '1']);
  });

  it('refuses with the depth-limit text from the tool itself when an agent at the limit is given spawn_agent', async () => {
    const model = teamModel({
      main: (_request, turn) => (turn === 0 ? toolTurn(spawn('Go deeper.')) : textTurn('done')),
      worker: () => textTurn('unreachable'),
    });
    await run({
      model,
      toolbox: await kitchen({ maxDepth: 2 }),
      agent: { id: 'deep', name: 'deep', depth: 2 },
      delegate: true,
    });
    expect(toolResultsOf(model.requests[1])).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_1_1', content: AGENT_DEPTH_LIMIT_TEXT, is_error: true },
    ]);
  });

  it('lets workers hire down to maxDepth, and no further', async () => {
    const model = teamModel({
      main: (_request, turn) => (turn === 0 ? toolTurn(spawn('Level one.')) : textTurn('done')),
      worker: (request, turn, task) => {
        if (turn > 0) return textTurn(`${task.split('.')[0]} got: ${toolResultsOf(request)[0]?.content}`);
        return toolTurn(spawn(task.startsWith('Level one') ? 'Level two.' : 'Level three.'));
      },
    });
    const events = await run({ model, toolbox: await kitchen({ maxDepth: 2 }) });

    expect(ofType(events, 'agent-start').map((event) => [event.agent, event.parent, event.depth])).toEqual([
      ['main', undefined, 0],
      ['1', 'main', 1],
      ['2', '1', 2],
    ]);
    const offered = model.requests
      .slice(1, 3)
      .map((request) => request.tools?.some((tool) => tool.name === 'spawn_agent'));
    expect(offered).toEqual([true, false]);
    expect(ofType(events, 'agent-end').find((event) => event.agent === '1')?.finalText).toBe(
      `Level one got: Level two got: ${AGENT_DEPTH_LIMIT_TEXT}`,
    );
  });

  it("passes a worker's worker's agent-end up, so every agent that starts ends in the run's stream", async () => {
    const model = teamModel({
      main: (_request, turn) => (turn === 0 ? toolTurn(spawn('Level one.')) : textTurn('done')),
      worker: (_request, turn, task) => {
        if (turn > 0 || !task.startsWith('Level one')) return textTurn(`${task.split('.')[0]} done`);
        return toolTurn(spawn('Level two.'));
      },
    });
    const events = await run({ model, toolbox: await kitchen({ maxDepth: 2 }) });
    expect(ofType(events, 'agent-end').map((event) => event.agent)).toEqual(['2', '1', 'main']);
  });

  it('rejects a maxDepth outside 1..4 or a maxLiveWorkers below 1 with a clear configuration error', () => {
    for (const maxDepth of [0, 5, 1.5]) {
      expect(() => createSpawnAgentTool({ maxDepth })).toThrow(ConfigurationError);
    }
    expect(() => createSpawnAgentTool({ maxDepth: 0 })).toThrow(
      'spawn_agent "maxDepth" must be a whole number from 1 to 4 (got 0)',
    );
    expect(() => createSpawnAgentTool({ maxLiveWorkers: 0 })).toThrow(
      'spawn_agent "maxLiveWorkers" must be a whole number, 1 or more (got 0)',
    );
    expect(createSpawnAgentTool({ maxDepth: 4 }).description).toContain('down to 4 levels');
  });

  it('gives exactly one of 17 simultaneous spawns the thread-limit text at 16 live workers, and frees the slots after', async () => {
    const model = teamModel({
      main: (_request, turn) => {
        if (turn === 0)
          return toolTurn(
            ...Array.from({ length: 17 }, (_, index) => ({ ...spawn(`Job ${index + 1}.`), id: `s${index + 1}` })),
          );
        if (turn === 1) return toolTurn({ ...spawn('One more job.', 'late'), id: 'late' });
        return textTurn('all done');
      },
      worker: (_request, _turn, task) => ({ text: `finished ${task.split('.')[0]}`, delayMs: 20 }),
    });
    const events = await run({ model, toolbox: await kitchen({ maxLiveWorkers: 16 }) });

    const firstRound = toolResultsOf(model.requests.find((request) => toolResultsOf(request)[0]?.tool_use_id === 's1'));
    expect(firstRound).toHaveLength(17);
    const refused = firstRound.filter((result) => result.content === AGENT_THREAD_LIMIT_TEXT);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.is_error).toBe(true);
    expect(firstRound.filter((result) => result.content.startsWith('finished Job'))).toHaveLength(16);
    const late = toolResultsOf(model.requests.at(-1));
    expect(late).toEqual([{ type: 'tool_result', tool_use_id: 'late', content: 'finished One more job' }]);
    expect(ofType(events, 'agent-start').find((event) => event.name === 'late')?.agent).toBe('17');
    expect(ofType(events, 'agent-start').find((event) => event.agent === '3')?.name).toBe('worker-3');
    expect(ofType(events, 'agent-end')).toHaveLength(18);
  });

  it('runs workers concurrently: all four have started before the first one ends', async () => {
    const workers = 4;
    const model = teamModel({
      main: (_request, turn) =>
        turn === 0
          ? toolTurn(...Array.from({ length: workers }, (_, index) => spawn(`Part ${index + 1}.`)))
          : textTurn('merged'),
      worker: (_request, turn) =>
        turn < 2
          ? { toolUses: [{ name: 'echo', input: { text: 'x' } }], delayMs: 20 }
          : { text: 'part done', delayMs: 20 },
    });
    const events = await run({ model, toolbox: await kitchen() });

    expect(ofType(events, 'agent-end').filter((event) => event.stopReason === 'end_turn')).toHaveLength(workers + 1);
    const lanes = events.map((event) => `${event.type}:${event.agent}`);
    const firstWorkerEnd = lanes.findIndex((lane) => lane.startsWith('agent-end:') && lane !== 'agent-end:main');
    const lastWorkerStart = lanes.findLastIndex(
      (lane) => lane.startsWith('agent-start:') && lane !== 'agent-start:main',
    );
    expect(lastWorkerStart).toBeLessThan(firstWorkerEnd);
  });

  it('turns a worker whose model throws mid-run into an error tool result, closes its lane and carries on', async () => {
    const model = teamModel({
      main: (request, turn) =>
        turn === 0
          ? toolTurn(spawn('Fragile job.', 'fragile'), spawn('Sturdy job.', 'sturdy'))
          : textTurn(`main heard ${toolResultsOf(request).length}`),
      worker: (_request, turn, task) => {
        if (task.startsWith('Fragile') && turn === 1) return { error: new Error('overloaded (529)') };
        return turn === 0 ? toolTurn({ name: 'echo', input: { text: 'x' } }) : textTurn('sturdy report');
      },
    });
    const events = await run({ model, toolbox: await kitchen() });

    const [fragile, sturdy] = toolResultsOf(model.requests.at(-1));
    expect(fragile).toMatchObject({
      is_error: true,
      content: expect.stringContaining('The model (scripted model) failed on iteration 2: overloaded (529)'),
    });
    expect(sturdy).toEqual({ type: 'tool_result', tool_use_id: 'toolu_1_2', content: 'sturdy report' });
    expect(ofType(events, 'agent-end').map((event) => [event.name, event.stopReason])).toEqual(
      expect.arrayContaining([
        ['fragile', 'error'],
        ['sturdy', 'end_turn'],
        ['main', 'end_turn'],
      ]),
    );
    expect(ofType(events, 'done')[0]?.finalText).toBe('main heard 2');
  });

  it('turns a bug under a worker (its gate throws) into an error tool result instead of a hang', async () => {
    class WorkerBreakingGate extends Gate {
      override async authorize(request: AuthorizeRequest): Promise<Authorization> {
        if (request.context.agent.depth > 0) throw new Error('the worker gate fell off its hinges');
        return super.authorize(request);
      }
    }
    const model = teamModel({
      main: (_request, turn) => (turn === 0 ? toolTurn(spawn('Open the jar.')) : textTurn('main done')),
      worker: () => toolTurn({ name: 'echo', input: { text: 'x' } }),
    });
    const events = await run({ model, toolbox: await kitchen(), gate: new WorkerBreakingGate() });

    expect(toolResultsOf(model.requests.at(-1))[0]).toMatchObject({
      is_error: true,
      content: expect.stringContaining('the worker gate fell off its hinges'),
    });
    expect(ofType(events, 'agent-end').map((event) => event.stopReason)).toEqual(['error', 'end_turn']);
  });

  it('tells the model when delegation pays, that workers run in parallel, report a summary and cannot hire', () => {
    const tool = createSpawnAgentTool();
    expect(tool.description).toContain('many independent pieces');
    expect(tool.description).toContain('run in parallel');
    expect(tool.description).toContain('a short summary, not a transcript');
    expect(tool.description).toContain("Workers can't hire workers.");
    expect(tool.inputSchema).toMatchObject({
      required: ['task'],
      properties: { task: { type: 'string' }, name: { type: 'string' } },
    });
  });

  it('says it runs only inside runAgentLoop when called without a live run', async () => {
    const tool = createSpawnAgentTool();
    const { context } = createRecordingContext();
    expect(await tool.run({ task: 'x' }, context)).toEqual({
      isError: true,
      content: 'spawn_agent runs only inside runAgentLoop, which hands it the live run.',
    });
  });
});
