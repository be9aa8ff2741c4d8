import { describe, expect, it } from 'vitest';
import type { LoopEvent } from '../loop-event.js';
import type { Model } from '../model.js';
import { runAgentLoop } from '../run-agent-loop.js';
import { createSpawnAgentTool } from '../spawn-agent.js';
import { connectInMemory } from '../testing/connect-in-memory.js';
import { collectEvents } from '../testing/recording-context.js';
import { ScriptedModel, textTurn, toolTurn } from '../testing/scripted-model.js';
import { teamModel } from '../testing/team-model.js';
import { buildTestServer, createObservations } from '../testing/test-server.js';

// A limit well past what the first turns need on a loaded machine; what is asserted is the
// outcome and its order, never how long anything took.
const WALL_TIME_MS = 3_000;
const FOREVER_MS = 3_600_000;

const ofType = <Type extends LoopEvent['type']>(events: LoopEvent[], type: Type) =>
  events.filter((event): event is Extract<LoopEvent, { type: Type }> => event.type === type);

async function runUntilDeadline(model: Model, task: string) {
  const observations = createObservations();
  const toolbox = await connectInMemory({ pantry: buildTestServer('pantry', observations) });
  toolbox.addLocalTool(createSpawnAgentTool());
  try {
    const events = await collectEvents(
      runAgentLoop({
        messages: [{ role: 'user', content: task }],
        model,
        toolbox,
        seatbelts: { maxWallTimeMs: WALL_TIME_MS },
      }),
    );
    return { events, observations };
  } finally {
    await toolbox.close();
  }
}

// Each test mostly waits out its 3 s limit, on its own toolbox and model: side by side.
describe.concurrent('the wall-time limit reaches work in flight', () => {
  it('ends a model call that never answers, then reports what the tool results established', {
    timeout: 60_000,
  }, async () => {
    const model = new ScriptedModel([
      toolTurn({ name: 'echo', input: { text: 'jar 7 has a broken seal' } }),
      { text: 'Now I will discard every jar.', delayMs: FOREVER_MS },
    ]);
    const { events } = await runUntilDeadline(model, 'Check jar 7.');

    expect(model.requests[1]?.signal?.aborted).toBe(true);
    const done = ofType(events, 'done')[0];
    expect(done).toMatchObject({ stopReason: 'seatbelt', limit: { limit: 'maxWallTimeMs', value: WALL_TIME_MS } });
    // The findings, then why: the wall-time limit's own sentence closes the report.
    expect(done?.finalText).toBe(
      'What the tool results established (1 of 1 calls):\n' +
        '- echo text jar 7 has a broken seal: pantry says jar 7 has a broken seal\n' +
        'Stopped: the run reached 3 s of wall time, its limit.',
    );
    expect(done?.finalText).not.toContain('discard');
    expect(events.map((event) => event.type).slice(-2)).toEqual(['agent-end', 'done']);
  });

  it('ends a model that ignores its signal altogether', { timeout: 60_000 }, async () => {
    const deaf: Model = { id: 'deaf', label: 'deaf model', complete: () => new Promise(() => {}) };
    const { events } = await runUntilDeadline(deaf, 'Check jar 7.');
    expect(ofType(events, 'done')[0]).toMatchObject({
      stopReason: 'seatbelt',
      limit: { limit: 'maxWallTimeMs' },
      finalText: 'Nothing established. Stopped: the run reached 3 s of wall time, its limit.',
    });
  });

  it('reaches workers: a hanging model call and a hanging tool call both end, and each worker reports what it established', {
    timeout: 60_000,
  }, async () => {
    const model = teamModel({
      main: (_request, turn) =>
        turn === 0
          ? toolTurn(
              { name: 'spawn_agent', input: { task: 'Shelf one.', name: 'one' } },
              { name: 'spawn_agent', input: { task: 'Shelf two.', name: 'two' } },
            )
          : textTurn('unreached'),
      worker: (_request, turn, task) => {
        if (turn === 0) return toolTurn({ name: 'echo', input: { text: `${task.slice(0, 9)} checked` } });
        return task.startsWith('Shelf one')
          ? { text: 'I will check the next shelf.', delayMs: FOREVER_MS }
          : toolTurn({ name: 'sleep', input: { ms: FOREVER_MS, label: 'shelf two' } });
      },
    });
    const { events, observations } = await runUntilDeadline(model, 'Check two shelves.');

    const ends = ofType(events, 'agent-end');
    expect(ends.map((end) => end.stopReason)).toEqual(['seatbelt', 'seatbelt', 'seatbelt']);
    expect(ends.map((end) => end.agent).at(-1)).toBe('main');
    const workerReports = ends.filter((end) => end.agent !== 'main').map((end) => end.finalText);
    expect(workerReports).toEqual(
      expect.arrayContaining([
        expect.stringContaining('pantry says Shelf one checked'),
        expect.stringContaining('pantry says Shelf two checked'),
      ]),
    );
    for (const report of workerReports) expect(report).not.toContain('I will check');
    expect(observations.cancelled).toEqual(['shelf two']);
    // The main agent's report holds what its workers established.
    const done = ofType(events, 'done')[0];
    expect(done?.finalText).toContain('pantry says Shelf one checked');
    expect(done?.finalText).toContain('pantry says Shelf two checked');
    expect(done).toMatchObject({ stopReason: 'seatbelt', limit: { limit: 'maxWallTimeMs' } });
  });
});
