// Tasks on revision 2026-07-28 (the tasks extension): the pastry chef's bake_batch, served by the
// server kit in-process, called through the host's own Toolbox over real HTTP on loopback. The
// call is answered with a task, its stages reach the lane, its result the caller, and a stopped
// call turns the oven off with tasks/cancel. Without the extension the same tool is a plain call.

import { serveMcp } from '@kitchen/server-kit';
import { buildServer as buildPastryChef } from '@kitchen/server-pastry-chef';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAgentLoop } from '../src/run-agent-loop.js';
import { collectEvents, createRecordingContext } from '../src/testing/recording-context.js';
import { ScriptedModel } from '../src/testing/scripted-model.js';
import { Toolbox } from '../src/toolbox.js';

describe('a long task on a 2026-07-28 server', { timeout: 30_000 }, () => {
  let served: Awaited<ReturnType<typeof serveMcp>>;
  let toolbox: Toolbox;
  beforeAll(async () => {
    // 20 ms a baking minute: a 10-minute batch bakes in 0.2 s, in 4 stages.
    served = await serveMcp({
      name: 'pastry-chef',
      buildServer: () => buildPastryChef({ bakeMillisecondsPerMinute: 20, bakeSteps: 4 }),
      log: { level: 'silent' },
    });
    toolbox = await Toolbox.connect([
      { name: 'chef', url: served.url, protocol: '2026-07-28' },
      { name: 'old-chef', url: served.url, protocol: '2025-11-25' },
    ]);
  });
  afterAll(async () => {
    await toolbox?.close();
    await served?.close();
  });

  it('runs bake_batch as a task: its stages in the lane, its result to the caller', async () => {
    expect(toolbox.era('chef')).toBe('2026-07-28');
    const recorded = createRecordingContext({ callId: 'call-batch' });
    const outcome = await toolbox.call(
      'chef__bake_batch',
      { pastry: 'croissant', count: 12, minutes: 10 },
      recorded.context,
    );
    expect(outcome.isError).toBe(false);
    expect(JSON.parse(String(outcome.content))).toMatchObject({ baked: true, pastry: 'croissant', count: 12 });
    const statuses = recorded.events.filter((event) => event.type === 'task-status');
    expect(statuses[0]).toMatchObject({ callId: 'call-batch', server: 'chef', tool: 'bake_batch', status: 'working' });
    expect(statuses.at(-1)).toMatchObject({ status: 'completed' });
  });

  it('gives a run the batch as the tool result the model reads', async () => {
    const model = new ScriptedModel([
      {
        toolUses: [
          { name: 'chef__bake_batch', input: { pastry: 'madeleine', count: 24, minutes: 10 }, id: 'toolu_batch' },
        ],
      },
      { text: 'Baked.' },
    ]);
    const events = await collectEvents(
      runAgentLoop({ messages: [{ role: 'user', content: 'Bake 24 madeleines' }], model, toolbox }),
    );
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(events.filter((event) => event.type === 'task-status').at(-1)).toMatchObject({
      callId: 'toolu_batch',
      status: 'completed',
    });
    const toolResult = JSON.stringify(model.requests[1]?.messages.at(-1));
    expect(toolResult).toContain('toolu_batch');
    expect(toolResult).toContain('madeleine');
  });

  it('cancels the task when the call is stopped: the oven is off', async () => {
    const recorded = createRecordingContext({ callId: 'call-stopped' });
    const outcome = toolbox.call('chef__bake_batch', { pastry: 'brioche', count: 6, minutes: 180 }, recorded.context);
    while (!recorded.events.some((event) => event.type === 'task-status'))
      await new Promise((resolve) => setTimeout(resolve, 10));
    recorded.abort(new Error('stopped by the test'));
    const stopped = await outcome;
    expect(stopped.isError).toBe(true);
    // ext-tasks ends the task as cancelled only on the server's answer to tasks/cancel.
    expect(stopped.content).toContain('The task was cancelled before it finished.');
  });

  it('calls the other tools as before on the same server: progress and input_required', async () => {
    const recorded = createRecordingContext({ callId: 'call-bake' });
    const baked = await toolbox.call('chef__bake', { minutes: 5 }, recorded.context);
    expect(baked.isError).toBe(false);
    expect(recorded.events.filter((event) => event.type === 'progress').length).toBeGreaterThan(0);
  });

  it('bakes the batch as a plain call with progress on 2025-11-25, where the chef runs no tasks', async () => {
    const recorded = createRecordingContext({ callId: 'call-old' });
    const outcome = await toolbox.call(
      'old-chef__bake_batch',
      { pastry: 'éclair', count: 3, minutes: 10 },
      recorded.context,
    );
    expect(outcome.isError).toBe(false);
    expect(JSON.parse(String(outcome.content))).toMatchObject({ baked: true, pastry: 'éclair' });
    expect(recorded.events.some((event) => event.type === 'task-status')).toBe(false);
  });
});
