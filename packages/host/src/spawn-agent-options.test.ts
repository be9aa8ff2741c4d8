// spawn_agent's worker options through real runs over an in-memory server: a worker model priced
// as itself, a structured report (fixed once, or failing in words), and a tool policy.

import { afterEach, describe, expect, it } from 'vitest';
import type { LoopEvent } from './loop-event.js';
import { DEFAULT_PRICES, priceCents } from './model/price-table.js';
import { runAgentLoop } from './run-agent-loop.js';
import { createSpawnAgentTool, type SpawnAgentOptions, workerTools } from './spawn-agent.js';
import { connectInMemory } from './testing/connect-in-memory.js';
import { collectEvents } from './testing/recording-context.js';
import { textTurn, toolTurn } from './testing/scripted-model.js';
import { type TeamStep, teamModel } from './testing/team-model.js';
import { buildTestServer } from './testing/test-server.js';
import type { Toolbox } from './toolbox.js';
import { TreeBudget } from './tree-budget.js';

const opened: Toolbox[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((toolbox) => toolbox.close()));
});

async function kitchen(spawn: SpawnAgentOptions): Promise<Toolbox> {
  const toolbox = await connectInMemory({ pantry: buildTestServer('pantry') });
  toolbox.addLocalTool(createSpawnAgentTool(spawn));
  opened.push(toolbox);
  return toolbox;
}

const hireOne: TeamStep = (_request, turn) =>
  turn === 0 ? toolTurn({ name: 'spawn_agent', input: { task: 'Echo jar 7.', name: 'baker' } }) : textTurn('Done.');

function results(events: LoopEvent[], agent: string): Array<Extract<LoopEvent, { type: 'tool-result' }>> {
  return events.filter(
    (event): event is Extract<LoopEvent, { type: 'tool-result' }> =>
      event.type === 'tool-result' && event.agent === agent,
  );
}

