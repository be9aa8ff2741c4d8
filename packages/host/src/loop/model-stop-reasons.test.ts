import { describe, expect, it } from 'vitest';
import type { LoopEvent } from '../loop-event.js';
import { ModelApiError } from '../model/model-errors.js';
import type { Model } from '../model.js';
import { runAgentLoop } from '../run-agent-loop.js';
import { connectInMemory } from '../testing/connect-in-memory.js';
import { collectEvents } from '../testing/recording-context.js';
import { ScriptedModel, textTurn, toolTurn } from '../testing/scripted-model.js';
import { buildTestServer, createObservations } from '../testing/test-server.js';

async function runWith(model: Model): Promise<LoopEvent[]> {
  const toolbox = await connectInMemory({ pantry: buildTestServer('pantry', createObservations()) });
  try {
    return await collectEvents(
      runAgentLoop({ messages: [{ role: 'user', content: 'Check the jars.' }], model, toolbox, maxTokensPerCall: 300 }),
    );
  } finally {
    await toolbox.close();
  }
}

const ofType = <Type extends LoopEvent['type']>(events: LoopEvent[], type: Type) =>
  events.filter((event): event is Extract<LoopEvent, { type: Type }> => event.type === type);

describe("the model's own stop reason, kept and told", () => {
  it('marks a final answer cut at max_tokens as truncated, never as a complete report', async () => {
    const model = new ScriptedModel([
      toolTurn({ name: 'echo', input: { text: 'jar 1' } }),
      { text: 'Jar 1 is clean, jar 2 is', stopReason: 'max_tokens' },
    ]);
    const events = await runWith(model);
    const done = ofType(events, 'done')[0];
    expect(done).toMatchObject({ stopReason: 'max_tokens', modelStopReason: 'max_tokens', truncated: true });
    expect(done?.detail).toBe(
      "The model's answer was cut off at its limit of 300 output tokens, so this report is incomplete.",
    );
    // The cut answer keeps what the tools established before it, then says why it is incomplete.
    expect(done?.finalText).toBe(
      [
        'Jar 1 is clean, jar 2 is',
        '',
        'What the tool results established (1 of 1 calls):',
        '- echo text jar 1: pantry says jar 1',
        done?.detail,
      ].join('\n'),
    );
    expect(ofType(events, 'agent-end')[0]).toMatchObject({ stopReason: 'max_tokens', truncated: true });
    expect(ofType(events, 'usage').map((usage) => usage.stopReason)).toEqual(['tool_use', 'max_tokens']);
  });

  it('does not run a tool call the output limit may have cut, and tells the model why', async () => {
    const model = new ScriptedModel([
      {
        toolUses: [
          { name: 'echo', input: { text: 'whole' } },
          { name: 'echo', input: { text: 'cut' } },
        ],
        stopReason: 'max_tokens',
      },
      textTurn('Done.'),
    ]);
    const events = await runWith(model);
    // Results arrive as their calls end; toolu_1_1 is the whole call, toolu_1_2 the cut one.
    const results = ofType(events, 'tool-result').sort((left, right) => left.callId.localeCompare(right.callId));
    expect(results.map((result) => [result.isError, result.content])).toEqual([
      [false, 'pantry says whole'],
      [
        true,
        'Tool "echo" was not run: your reply was cut off at its limit of 300 output tokens while writing this call, so its input may be incomplete. Call it again, with less text before it.',
      ],
    ]);
    expect(ofType(events, 'done')[0]).toMatchObject({ stopReason: 'end_turn', toolCalls: 1 });
  });

  it('ends with refusal when the model declines, and says so', async () => {
    const events = await runWith(new ScriptedModel([{ text: 'I cannot help with that.', stopReason: 'refusal' }]));
    expect(ofType(events, 'done')[0]).toMatchObject({
      stopReason: 'refusal',
      modelStopReason: 'refusal',
      detail: 'The model declined to go on with the task (stop reason "refusal").',
    });
    expect(ofType(events, 'done')[0]?.truncated).toBeUndefined();
  });

  it('goes on with a paused turn (pause_turn) by sending the reply back, and joins both parts', async () => {
    const model = new ScriptedModel([{ text: 'Half of the ', stopReason: 'pause_turn' }, textTurn('answer.')]);
    const events = await runWith(model);
    expect(model.requests[1]?.messages.at(-1)).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'Half of the ' }],
    });
    expect(ofType(events, 'done')[0]).toMatchObject({
      stopReason: 'end_turn',
      modelStopReason: 'end_turn',
      finalText: 'Half of the answer.',
      iterations: 2,
    });
  });

  it('keeps stop_sequence as the model said it, and the run as done', async () => {
    const events = await runWith(new ScriptedModel([{ text: 'Done.', stopReason: 'stop_sequence' }]));
    expect(ofType(events, 'done')[0]).toMatchObject({ stopReason: 'end_turn', modelStopReason: 'stop_sequence' });
  });

  it('yields a model-retry event for each retry the model announces, before the call ends', async () => {
    const retrying: Model = {
      id: 'flaky',
      label: 'flaky model',
      async complete(request) {
        request.onRetry?.({ attempt: 1, maxRetries: 2, delayMs: 1200, code: 'model-overloaded', reason: 'Overloaded' });
        request.onRetry?.({ attempt: 2, maxRetries: 2, delayMs: 2400, code: 'model-overloaded', reason: 'Overloaded' });
        throw new ModelApiError('model-overloaded', 'The API is overloaded (529, still after retries).', {
          retryable: true,
        });
      },
    };
    const events = await runWith(retrying);
    expect(events.map((event) => event.type)).toEqual([
      'agent-start',
      'iteration-start',
      'model-retry',
      'model-retry',
      'agent-end',
      'done',
    ]);
    expect(ofType(events, 'model-retry')[1]).toMatchObject({
      agent: 'main',
      model: 'flaky model',
      attempt: 2,
      maxRetries: 2,
      delayMs: 2400,
      code: 'model-overloaded',
    });
    expect(ofType(events, 'done')[0]).toMatchObject({ stopReason: 'error', error: { code: 'model-overloaded' } });
  });
});
