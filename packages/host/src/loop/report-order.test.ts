// Every ending's report reads in one order: what the agent found (its own words, then what the tool
// results established, in words), then what was not done or not reached, then why it stopped.

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { AgentTree } from '../limits/agent-tree.js';
import type { LoopEvent } from '../loop-event.js';
import { type RunAgentLoopOptions, runAgentLoop } from '../run-agent-loop.js';
import { createSpawnAgentTool } from '../spawn-agent.js';
import { connectInMemory } from '../testing/connect-in-memory.js';
import { ScriptedModel, type ScriptedTurn, textTurn, toolTurn } from '../testing/scripted-model.js';
import { teamModel } from '../testing/team-model.js';
import { buildTestServer } from '../testing/test-server.js';
import { TreeBudget } from '../tree-budget.js';

const FOUND = '- pantry__echo text jar 7 has a broken seal: pantry says jar 7 has a broken seal';
const NOT_DONE =
  'Not done or not reached (1 call):\n- cellar__fail: Tool "cellar__fail" on server "cellar" reported an error: the jar is stuck';
/** One call that answers and one that fails, in the same turn. */
const CHECK = toolTurn(
  { name: 'pantry__echo', input: { text: 'jar 7 has a broken seal' } },
  { name: 'cellar__fail', input: {} },
);

type Done = Extract<LoopEvent, { type: 'done' }>;

async function run(
  options: Omit<RunAgentLoopOptions, 'messages' | 'toolbox'>,
  during?: (event: LoopEvent, servers: Record<string, McpServer>) => void | Promise<void>,
): Promise<Done> {
  const servers = { pantry: buildTestServer('pantry'), cellar: buildTestServer('cellar') };
  // Two servers that offer the same tools: the model sees them namespaced, pantry__echo and cellar__fail.
  const toolbox = await connectInMemory(servers);
  toolbox.addLocalTool(createSpawnAgentTool());
  try {
    let done: Done | undefined;
    for await (const event of runAgentLoop({
      messages: [{ role: 'user', content: 'Check jar 7.' }],
      toolbox,
      ...options,
    })) {
      if (event.type === 'done') done = event;
      await during?.(event, servers);
    }
    if (done === undefined) throw new Error('the run ended without done');
    return done;
  } finally {
    await toolbox.close();
  }
}

/** Each part is in the report, after the one before it. */
function expectInOrder(report: string, parts: string[]): void {
  let from = 0;
  for (const part of parts) {
    const at = report.indexOf(part, from);
    expect(at, `"${part}" after position ${from} in:\n${report}`).toBeGreaterThanOrEqual(from);
    from = at + part.length;
  }
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);

