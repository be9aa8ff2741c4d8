// The spans a real run makes, caught by an in-memory exporter: the tree (main agent, its model and
// tool calls, workers under the spawn_agent call that hired them) and the GenAI attributes, errors
// included. Over the real cookie-jars server in memory.

import { connectInMemory, teamModel, textTurn, toolTurn } from '@kitchen/host/testing';
import { OFFLINE_MODEL_ID, OfflineModel } from '@kitchen/offline-model';
import { buildServer } from '@kitchen/server-cookie-jars';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { KitchenHost, type KitchenRunOptions } from '../kitchen-host.js';
import { demoTask } from '../kitchen-task.js';
import { createSpanTelemetry } from './otlp-export.js';

const JARS = 40;

async function spansOf(run: Omit<KitchenRunOptions, 'observe'>): Promise<ReadableSpan[]> {
  const exporter = new InMemorySpanExporter();
  const telemetry = createSpanTelemetry(new SimpleSpanProcessor(exporter));
  const host = await KitchenHost.connect({
    clientName: 'spans-test',
    openToolbox: (options) => connectInMemory({ 'cookie-jars': buildServer({ seed: 1729, jars: JARS }) }, options),
    spawnLimits: { maxDepth: 1, maxLiveWorkers: 4 },
  });
  try {
    for await (const _event of host.run({ ...run, observe: telemetry.forRun }));
  } finally {
    await host.close();
  }
  const spans = exporter.getFinishedSpans();
  await telemetry.shutdown();
  return spans;
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const childrenOf = (spans: ReadableSpan[], parent: ReadableSpan) =>
  spans.filter((span) => parentOf(span) === parent.spanContext().spanId);
const named = (spans: ReadableSpan[], prefix: string) => spans.filter((span) => span.name.startsWith(prefix));

describe('OpenTelemetry spans from run events', () => {
  it('makes one tree: invoke_agent, chat and execute_tool spans, workers under their spawn_agent call', async () => {
    const spans = await spansOf({ task: demoTask(JARS), model: new OfflineModel() });

    const roots = spans.filter((span) => parentOf(span) === undefined);
    expect(roots.map((span) => span.name)).toEqual(['invoke_agent main']);
    const [main] = roots;
    if (main === undefined) throw new Error('no root span');
    expect(main.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'main',
      'gen_ai.request.model': OFFLINE_MODEL_ID,
      'kitchen.agent.stop_reason': 'end_turn',
    });
    // Every span belongs to the one trace.
    expect(new Set(spans.map((span) => span.spanContext().traceId)).size).toBe(1);

    const mainChats = named(childrenOf(spans, main), 'chat ');
    expect(mainChats.length).toBeGreaterThan(0);
    for (const chat of mainChats) {
      expect(chat.attributes['gen_ai.operation.name']).toBe('chat');
      expect(chat.attributes['gen_ai.request.model']).toBe(OFFLINE_MODEL_ID);
      expect(chat.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
      expect(chat.attributes['gen_ai.usage.output_tokens']).toBeGreaterThan(0);
      expect(chat.attributes['gen_ai.response.finish_reasons']).toEqual([
        expect.stringMatching(/^(end_turn|tool_use)$/),
      ]);
    }
    expect(mainChats.at(-1)?.attributes['gen_ai.response.finish_reasons']).toEqual(['end_turn']);

    const hires = named(childrenOf(spans, main), 'execute_tool spawn_agent');
    expect(hires.length).toBeGreaterThan(1);
    const workers = named(spans, 'invoke_agent ').filter((span) => span !== main);
    expect(workers).toHaveLength(hires.length);
    for (const hire of hires) {
      expect(hire.attributes).toMatchObject({
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'spawn_agent',
        'gen_ai.tool.type': 'function',
        'gen_ai.tool.call.id': expect.any(String),
      });
      const [worker, ...others] = named(childrenOf(spans, hire), 'invoke_agent ');
      expect(others).toEqual([]);
      if (worker === undefined) throw new Error(`no worker under ${hire.name}`);
      expect(worker.attributes['gen_ai.request.model']).toBe(OFFLINE_MODEL_ID);
      const work = childrenOf(spans, worker);
      expect(named(work, 'chat ').length).toBeGreaterThan(0);
      const tools = named(work, 'execute_tool ');
      expect(tools.length).toBeGreaterThan(0);
      for (const tool of tools) {
        expect(tool.attributes['gen_ai.tool.type']).toBe('extension');
        expect(tool.attributes['kitchen.server']).toBe('cookie-jars');
        expect(tool.status.code).not.toBe(2);
      }
      // A child lies inside its parent's time.
      expect(hire.startTime <= worker.startTime).toBe(true);
    }
  });

  it('marks a failing tool call and a failing model call as errors, up to the worker that failed', async () => {
    const model = teamModel({
      main: (_request, turn) =>
        turn === 0
          ? toolTurn({ name: 'spawn_agent', input: { task: 'Inspect jar 999.', name: 'baker' } })
          : textTurn('The worker failed.'),
      worker: (_request, turn) =>
        turn === 0
          ? toolTurn({ name: 'inspect_jar', input: { id: 999 } })
          : { error: new Error('the model is overloaded') },
    });
    const spans = await spansOf({ task: 'Inspect jar 999.', model });

    const [tool] = named(spans, 'execute_tool inspect_jar');
    expect(tool?.status.code).toBe(2);
    expect(tool?.attributes['error.type']).toBe('tool_error');
    expect(tool?.status.message).toMatch(/999/);

    const [worker] = named(spans, 'invoke_agent baker');
    expect(worker?.status).toMatchObject({ code: 2, message: expect.stringContaining('overloaded') });
    const failedCall = named(childrenOf(spans, worker as ReadableSpan), 'chat ').find((span) => span.status.code === 2);
    expect(failedCall?.attributes['error.type']).toEqual(expect.any(String));
    expect(failedCall?.attributes['gen_ai.usage.input_tokens']).toBeUndefined();

    const [hire] = named(spans, 'execute_tool spawn_agent');
    expect(hire?.status.code).toBe(2);
    const [main] = named(spans, 'invoke_agent main');
    expect(main?.status.code).not.toBe(2);
  });
});
