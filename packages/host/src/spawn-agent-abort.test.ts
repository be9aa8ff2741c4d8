import { describe, expect, it } from 'vitest';
import type { LoopEvent } from './loop-event.js';
import { runAgentLoop } from './run-agent-loop.js';
import { createSpawnAgentTool } from './spawn-agent.js';
import { collectEvents } from './testing/recording-context.js';
import { textTurn, toolTurn } from './testing/scripted-model.js';
import { serveOverHttp } from './testing/serve-over-http.js';
import { teamModel } from './testing/team-model.js';
import { buildTestServer, createObservations } from './testing/test-server.js';
import { Toolbox } from './toolbox.js';

function ofType<Type extends LoopEvent['type']>(
  events: LoopEvent[],
  type: Type,
): Array<Extract<LoopEvent, { type: Type }>> {
  return events.filter((event): event is Extract<LoopEvent, { type: Type }> => event.type === type);
}

describe('aborting a run with workers', () => {
  it('reaches every worker and every in-flight call over real HTTP within 200 ms, and closes every lane', {
    timeout: 10_000,
  }, async () => {
    const observations = createObservations();
    const server = await serveOverHttp(() => buildTestServer('pantry', observations));
    const remote = await Toolbox.connect([{ name: 'pantry', url: server.url }]);
    remote.addLocalTool(createSpawnAgentTool());
    try {
      const model = teamModel({
        main: (_request, turn) =>
          turn === 0
            ? toolTurn(...[1, 2, 3].map((shelf) => ({ name: 'spawn_agent', input: { task: `Stew ${shelf}.` } })))
            : textTurn('unreached'),
        worker: (_request, _turn, task) => toolTurn({ name: 'sleep', input: { ms: 10_000, label: task.slice(0, 6) } }),
      });
      const controller = new AbortController();
      let abortedAt = 0;
      const watch = setInterval(() => {
        if (observations.started.length === 3 && abortedAt === 0) {
          abortedAt = performance.now();
          controller.abort();
        }
      }, 2);
      const events = await collectEvents(
        runAgentLoop({
          messages: [{ role: 'user', content: 'Stew three pots.' }],
          model,
          toolbox: remote,
          signal: controller.signal,
        }),
      ).finally(() => clearInterval(watch));
      const ended = performance.now() - abortedAt;
      while (observations.cancelled.length < 3 && performance.now() - abortedAt < 200)
        await new Promise((resolve) => setTimeout(resolve, 2));
      const cancelledWithin = performance.now() - abortedAt;

      expect(abortedAt).toBeGreaterThan(0);
      expect(ended).toBeLessThan(200);
      expect(observations.cancelled.sort()).toEqual(['Stew 1', 'Stew 2', 'Stew 3']);
      expect(cancelledWithin).toBeLessThan(200);
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
});
