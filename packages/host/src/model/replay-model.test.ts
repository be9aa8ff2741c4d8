import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../errors.js';
import { OfflineModel } from '../offline-model.js';
import { FakeJarKitchen, generateJars } from '../testing/fake-jar-kitchen.js';
import { ReplayExhaustedError } from './model-errors.js';
import { parseRecordedExchanges, RecordingModel, ReplayModel } from './replay-model.js';

describe('RecordingModel and ReplayModel', () => {
  it('replays a recorded run, workers included, to the same report', async () => {
    const jars = generateJars(17, 60);
    const recorder = new RecordingModel(new OfflineModel());
    const original = await new FakeJarKitchen(jars, { spawnAgent: true }).run(recorder, 'check every jar');
    const saved = recorder.exchanges.map((exchange) => JSON.stringify(exchange)).join('\n');

    const replay = new ReplayModel(parseRecordedExchanges(saved));
    expect(replay.label).toBe('replay of offline');
    const replayed = await new FakeJarKitchen(jars, { spawnAgent: true }).run(replay, 'check every jar');
    expect(replayed.finalText).toBe(original.finalText);
    expect(replayed.calls).toEqual(original.calls);
    expect(replay.remaining).toBe(0);
  });

  it('fails clearly when the run asks for more than the trace holds', async () => {
    const recorder = new RecordingModel(new OfflineModel());
    await recorder.complete({
      messages: [{ role: 'user', content: 'jars 1-2' }],
      tools: new FakeJarKitchen([]).tools(),
      maxTokens: 100,
    });
    const replay = new ReplayModel(recorder.exchanges);
    const next = replay.complete({
      messages: [
        { role: 'user', content: 'jars 1-2' },
        { role: 'assistant', content: [{ type: 'text', text: 'Inspecting.' }] },
        { role: 'user', content: 'go on' },
      ],
      maxTokens: 100,
    });
    await expect(next).rejects.toBeInstanceOf(ReplayExhaustedError);
    await expect(next).rejects.toThrow(
      'The replayed trace has no response for turn 2 of the conversation that starts "jars 1-2" (0 of 1 recorded responses served).',
    );
  });

  it('serves each recorded response once', async () => {
    const recorder = new RecordingModel(new OfflineModel());
    const request = { messages: [{ role: 'user' as const, content: 'What is a macaron?' }], maxTokens: 100 };
    const recorded = await recorder.complete(request);
    const replay = new ReplayModel(recorder.exchanges);
    await expect(replay.complete(request)).resolves.toEqual(recorded);
    await expect(replay.complete(request)).rejects.toBeInstanceOf(ReplayExhaustedError);
  });

  it('names the line of a trace file that is not a recorded exchange', () => {
    expect(() => parseRecordedExchanges('{"request": {}}')).toThrow(ConfigurationError);
    expect(() => parseRecordedExchanges('\n{"request": {}}')).toThrow(
      /^Trace line 2 is not a recorded exchange: request.messages: /,
    );
    expect(() => parseRecordedExchanges('not json')).toThrow(/^Trace line 1 is not JSON/);
  });
});