describe('worker options', () => {
  it('runs workers on their own model, priced as that model and charged to the same tree budget', async () => {
    const budget = new TreeBudget({ maxTokens: 100_000 });
    const main = teamModel({ main: hireOne, worker: () => textTurn('wrong model') }, { id: 'claude-sonnet-5-5' });
    const cheap = teamModel(
      {
        main: () => textTurn('wrong model'),
        worker: (_request, turn) =>
          turn === 0 ? toolTurn({ name: 'echo', input: { text: 'jar 7' } }) : textTurn('jar 7: fine'),
      },
      { id: 'claude-haiku-4-5' },
    );
    const toolbox = await kitchen({ model: cheap, modelArguments: { maxTokens: 512, temperature: 0.2 } });
    const events = await collectEvents(
      runAgentLoop({ messages: [{ role: 'user', content: 'Check jar 7.' }], model: main, toolbox, budget }),
    );
    const usage = events.filter((event) => event.type === 'usage');
    const workerUsage = usage.filter((event) => event.agent === '1');
    expect(workerUsage.map((event) => event.model)).toEqual(['claude-haiku-4-5', 'claude-haiku-4-5']);
    for (const event of usage) expect(event.costCents).toBeCloseTo(priceCents(DEFAULT_PRICES, event.model, event), 10);
    expect(usage.filter((event) => event.agent === 'main').map((event) => event.model)).toEqual([
      'claude-sonnet-5-5',
      'claude-sonnet-5-5',
    ]);
    expect(cheap.requests.map((request) => [request.maxTokens, request.temperature])).toEqual([
      [512, 0.2],
      [512, 0.2],
    ]);
    const done = events.at(-1);
    expect(done).toMatchObject({ type: 'done', tokens: budget.spentTokens });
    expect(results(events, 'main')[0]?.content).toBe('jar 7: fine');
  });

  const reportSchema = {
    type: 'object',
    properties: { jar: { type: 'integer' }, tampered: { type: 'boolean' } },
    required: ['jar', 'tampered'],
  };

  it('asks once for a report that does not fit the schema, and hands back the fixed one', async () => {
    const model = teamModel({
      main: hireOne,
      worker: (request, turn) => {
        expect(JSON.stringify(request.messages[0])).toContain('fits this JSON Schema');
        if (turn === 0) return textTurn('jar 7 looks fine to me');
        expect(request.tools ?? []).toEqual([]);
        return textTurn('{"jar": 7, "tampered": false}');
      },
    });
    const events = await collectEvents(
      runAgentLoop({
        messages: [{ role: 'user', content: 'Check jar 7.' }],
        model,
        toolbox: await kitchen({ reportSchema }),
      }),
    );
    expect(results(events, 'main')[0]).toMatchObject({ isError: false, content: '{"jar": 7, "tampered": false}' });
    expect(events.filter((event) => event.type === 'agent-end' && event.agent === '1')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'agent-start' && event.agent === '1')).toHaveLength(1);
  });

  it('fails in words when the fixed report still breaks the schema', async () => {
    const model = teamModel({
      main: hireOne,
      worker: (_request, turn) => textTurn(turn === 0 ? 'jar 7 looks fine' : '{"jar": "seven"}'),
    });
    const events = await collectEvents(
      runAgentLoop({
        messages: [{ role: 'user', content: 'Check jar 7.' }],
        model,
        toolbox: await kitchen({ reportSchema }),
      }),
    );
    const [result] = results(events, 'main');
    expect(result?.isError).toBe(true);
    // The report it gave first, then its fix, then why neither was accepted.
    expect(result?.content).toMatch(
      /^jar 7 looks fine\n\nIts attempt at a fix was: \{"jar": "seven"\}\n\nNot accepted: worker "baker" \(agent 1\) gave a report that does not fit the report schema, even after being asked once to fix it \(jar: .*\)\.$/,
    );
    expect(events.find((event) => event.type === 'agent-end' && event.agent === '1')).toMatchObject({
      stopReason: 'error',
      iterations: 2,
    });
  });

  it('keeps a withheld tool from a restricted worker: not offered, and refused when named', async () => {
    const model = teamModel({
      main: hireOne,
      worker: (request, turn) => {
        if (turn === 0) {
          expect((request.tools ?? []).map((tool) => tool.name)).toEqual(['echo']);
          return toolTurn({ name: 'fail', input: {} });
        }
        return textTurn('could not');
      },
    });
    const toolbox = await kitchen({ tools: { kind: 'restrict', tools: ['echo'] } });
    const events = await collectEvents(
      runAgentLoop({ messages: [{ role: 'user', content: 'Check jar 7.' }], model, toolbox }),
    );
    const [refused] = results(events, '1');
    expect(refused).toMatchObject({ tool: 'fail', isError: true });
    expect(refused?.content).toBe('Tool "fail" is not offered to this agent. Its tools are: echo.');
  });

  it('gives workers the run’s tool policy when spawn_agent has none of its own, and its own when it has one', async () => {
    const offered: string[][] = [];
    const model = teamModel({
      main: hireOne,
      worker: (request) => {
        offered.push((request.tools ?? []).map((tool) => tool.name));
        return textTurn('ok');
      },
    });
    const task = { messages: [{ role: 'user' as const, content: 'Check jar 7.' }], model };
    await collectEvents(
      runAgentLoop({ ...task, toolbox: await kitchen({}), workerTools: { kind: 'restrict', tools: ['echo'] } }),
    );
    await collectEvents(
      runAgentLoop({
        ...task,
        toolbox: await kitchen({ tools: { kind: 'list', tools: ['fail'] } }),
        workerTools: { kind: 'restrict', tools: ['echo'] },
      }),
    );
    expect(offered).toEqual([['echo'], ['fail']]);
  });

  it('reads the three tool policies against the hiring agent’s tools', () => {
    expect(workerTools({ kind: 'inherit' }, undefined)).toBeUndefined();
    expect(workerTools({ kind: 'inherit' }, new Set(['echo']))).toEqual(['echo']);
    expect(workerTools({ kind: 'list', tools: ['fail'] }, new Set(['echo']))).toEqual(['fail']);
    expect(workerTools({ kind: 'restrict', tools: ['fail', 'echo'] }, new Set(['echo']))).toEqual(['echo']);
  });
});
