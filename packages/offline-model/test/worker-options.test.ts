// The worker options work offline: a report schema is met by offline workers from their findings,
// an offline lead reads a worker's report whatever model wrote it, and the two sentences that end
// every brief change what an offline worker hands back.

import { type LoopEvent, type Model, type ModelRequest, type ModelResponse, WORKER_BRIEF_ENDING } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OfflineModel } from '../src/offline-model.js';
import { expectedAudit, range, tamperedLines } from './jar-truth.js';
import { jarsFor, type KitchenRun, runKitchen } from './kitchen.js';

type AgentEndEvent = Extract<LoopEvent, { type: 'agent-end' }>;

const TASK = 'Inspect all 40 cookie jars and report which ones were tampered with, and why';
const jars = jarsFor(2024, 40);
const truth = expectedAudit(jars, range(1, 40));

const workerEnds = (run: KitchenRun) =>
  run.events.filter((event): event is AgentEndEvent => event.type === 'agent-end' && event.agent !== 'main');
const mainCalls = (run: KitchenRun, tool: string) =>
  run.calls.filter((call) => call.agent === 'main' && (call.name.split('__').at(-1) ?? call.name) === tool);

const reportSchema = {
  type: 'object',
  properties: {
    tamperedJars: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, reason: { type: 'string' } },
        required: ['id', 'reason'],
      },
    },
    cleanCount: { type: 'integer' },
  },
  required: ['tamperedJars', 'cleanCount'],
};

/** A worker that writes the way another model might: prose, not the offline model's format. */
class ProseWorker implements Model {
  readonly label = 'prose worker';
  readonly id = 'prose';
  readonly #inner = new OfflineModel();

  async complete(request: ModelRequest): Promise<ModelResponse> {
    const response = await this.#inner.complete(request);
    if (response.stopReason === 'tool_use') return response;
    const text = response.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
    const sentences = tamperedLines(text).map(({ id, reason }) => `Jar ${id} looks tampered: ${reason}.`);
    const prose = `I went through every jar in my slice.\n${sentences.join(' ')}\nAll the other jars were clean.`;
    return { ...response, content: [{ type: 'text', text: prose }] };
  }
}

describe('worker options, offline', () => {
  it('meets a report schema from the findings, and the lead merges the JSON reports', async () => {
    const run = await runKitchen(TASK, { jars, spawnAgent: true, workerOptions: { reportSchema } });
    expect(run.stopReason).toBe('end_turn');
    const ends = workerEnds(run);
    expect(ends.length).toBeGreaterThan(1);
    const fits = z.fromJSONSchema(reportSchema as Parameters<typeof z.fromJSONSchema>[0]);
    for (const end of ends) {
      expect(end.stopReason).toBe('end_turn');
      expect(fits.safeParse(JSON.parse(end.finalText)).success, end.finalText).toBe(true);
    }
    // Workers did the inspecting once: no worker ran on to the call limit, and the lead redid nothing.
    expect(run.calls.filter((call) => call.name === 'inspect_jar')).toHaveLength(40);
    expect(mainCalls(run, 'inspect_jar')).toEqual([]);
    expect(tamperedLines(run.finalText).map(({ id }) => id)).toEqual(truth.tampered.map(({ id }) => id));
  });

  it("reads another model's prose reports instead of redoing the workers' jars", async () => {
    const run = await runKitchen(TASK, { jars, spawnAgent: true, workerOptions: { model: new ProseWorker() } });
    expect(run.finalText).not.toMatch(/did not report/);
    expect(mainCalls(run, 'inspect_jar')).toEqual([]);
    expect(tamperedLines(run.finalText).map(({ id }) => id)).toEqual(truth.tampered.map(({ id }) => id));
    expect(run.finalText).toMatch(/^Audit of all 40 jars: \d+ tampered, \d+ clean\.$/m);
  });

  it('returns its transcript when the brief does not ask for a short report', async () => {
    const asked = await runKitchen(TASK, { jars, spawnAgent: true });
    const unasked = await runKitchen(TASK, { jars, spawnAgent: true, workerOptions: { briefEnding: '' } });
    for (const end of workerEnds(asked)) expect(end.finalText).not.toMatch(/Transcript/);
    for (const end of workerEnds(unasked)) expect(end.finalText).toMatch(/^Transcript of my work:\n1\. inspect_jar /);
    const size = (run: KitchenRun) => workerEnds(run).reduce((sum, end) => sum + end.finalText.length, 0);
    expect(size(unasked)).toBeGreaterThan(3 * size(asked));
    // The lead still finds the report at the end of each transcript.
    expect(tamperedLines(unasked.finalText)).toEqual(tamperedLines(asked.finalText));
  });

  it('reports what a stopped worker established only when the brief asks it to', async () => {
    const options = { jars, spawnAgent: true, maxIterations: 1 } as const;
    const asked = await runKitchen(TASK, options);
    const unasked = await runKitchen(TASK, {
      ...options,
      workerOptions: { briefEnding: WORKER_BRIEF_ENDING.replace(/ If you run out of room.*$/, '') },
    });
    for (const end of workerEnds(asked)) expect(end.finalText).toMatch(/^Partial audit of jars \d+-\d+/);
    for (const end of workerEnds(unasked)) expect(end.finalText).toBe('I stopped before I finished.');
  });
});