describe('every ending reports the findings, then what was not done, then why it stopped', () => {
  it('done: the answer is the report, with nothing added', async () => {
    const done = await run({ model: new ScriptedModel([CHECK, textTurn('Jar 7 has a broken seal.')]) });
    expect(done).toMatchObject({ stopReason: 'end_turn', finalText: 'Jar 7 has a broken seal.' });
  });

  it('refusal: the words, the findings, what failed, then that the model declined', async () => {
    const model = new ScriptedModel([CHECK, { text: 'I will not go on.', stopReason: 'refusal' }]);
    const done = await run({ model });
    expect(done.stopReason).toBe('refusal');
    expectInOrder(done.finalText, ['I will not go on.', FOUND, NOT_DONE, done.detail ?? '?']);
    expect(lastLine(done.finalText)).toBe(done.detail);
  });

  it('max_tokens: the cut words, the findings, what failed, then that the answer was cut off', async () => {
    const model = new ScriptedModel([CHECK, { text: 'Jar 7 has a', stopReason: 'max_tokens' }]);
    const done = await run({ model, maxTokensPerCall: 300 });
    expect(done).toMatchObject({ stopReason: 'max_tokens', truncated: true });
    expectInOrder(done.finalText, ['Jar 7 has a', FOUND, NOT_DONE]);
    expect(lastLine(done.finalText)).toBe(
      "The model's answer was cut off at its limit of 300 output tokens, so this report is incomplete.",
    );
  });

  it('budget: the findings, what failed, then that the budget ran out', async () => {
    // Its last chance brings no words (only a tool call, which it cannot make): the tool results report.
    const model = new ScriptedModel(() => ({ ...CHECK, usage: { inputTokens: 17_000, outputTokens: 900 } }));
    const done = await run({ model, budget: new TreeBudget({ maxTokens: 20_000 }), maxTokensPerCall: 1_000 });
    expect(done.stopReason).toBe('budget');
    expect(done.finalText).toBe(
      [
        'What the tool results established (1 of 2 calls):',
        FOUND,
        NOT_DONE,
        'I ran out of token budget before I could finish.',
      ].join('\n'),
    );
  });

  it('max_iterations: the last-chance words add to the findings, then what failed, then the limit', async () => {
    const model = new ScriptedModel((request) =>
      request.tools?.length ? CHECK : textTurn('Jar 7: broken seal. Jar 8 not reached.'),
    );
    const done = await run({ model, maxIterations: 2 });
    expect(done.stopReason).toBe('max_iterations');
    expectInOrder(done.finalText, ['Jar 7: broken seal. Jar 8 not reached.', FOUND, NOT_DONE]);
    expect(lastLine(done.finalText)).toBe('I reached the iteration limit before I could finish.');
  });

  it('a limit of the whole run: the findings, what failed, then the limit in its own words', async () => {
    const model = new ScriptedModel((request) => (request.tools?.length ? CHECK : textTurn('Jar 7: broken seal.')));
    const done = await run({ model, seatbelts: { maxToolCalls: 2 } });
    expect(done).toMatchObject({ stopReason: 'seatbelt', limit: { limit: 'maxToolCalls' } });
    expectInOrder(done.finalText, ['Jar 7: broken seal.', FOUND, NOT_DONE]);
    expect(lastLine(done.finalText)).toBe(done.detail);
  });

  it("a person's stop of the agent: its words, the findings, what failed, then that it was stopped", async () => {
    const tree = new AgentTree();
    const model = new ScriptedModel((request, turn) =>
      !request.tools?.length
        ? textTurn('Jar 7: broken seal, as far as I got.')
        : turn === 0
          ? CHECK
          : { text: 'Going on.', delayMs: 3_600_000 },
    );
    const done = await run({ model, tree }, (event) => {
      if (event.type === 'iteration-start' && event.iteration === 2) tree.stopAgent('main', 'the presenter stopped it');
    });
    expect(done).toMatchObject({ stopReason: 'aborted', stoppedBy: 'the presenter stopped it' });
    expectInOrder(done.finalText, ['Jar 7: broken seal, as far as I got.', FOUND, NOT_DONE]);
    expect(lastLine(done.finalText)).toBe('I was stopped before I could finish.');
  });

  it('a stop of the whole run: the findings, what failed, then who stopped it', async () => {
    const stop = new AbortController();
    const model = new ScriptedModel([CHECK, { text: 'Going on.', delayMs: 3_600_000 }]);
    const done = await run({ model, signal: stop.signal }, (event) => {
      if (event.type === 'iteration-start' && event.iteration === 2) stop.abort(new Error('interrupted by SIGHUP'));
    });
    expect(done).toMatchObject({ stopReason: 'aborted', stoppedBy: 'interrupted by SIGHUP' });
    expect(done.finalText).toBe(
      [
        'What the tool results established (1 of 2 calls):',
        FOUND,
        NOT_DONE,
        'The run was stopped before I could finish.',
      ].join('\n'),
    );
  });

  it('a dead server and a failed model: the findings, the call the dead server did not answer, then the failure', async () => {
    const model = new ScriptedModel([
      toolTurn({ name: 'pantry__echo', input: { text: 'jar 7 has a broken seal' } }),
      toolTurn({ name: 'cellar__echo', input: { text: 'jar 8' } }),
      { error: new Error('the model API went away') },
    ]);
    const done = await run({ model }, async (event, servers) => {
      if (event.type === 'tool-result' && event.tool === 'pantry__echo') await servers.cellar?.close();
    });
    expect(done.stopReason).toBe('error');
    expectInOrder(done.finalText, [
      'What the tool results established (1 of 2 calls):',
      FOUND,
      'Not done or not reached (1 call):\n- cellar__echo text jar 8: ',
      'the model API went away',
    ]);
    expect(lastLine(done.finalText)).toBe(done.detail);
  });

  it("a failed schema fix: the worker's report, its fix, then why neither was accepted", async () => {
    const reportSchema = { type: 'object', properties: { jar: { type: 'integer' } }, required: ['jar'] };
    const model = teamModel({
      main: (request, turn) =>
        turn === 0
          ? toolTurn({ name: 'spawn_agent', input: { task: 'Check jar 7.', name: 'seven' } })
          : textTurn(`Heard: ${JSON.stringify(request.messages.at(-1)?.content)}`),
      worker: (_request, turn): ScriptedTurn =>
        turn === 0 ? textTurn('Jar 7 has a broken seal.') : textTurn('{"jar": "seven"}'),
    });
    const servers = { pantry: buildTestServer('pantry') };
    const toolbox = await connectInMemory(servers);
    toolbox.addLocalTool(createSpawnAgentTool({ reportSchema }));
    try {
      const events: LoopEvent[] = [];
      for await (const event of runAgentLoop({ messages: [{ role: 'user', content: 'Check jar 7.' }], model, toolbox }))
        events.push(event);
      const worker = events.find((event) => event.type === 'agent-end' && event.agent !== 'main');
      expect(worker).toMatchObject({ stopReason: 'error' });
      const report = worker?.type === 'agent-end' ? worker.finalText : '';
      expectInOrder(report, ['Jar 7 has a broken seal.', 'Its attempt at a fix was: {"jar": "seven"}']);
      expect(lastLine(report)).toMatch(/^Not accepted: worker "seven" \(agent 1\) gave a report that does not fit/);
    } finally {
      await toolbox.close();
    }
  });
});
