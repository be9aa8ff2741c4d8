import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../errors.js';
import type { LoopEvent } from '../loop-event.js';
import { estimateRequestTokens, type ModelRequest } from '../model.js';
import { type RunAgentLoopOptions, runAgentLoop } from '../run-agent-loop.js';
import { createSpawnAgentTool } from '../spawn-agent.js';
import { connectInMemory } from '../testing/connect-in-memory.js';
import { collectEvents } from '../testing/recording-context.js';
import { type ScriptedTurn, textTurn, toolTurn } from '../testing/scripted-model.js';
import { isWorkerRequest, teamModel } from '../testing/team-model.js';
import { buildTestServer } from '../testing/test-server.js';
import type { Toolbox } from '../toolbox.js';
import { TreeBudget } from '../tree-budget.js';

let toolbox: Toolbox;
beforeAll(async () => {
  toolbox = await connectInMemory({ pantry: buildTestServer('pantry') });
  toolbox.addLocalTool(createSpawnAgentTool());
});
afterAll(async () => {
  await toolbox.close();
});

function run(options: Omit<RunAgentLoopOptions, 'messages' | 'toolbox'> & { toolbox?: Toolbox }): Promise<LoopEvent[]> {
  return collectEvents(
    runAgentLoop({ messages: [{ role: 'user', content: 'Audit the pantry.' }], toolbox, ...options }),
  );
}

function ofType<Type extends LoopEvent['type']>(
  events: LoopEvent[],
  type: Type,
): Array<Extract<LoopEvent, { type: Type }>> {
  return events.filter((event): event is Extract<LoopEvent, { type: Type }> => event.type === type);
}

/** Every lane that opened was closed. */
function expectEveryLaneClosed(events: LoopEvent[]): void {
  const opened = ofType(events, 'agent-start')
    .map((event) => event.agent)
    .sort();
  const closed = ofType(events, 'agent-end')
    .map((event) => event.agent)
    .sort();
  expect(closed).toEqual(opened);
}

const hire = (workers: number) =>
  toolTurn(
    ...Array.from({ length: workers }, (_, index) => ({
      name: 'spawn_agent',
      input: { task: `Shelf ${index + 1}.`, name: `shelf-${index + 1}` },
    })),
  );
const echoForever = (): ScriptedTurn => toolTurn({ name: 'echo', input: { text: 'another jar' } });

