import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../errors.js';
import type { ToolSpec } from '../model.js';
import { ScriptedModel, textTurn, toolTurn } from '../testing/scripted-model.js';
import { ReplayExhaustedError } from './model-errors.js';
import { parseRecordedExchanges, RecordingModel, ReplayModel } from './replay-model.js';

// A whole recorded run replayed, workers included, is tested with the offline model over the real
// servers in packages/offline-model (test/replay.test.ts).
const inspectJar: ToolSpec = {
  name: 'inspect_jar',
  description: 'Inspect one jar.',
  input_schema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
};

describe('RecordingModel and ReplayModel', () => {
  it('names the model it replays', async () => {
    const recorder = new RecordingModel(new ScriptedModel([textTurn('Done.')], { id: 'claude-test' }));
    await recorder.complete({ messages: [{ role: 'user', content: 'jars 1-2' }], maxTokens: 100 });
    expect(new ReplayModel(recorder.exchanges).label).toBe('replay of claude-test');
  });

  it('fails clearly when the run asks for more than the trace holds', async () => {
    const recorder = new RecordingModel(new ScriptedModel([toolTurn({ name: 'inspect_jar', input: { id: 1 } })]));
    await recorder.complete({
      messages: [{ role: 'user', content: 'jars 1-2' }],
      tools: [inspectJar],
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
    const recorder = new RecordingModel(new ScriptedModel([textTurn('A small almond meringue sandwich.')]));
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
