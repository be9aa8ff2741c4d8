import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { AgentTree } from './limits/agent-tree.js';
import type { LoopEvent } from './loop-event.js';
import { runAgentLoop } from './run-agent-loop.js';
import { createSpawnAgentTool } from './spawn-agent.js';
import { textTurn, toolTurn } from './testing/scripted-model.js';
import { serveOverHttp } from './testing/serve-over-http.js';
import { teamModel } from './testing/team-model.js';
import { buildTestServer, createObservations } from './testing/test-server.js';
import { Toolbox } from './toolbox.js';

/** Polls until the condition holds; the test's timeout bounds the wait. */
async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await delay(2);
}

function ofType<Type extends LoopEvent['type']>(
  events: LoopEvent[],
  type: Type,
): Array<Extract<LoopEvent, { type: Type }>> {
  return events.filter((event): event is Extract<LoopEvent, { type: Type }> => event.type === type);
}

describe('aborting a run with workers', () => {
  it('reaches every worker and every in-flight call over real HTTP, and closes every lane', {
    timeout: 20_000,
  }, async () => {
    const observations = createObservations();
    const server = await serveOverHttp(() => buildTestServer('pantry', observations));
    const remote = await Toolbox.connect([{ name: 'pantry', url: server.url }]);
    remote.addLocalTool(createSpawnAgentTool());
    try {
      // Each worker's sleep outlasts the test's timeout: the run ends only if the abort reaches all three.
      const model = teamModel({
        main: (_request, turn) =>
          turn === 0
            ? toolTurn(...[1, 2, 3].map((shelf) => ({ name: 'spawn_agent', input: { task: `Stew ${shelf}.` } })))
            : textTurn('unreached'),
        worker: (_request, _turn, task) => toolTurn({ name: 'sleep', input: { ms: 60_000, label: task.slice(0, 6) } }),
      });
      const controller = new AbortController();
      const events: LoopEvent[] = [];
      for await (const event of runAgentLoop({
        messages: [{ role: 'user', content: 'Stew three pots.' }],
        model,
        toolbox: remote,
        signal: controller.signal,
      })) {
        events.push(event);
        // Abort once all three sleeps are announced and the server has started each of them.
        const sleeps = ofType(events, 'tool-call').filter((call) => call.tool === 'sleep').length;
        if (sleeps === 3 && !controller.signal.aborted) {
          await waitUntil(() => observations.started.length === 3);
          controller.abort();
        }
      }
      // notifications/cancelled reaches the server after the run has ended; wait for all three.
      await waitUntil(() => observations.cancelled.length === 3);

      expect(controller.signal.aborted).toBe(true);
      expect(observations.cancelled.sort()).toEqual(['Stew 1', 'Stew 2', 'Stew 3']);
      expect(
        ofType(events, 'tool-result')
          .filter((result) => result.tool === 'sleep')
          .map((result) => result.content),
      ).not.toContainEqual(expect.stringContaining('slept'));
      expect(
        ofType(events, 'agent-end')
          .map((event) => event.agent)
          .sort(),
      ).toEqual(
        ofType(events, 'agent-start')
          .map((event) => event.agent)
          .sort(),
      );
      expect(ofType(events, 'agent-end').map((event) => event.stopReason)).toEqual([
        'aborted',
        'aborted',
        'aborted',
        'aborted',
      ]);
      expect(ofType(events, 'done')[0]).toMatchObject({ stopReason: 'aborted' });
    } finally {
      await remote.close();
      await server.close();
    }
  });
  it('stops one worker by itself: its call is cancelled, it reports what it established, and the run goes on', {
    timeout: 20_000,
  }, async () => {
    const observations = createObservations();
    const server = await serveOverHttp(() => buildTestServer('pantry', observations));
    const remote = await Toolbox.connect([{ name: 'pantry', url: server.url }]);
    remote.addLocalTool(createSpawnAgentTool());
    try {
      const model = teamModel({
        main: (request, turn) =>
          turn === 0
            ? toolTurn(...[1, 2].map((pot) => ({ name: 'spawn_agent', input: { task: `Stew ${pot}.` } })))
            : textTurn(`Heard back: ${JSON.stringify(request.messages.at(-1)?.content)}`),
        // Pot 1 sleeps past the test's timeout, so only the stop can end it; pot 2 finishes.
        worker: (request, turn, task) =>
          (request.tools ?? []).length === 0
            ? textTurn(`Established before the stop: ${task.slice(0, 6)} was on the stove.`)
            : turn === 0
              ? toolTurn({
                  name: 'sleep',
                  input: { ms: task.startsWith('Stew 1') ? 60_000 : 10, label: task.slice(0, 6) },
                })
              : textTurn(`${task.slice(0, 6)} is done.`),
      });
      const tree = new AgentTree();
      const events: LoopEvent[] = [];
      for await (const event of runAgentLoop({
        messages: [{ role: 'user', content: 'Stew two pots.' }],
        model,
        toolbox: remote,
        tree,
      })) {
        events.push(event);
        if (event.type === 'tool-call' && event.tool === 'sleep' && event.input['label'] === 'Stew 1') {
          await waitUntil(() => observations.started.includes('Stew 1'));
          expect(tree.stopAgent('1', 'the presenter stopped it')).toBe(true);
        }
      }
      await waitUntil(() => observations.cancelled.length === 1);
      expect(observations.cancelled).toEqual(['Stew 1']);
      const ends = ofType(events, 'agent-end');
      expect(ends.find((end) => end.agent === '1')).toMatchObject({
        stopReason: 'aborted',
        stoppedBy: expect.any(String),
      });
      // Its own words first, then what was not done: the call the stop cancelled.
      const stopped = ends.find((end) => end.agent === '1')?.finalText ?? '';
      expect(stopped).toMatch(/^Established before the stop: Stew 1 was on the stove\.\n\n/);
      expect(stopped).toMatch(/Not done or not reached \(1 call\):\n- sleep ms 60000, label Stew 1: /);
      expect(ends.find((end) => end.agent === '2')).toMatchObject({ stopReason: 'end_turn' });
      // The parent reads the stopped worker's report as its tool result, not an error.
      const reports = ofType(events, 'tool-result').filter((result) => result.tool === 'spawn_agent');
      expect(reports.map((result) => [result.isError, result.content])).toContainEqual([false, stopped]);
      expect(ofType(events, 'done')[0]).toMatchObject({ stopReason: 'end_turn' });
      expect(tree.stopAgent('1')).toBe(false);
    } finally {
      await remote.close();
      await server.close();
    }
  });
});