describe('one TreeBudget for the whole tree', () => {
  it('never spends a token past the cap, whatever the number of workers and their usage, and every lane ends', {
    timeout: 30_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 16 }),
        fc.integer({ min: 300, max: 30_000 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 4 }),
        async (workers, cap, fractions, workerTurns) => {
          const budget = new TreeBudget({ maxTokens: cap });
          let call = 0;
          // Usage never above the reservation (input estimate + maxTokens): the contract the cap rests on.
          const withUsage = (request: ModelRequest, turn: ScriptedTurn): ScriptedTurn => {
            const fraction = fractions[call++ % fractions.length] ?? 1;
            const input = estimateRequestTokens(request);
            return {
              ...turn,
              delayMs: call % 3,
              usage: {
                inputTokens: Math.floor(input * (0.5 + fraction / 2)),
                outputTokens: Math.floor(request.maxTokens * fraction),
              },
            };
          };
          const model = teamModel({
            main: (request, turn) =>
              withUsage(request, request.tools?.length && turn === 0 ? hire(workers) : textTurn('merged')),
            worker: (request, turn) =>
              withUsage(request, request.tools?.length && turn < workerTurns ? echoForever() : textTurn('shelf done')),
          });
          const events = await run({ model, budget, maxTokensPerCall: 200 });

          expect(budget.spentTokens).toBeLessThanOrEqual(cap);
          expect(budget.reservedTokens).toBe(0);
          expectEveryLaneClosed(events);
          expect(ofType(events, 'done')).toHaveLength(1);
          expect(ofType(events, 'done')[0]?.tokens).toBe(budget.spentTokens);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('gives a worker the budget refused a last chance, and its partial findings reach the parent', async () => {
    // Each agent's second call reserves from the input count its first call reported (2,900 and
    // 2,000 here), plus what was appended: neither fits, but a last chance without tools does.
    const budget = new TreeBudget({ maxTokens: 8_000 });
    const model = teamModel({
      main: (request, turn) =>
        turn === 0
          ? { ...hire(1), usage: { inputTokens: 2_900, outputTokens: 50 } }
          : {
              text: `main got: ${JSON.stringify(request.messages.at(-1)?.content)}`,
              usage: { inputTokens: 10, outputTokens: 10 },
            },
      worker: (request) =>
        request.tools?.length
          ? {
              text: 'Jar 1 is fine.',
              toolUses: [{ name: 'echo', input: { text: 'jar 2' } }],
              usage: { inputTokens: 2_000, outputTokens: 500 },
            }
          : { text: 'Established: jar 1 fine. Not reached: jars 2-20.', usage: { inputTokens: 300, outputTokens: 40 } },
    });
    const events = await run({ model, budget, maxTokensPerCall: 1_000 });

    const worker = ofType(events, 'agent-end').find((event) => event.agent === '1');
    expect(worker).toMatchObject({
      stopReason: 'budget',
      finalText:
        'Established: jar 1 fine. Not reached: jars 2-20.\n\n' +
        'What the tool results established (1 of 1 calls):\n- echo text jar 2: pantry says jar 2\n' +
        'I ran out of token budget before I could finish.',
    });
    expect(budget.spentTokens).toBeLessThanOrEqual(8_000);
    expect(model.requests.filter((request) => isWorkerRequest(request) && request.tools?.length === 0)).toHaveLength(1);
    // The main agent then finds the budget spent too, and still ends with a report.
    expect(ofType(events, 'done')[0]).toMatchObject({ stopReason: 'budget', finalText: expect.any(String) });
    expect(ofType(events, 'done')[0]?.finalText).not.toBe('');
  });
});

describe('seatbelts for the whole run', () => {
  it('stops every agent at maxToolCalls, counting the calls of all lanes together', async () => {
    const model = teamModel({
      main: (_request, turn) => (turn === 0 ? hire(3) : textTurn('unreached')),
      worker: echoForever,
    });
    const events = await run({ model, seatbelts: { maxToolCalls: 10 } });

    const message = 'Stopped: the run made 10 tool calls, its limit.';
    expect(ofType(events, 'done')[0]).toMatchObject({
      stopReason: 'seatbelt',
      detail: message,
      limit: { limit: 'maxToolCalls', value: 10, spent: 10 },
    });
    const ends = ofType(events, 'agent-end');
    expect(ends.map((event) => event.stopReason)).toEqual(['seatbelt', 'seatbelt', 'seatbelt', 'seatbelt']);
    for (const end of ends) expect(end.finalText).toContain(message);
    const ran = ofType(events, 'tool-result').filter(
      // A worker's report names the calls it was refused; only a refusal starts with the tool's name.
      (event) => !event.content.startsWith('Tool "echo" was not run: the run reached its limit of 10 tool calls'),
    );
    expect(ran).toHaveLength(10);
    expect(ofType(events, 'done')[0]?.toolCalls).toBe(10);
  });

  it('stops every agent at maxWallTimeMs', async () => {
    const model = teamModel({
      main: (_request, turn) => (turn === 0 ? hire(2) : textTurn('unreached')),
      worker: () => ({ ...echoForever(), delayMs: 30 }),
    });
    const events = await run({ model, seatbelts: { maxWallTimeMs: 150 } });

    expect(ofType(events, 'done')[0]).toMatchObject({
      stopReason: 'seatbelt',
      detail: expect.stringMatching(/^Stopped: the run reached 150 ms of wall time, its limit\.$/),
      limit: { limit: 'maxWallTimeMs', value: 150 },
    });
    expect(ofType(events, 'agent-end').map((event) => event.stopReason)).toEqual(['seatbelt', 'seatbelt', 'seatbelt']);
  });

  it('refuses a bad seatbelt before the run starts, naming the field', async () => {
    const model = teamModel({ main: () => textTurn('unused'), worker: () => textTurn('unused') });
    await expect(run({ model, seatbelts: { maxToolCalls: 0 } })).rejects.toThrow(ConfigurationError);
    await expect(run({ model, seatbelts: { maxToolCalls: 0 } })).rejects.toThrow(
      'maxToolCalls must be a whole number, 1 or more (got 0)',
    );
    expect(model.requests).toHaveLength(0);
  });
});
