import { describe, expect, it } from 'vitest';
import type { LoopEvent } from '../loop-event.js';
import type { ModelRequest, ToolResultBlock } from '../model.js';
import { type RunAgentLoopOptions, runAgentLoop } from '../run-agent-loop.js';
import { createSpawnAgentTool } from '../spawn-agent.js';
import { connectInMemory } from '../testing/connect-in-memory.js';
import { collectEvents } from '../testing/recording-context.js';
import { ScriptedModel, type ScriptedTurn, textTurn, toolTurn } from '../testing/scripted-model.js';
import { teamModel } from '../testing/team-model.js';
import { buildTestServer, createObservations } from '../testing/test-server.js';

const FINDING = 'pantry says jar 7 has a broken seal';
const check = toolTurn({ name: 'echo', input: { text: 'jar 7 has a broken seal' } });

/** What a careful model writes when asked for its report without tools: only what its tool results said. */
function reportFromResults(request: ModelRequest): ScriptedTurn {
  const results = request.messages.flatMap((message) =>
    typeof message.content === 'string'
      ? []
      : message.content.filter((block): block is ToolResultBlock => block.type === 'tool_result' && !block.is_error),
  );
  return textTurn(`Established: ${results.map((result) => result.content).join('; ')}.`);
}

async function run(options: Omit<RunAgentLoopOptions, 'messages' | 'toolbox'>): Promise<LoopEvent[]> {
  const toolbox = await connectInMemory({ pantry: buildTestServer('pantry', createObservations()) });
  toolbox.addLocalTool(createSpawnAgentTool());
  try {
    return await collectEvents(
      runAgentLoop({ messages: [{ role: 'user', content: 'Check jar 7.' }], toolbox, ...options }),
    );
  } finally {
    await toolbox.close();
  }
}

const done = (events: LoopEvent[]) =>
  events.find((event) => event.type === 'done') as Extract<LoopEvent, { type: 'done' }>;

describe('every limit and stop ends with what was established', () => {
  it('max iterations: the last-chance report, written from the tool results', async () => {
    const model = new ScriptedModel((request) => (request.tools?.length ? check : reportFromResults(request)));
    const events = await run({ model, maxIterations: 1 });
    expect(done(events)).toMatchObject({ stopReason: 'max_iterations' });
    // The model's report comes first; what the tool results established stays under it, then why.
    expect(done(events).finalText).toMatch(
      new RegExp(`^Established: ${FINDING}\\.\n\nWhat the tool results established \\(1 of 1 calls\\):\n`),
    );
    expect(done(events).finalText).toMatch(
      /- echo text jar 7 has a broken seal: pantry says jar 7 has a broken seal\nI reached the iteration limit before I could finish\.$/,
    );
  });

  it('max tool calls: the last-chance report, not the call the model wanted next', async () => {
    const model = new ScriptedModel((request, turn) =>
      !request.tools?.length
        ? reportFromResults(request)
        : turn === 0
          ? check
          : { text: 'Now I will discard jar 7.', toolUses: [{ name: 'echo', input: { text: 'again' } }] },
    );
    const events = await run({ model, seatbelts: { maxToolCalls: 1 } });
    expect(done(events)).toMatchObject({ stopReason: 'seatbelt', limit: { limit: 'maxToolCalls' } });
    expect(done(events).finalText).toMatch(new RegExp(`^Established: ${FINDING}\\.`));
    expect(done(events).finalText).not.toContain('discard');
  });

  it('a stop: the tool results, without another model call', async () => {
    const stop = new AbortController();
    const model = new ScriptedModel([
      check,
      () => {
        stop.abort();
        return { text: 'Now I will discard jar 7.', delayMs: 3_600_000 };
      },
    ]);
    const events = await run({ model, signal: stop.signal });
    expect(model.requests).toHaveLength(2);
    expect(done(events)).toMatchObject({ stopReason: 'aborted' });
    expect(done(events).finalText).toContain(`- echo text jar 7 has a broken seal: ${FINDING}`);
    expect(done(events).finalText).not.toContain('discard');
  });

  it('a worker that failed: its report holds what it established and why it failed, and the lead gets both', async () => {
    const model = teamModel({
      main: (request, turn) =>
        turn === 0
          ? toolTurn({ name: 'spawn_agent', input: { task: 'Check jar 7.', name: 'seven' } })
          : reportFromResults(request),
      worker: (_request, turn) => (turn === 0 ? check : { error: new Error('the model API went away') }),
    });
    const events = await run({ model });
    const worker = events.find((event) => event.type === 'agent-end' && event.agent !== 'main') as Extract<
      LoopEvent,
      { type: 'agent-end' }
    >;
    expect(worker.stopReason).toBe('error');
    expect(worker.finalText).toContain(FINDING);
    expect(worker.finalText).toContain('the model API went away');
    const handed = events.find((event) => event.type === 'tool-result' && event.tool === 'spawn_agent');
    expect(handed).toMatchObject({ isError: true, content: expect.stringContaining(FINDING) });
  });
});
