// Tasks over stdio: @modelcontextprotocol/server-everything spawned by the host (its stdio mode),
// its task-required simulate-research-query offered to the model, run as a task on the same
// session to its result, and stopped with tasks/cancel reaching the server.

import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElicitationHandler } from '../src/elicitation-handler.js';
import type { LoopEventDraft } from '../src/loop-event.js';
import { runAgentLoop } from '../src/run-agent-loop.js';
import { collectEvents, createRecordingContext } from '../src/testing/recording-context.js';
import { ScriptedModel } from '../src/testing/scripted-model.js';
import { scriptedPerson } from '../src/testing/scripted-person.js';
import { Toolbox } from '../src/toolbox.js';
import { recordToolCall } from '../src/wire/recorded-tool-call.js';

const everythingEntry = fileURLToPath(
  new URL('../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);

describe('tasks on a server the host spawned (stdio, 2025-11-25)', () => {
  let toolbox: Toolbox;
  const logs: LoopEventDraft[] = [];

  beforeAll(async () => {
    toolbox = await Toolbox.connect(
      [{ name: 'everything', command: process.execPath, args: [everythingEntry, 'stdio'] }],
      {
        handlers: { elicitation: createElicitationHandler({ person: scriptedPerson({ forms: [] }) }) },
        emit: (event) => logs.push(event),
      },
    );
  }, 30_000);
  afterAll(() => toolbox?.close());

  it('offers the task-required tool and runs it as a task to its result, its status in the lane', async () => {
    expect(toolbox.era('everything')).toBe('2025-11-25');
    expect(toolbox.find('simulate-research-query')).toBeDefined();
    const recorded = createRecordingContext({ callId: 'call-task' });
    const outcome = await toolbox.call('simulate-research-query', { topic: 'croissants' }, recorded.context);
    expect(outcome.isError).toBe(false);
    expect(outcome.content).toContain('# Research Report: croissants');
    const statuses = recorded.events.filter((event) => event.type === 'task-status');
    expect(statuses[0]).toMatchObject({ callId: 'call-task', server: 'everything', status: 'working' });
    expect(statuses.some((event) => 'statusMessage' in event)).toBe(true);
    expect(statuses.at(-1)).toMatchObject({ status: 'completed' });
  }, 30_000);

  it('gives a run the task’s result as the tool result the model reads, its status in the lane', async () => {
    const model = new ScriptedModel([
      { toolUses: [{ name: 'simulate-research-query', input: { topic: 'macarons' }, id: 'toolu_task' }] },
      { text: 'Done.' },
    ]);
    const events = await collectEvents(
      runAgentLoop({ messages: [{ role: 'user', content: 'Research macarons' }], model, toolbox }),
    );
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(events.filter((event) => event.type === 'task-status').at(-1)).toMatchObject({
      callId: 'toolu_task',
      status: 'completed',
    });
    const toolResult = JSON.stringify(model.requests[1]?.messages.at(-1));
    expect(toolResult).toContain('toolu_task');
    expect(toolResult).toContain('# Research Report: macarons');
  }, 30_000);

  it('cancels the task on the server when the call is stopped', async () => {
    const recorded = createRecordingContext({ callId: 'call-stopped' });
    const outcome = toolbox.call('simulate-research-query', { topic: 'éclairs' }, recorded.context);
    while (!recorded.events.some((event) => event.type === 'task-status'))
      await new Promise((resolve) => setTimeout(resolve, 10));
    recorded.abort(new Error('stopped by the test'));
    const stopped = await outcome;
    expect(stopped.isError).toBe(true);
    expect(stopped.content).not.toContain('# Research Report');
    // The call ends "cancelled" only once the server acknowledged tasks/cancel (ext-tasks ends the
    // task's local lifetime on that answer); had the cancel not reached it, the report would follow.
    expect(stopped.content).toContain('The task was cancelled before it finished.');
  }, 30_000);

  it('runs a task-required tool called by hand as a task, its task messages among the session’s', async () => {
    const call = await recordToolCall(
      { name: 'everything', command: process.execPath, args: [everythingEntry, 'stdio'] },
      'simulate-research-query',
      { topic: 'brioche' },
      { timeoutMs: 20_000 },
    );
    expect(call.outcome.isError).toBe(false);
    expect(call.outcome.content).toContain('# Research Report: brioche');
    const sent = call.messages.flatMap(({ direction, message }) =>
      direction === 'out' && 'method' in message ? [message.method] : [],
    );
    expect(sent).toContain('tools/call');
    // Its status moves arrive as notifications/tasks/status; the result is collected with tasks/result.
    expect(sent.filter((method) => method.startsWith('tasks/'))).toContain('tasks/result');
    expect(JSON.stringify(call.messages)).toContain('"task":{');
  }, 30_000);
});
