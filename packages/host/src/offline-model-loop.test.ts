import { describe, expect, it } from 'vitest';
import type { DoneEvent, LoopEvent } from './loop-event.js';
import { OfflineModel } from './offline-model.js';
import { runAgentLoop } from './run-agent-loop.js';
import { createSpawnAgentTool } from './spawn-agent.js';
import { expectedAudit, FakeJarKitchen, generateJars, tamperedLines } from './testing/fake-jar-kitchen.js';
import { Toolbox } from './toolbox.js';

/** The offline model driven by the real agent loop; the fabricated jars are served as local tools. */
async function runKitchen(
  task: string,
  options: { size: number; spawn: boolean; maxIterations?: number },
): Promise<{ done: DoneEvent; events: LoopEvent[]; jars: ReturnType<typeof generateJars> }> {
  const jars = generateJars(3, options.size);
  const kitchen = new FakeJarKitchen(jars);
  const toolbox = await Toolbox.fromTransports([]);
  for (const spec of kitchen.tools()) {
    toolbox.addLocalTool({
      name: spec.name,
      description: spec.description,
      inputSchema: spec.input_schema,
      run: async (input) => kitchen.execute(spec.name, input),
    });
  }
  if (options.spawn) toolbox.addLocalTool(createSpawnAgentTool());
  const events: LoopEvent[] = [];
  try {
    const loop = runAgentLoop({
      messages: [{ role: 'user', content: task }],
      model: new OfflineModel(),
      toolbox,
      ...(options.maxIterations !== undefined ? { maxIterations: options.maxIterations } : {}),
    });
    for await (const event of loop) events.push(event);
  } finally {
    await toolbox.close();
  }
  const done = events.find((event): event is DoneEvent => event.type === 'done');
  if (done === undefined) throw new Error('the loop ended without a done event');
  return { done, events, jars };
}

describe('the offline model in the real agent loop', () => {
  it('audits 80 jars alone and with workers, to the same correct report, spending fewer tokens with workers', async () => {
    const task = 'Inspect all 80 cookie jars and report which ones were tampered with, and why';
    const alone = await runKitchen(task, { size: 80, spawn: false });
    const team = await runKitchen(task, { size: 80, spawn: true });
    const truth = expectedAudit(
      alone.jars,
      alone.jars.map((jar) => jar.id),
    );
    for (const { done } of [alone, team]) {
      expect(done.stopReason).toBe('end_turn');
      expect(tamperedLines(done.finalText)).toEqual(truth.tampered);
    }
    expect(new Set(team.events.map((event) => event.agent)).size).toBe(5);
    expect(team.done.tokens).toBeLessThan(alone.done.tokens);
  }, 30_000);

  it("answers the loop's last-chance request with what it established and what it did not reach", async () => {
    const { done } = await runKitchen('check every jar', { size: 80, spawn: false, maxIterations: 3 });
    expect(done.stopReason).toBe('max_iterations');
    expect(done.finalText).toMatch(/^Partial audit of all 80 jars \(I ran out of room\)/);
    expect(done.finalText).toContain('Not reached (I ran out of room before inspecting them): jars 41-80.');
  }, 30_000);
});
