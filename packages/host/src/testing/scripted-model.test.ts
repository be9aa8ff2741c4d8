import { describe, expect, it } from 'vitest';
import { ScriptedModel, textTurn, toolTurn } from './scripted-model.js';

const request = (text: string) => ({ messages: [{ role: 'user' as const, content: text }], maxTokens: 100 });

describe('ScriptedModel', () => {
  it('serves its turns in order and records each request it saw', async () => {
    const model = new ScriptedModel([toolTurn({ name: 'list_jars' }), textTurn('done')]);
    const first = await model.complete(request('one'));
    const second = await model.complete(request('two'));

    expect(first).toMatchObject({
      stopReason: 'tool_use',
      model: 'scripted',
      content: [{ type: 'tool_use', id: 'toolu_1_1', name: 'list_jars', input: {} }],
    });
    expect(second).toMatchObject({ stopReason: 'end_turn', content: [{ type: 'text', text: 'done' }] });
    expect(model.requests.map((seen) => seen.messages[0]?.content)).toEqual(['one', 'two']);
    expect(first.usage.inputTokens).toBeGreaterThan(0);
  });

  it('answers from a function of the request', async () => {
    const model = new ScriptedModel((seen, turn) =>
      textTurn(`turn ${turn} heard ${String(seen.messages[0]?.content)}`),
    );
    expect((await model.complete(request('hello'))).content).toEqual([{ type: 'text', text: 'turn 0 heard hello' }]);
  });

  it('throws a scripted error, and says when the script has run out', async () => {
    const model = new ScriptedModel([{ error: new Error('rate limited') }]);
    await expect(model.complete(request('a'))).rejects.toThrow('rate limited');
    await expect(model.complete(request('b'))).rejects.toThrow('ScriptedModel has no turn 2: the script has 1 turns.');
  });
});
