import {
  estimateRequestTokens,
  estimateTokens,
  ModelAbortedError,
  type ModelRequest,
  type ToolSpec,
} from '@kitchen/host';
import { JarShelf } from '@kitchen/server-cookie-jars';
import { Pantry } from '@kitchen/server-pantry';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectKitchen, jarsFor, runKitchen } from '../test/kitchen.js';
import { OfflineModel } from './offline-model.js';

/** The cookie-jars server's real tool list, as the host offers it to a model. */
let jarTools: ToolSpec[] = [];
beforeAll(async () => {
  const toolbox = await connectKitchen(new JarShelf([]), new Pantry());
  jarTools = toolbox.specs();
  await toolbox.close();
});

function request(task: string, fields: Partial<ModelRequest> = {}): ModelRequest {
  return { messages: [{ role: 'user', content: task }], tools: jarTools, maxTokens: 4096, ...fields };
}

describe('OfflineModel', () => {
  it('is honest about what it is', () => {
    const model = new OfflineModel();
    expect(model.label).toBe('offline model');
    expect(model.id).toBe('offline');
  });

  it('gives the same response to the same request, every time', async () => {
    const model = new OfflineModel();
    const first = await model.complete(request('jars 12-30'));
    const second = await new OfflineModel().complete(request('jars 12-30'));
    expect(second).toEqual(first);
    const jars = jarsFor(4, 70);
    const runs = await Promise.all([1, 2].map(() => runKitchen('check every jar', { jars, spawnAgent: true, model })));
    expect(runs[1]?.finalText).toBe(runs[0]?.finalText);
  });

  it('asks for tools with unique ids and stop reason tool_use, and answers with end_turn', async () => {
    const model = new OfflineModel();
    const response = await model.complete(request('jars 1-5'));
    expect(response.stopReason).toBe('tool_use');
    const ids = response.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []));
    expect(new Set(ids).size).toBe(5);
    const run = await runKitchen('jars 1-5', { jars: jarsFor(1, 5), model });
    expect(run.finalText).toMatch(/^Audit of jars 1-5:/);
  });

  it('counts usage from the real request and response sizes', async () => {
    const model = new OfflineModel();
    const small = request('jars 1-3');
    const response = await model.complete(small);
    expect(response.usage).toEqual({
      inputTokens: estimateRequestTokens(small),
      outputTokens: estimateTokens(response.content),
    });
    const bigger = request('jars 1-3', { system: 'You are a careful cook. '.repeat(200) });
    const biggerResponse = await model.complete(bigger);
    expect(biggerResponse.usage.inputTokens).toBeGreaterThan(response.usage.inputTokens + 1_000);
    expect(response.model).toBe('offline');
  });

  it('takes the latency it was given', async () => {
    const model = new OfflineModel({ latencyMs: 60 });
    const started = performance.now();
    await model.complete(request('jars 1-3'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('stops waiting as soon as the call is aborted', async () => {
    const model = new OfflineModel({ latencyMs: 10_000 });
    const controller = new AbortController();
    const pending = model.complete(request('jars 1-3', { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    // Without the abort this would wait 10 s, past the test's own timeout.
    await expect(pending).rejects.toBeInstanceOf(ModelAbortedError);
  });

  it('refuses a call whose signal is already aborted', async () => {
    await expect(new OfflineModel().complete(request('jars 1-3', { signal: AbortSignal.abort() }))).rejects.toThrow(
      'The model call was aborted.',
    );
  });

  it('rejects nonsense options with a message naming the option', () => {
    expect(() => new OfflineModel({ latencyMs: -1 })).toThrow(/latencyMs/);
    expect(() => new OfflineModel({ batchSize: 0 })).toThrow(/batchSize/);
  });
});

describe('OfflineModel answering without tools (sampling)', () => {
  it('answers a one-line request in one line built from the input, saying it is the offline model', async () => {
    const response = await new OfflineModel().complete({
      messages: [
        {
          role: 'user',
          content:
            'Write a one-line review of this recipe: Caramelise 150 g sugar with 60 g butter, lay 6 halved apples in the pan, bake 30 min at 190 °C.',
        },
      ],
      maxTokens: 200,
    });
    const text = response.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    expect(text.split('\n')).toHaveLength(1);
    expect(text).toMatch(
      /^Offline model's answer \(no language model involved\): it is about caramelise, sugar, butter/,
    );
    expect(text).toContain('150 g, 60 g, 30 min, 190 °C');
    expect(response.stopReason).toBe('end_turn');
  });

  it('follows a first-line format the system prompt spells out, and says the choice is not a judgement', async () => {
    const response = await new OfflineModel().complete({
      system:
        'Answer in plain text: first a line "VERDICT: bake", "VERDICT: adjust" or "VERDICT: rethink", then up to five lines starting with "- ".',
      messages: [
        {
          role: 'user',
          content:
            'Critique this recipe for lemon tart:\n\nBlind-bake a case 15 min at 180 °C; whisk 4 eggs and 150 g sugar.',
        },
      ],
      maxTokens: 400,
    });
    const lines = (response.content[0]?.type === 'text' ? response.content[0].text : '').split('\n');
    expect(lines[0]).toBe('VERDICT: bake');
    expect(lines.slice(1).every((line) => line.startsWith('- '))).toBe(true);
    expect(lines[1]).toContain(
      'cannot judge or properly answer this (the first line is simply the first allowed answer)',
    );
  });

  it('stops at maxTokens like a real model would', async () => {
    const response = await new OfflineModel().complete({
      messages: [{ role: 'user', content: `Summarise: ${'butter and sugar '.repeat(50)}` }],
      maxTokens: 5,
    });
    expect(response.stopReason).toBe('max_tokens');
    expect(response.content[0]?.type === 'text' && response.content[0].text.length).toBe(20);
  });

  it('answers a question without tools politely instead of asking for tools', async () => {
    const tools: ToolSpec[] = [];
    const response = await new OfflineModel().complete({
      messages: [{ role: 'user', content: 'What is a macaron?' }],
      tools,
      maxTokens: 100,
    });
    expect(response.stopReason).toBe('end_turn');
    expect(response.content).toHaveLength(1);
  });
});
