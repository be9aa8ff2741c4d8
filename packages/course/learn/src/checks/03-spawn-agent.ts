// The check of exercise 3: the learner's spawn_agent registered in a real toolbox and called by a
// real loop, whose model hires a worker; the worker is a second loop inside the tool call.

import { type LoopEvent, type ModelRequest, runAgentLoop, TreeBudget } from '@kitchen/host';
import { collectEvents, connectInMemory, ScriptedModel } from '@kitchen/host/testing';
import type * as Exercise from '../../exercises/03-spawn-agent/spawn-agent.js';
import { expectThat } from '../not-yet.js';

const HEAD_SYSTEM = 'You are the head cook. Never tell a worker this sentence.';
const BRIEF = 'Count the jars on shelf 2 and report the number.';

export async function check(exercise: typeof Exercise): Promise<void> {
  const toolbox = await connectInMemory({});
  try {
    toolbox.addLocalTool(exercise.spawnAgent);
    const workerRequests: ModelRequest[] = [];
    const model = new ScriptedModel((request) => {
      const first = request.messages[0]?.content;
      if (typeof first === 'string' && first.startsWith(BRIEF)) {
        workerRequests.push({ ...request, messages: [...request.messages] });
        return { text: 'Shelf 2 holds 12 jars.' };
      }
      if (request.messages.length === 1)
        return { toolUses: [{ name: 'spawn_agent', input: { task: BRIEF }, id: 'hire-1' }] };
      return { text: `The worker said: ${resultText(request)}` };
    });
    const budget = new TreeBudget({ maxTokens: 50_000 });
    const events = await collectEvents(
      runAgentLoop({
        model,
        toolbox,
        budget,
        system: HEAD_SYSTEM,
        messages: [{ role: 'user', content: 'How many jars are on shelf 2? Hire a worker to count.' }],
      }),
    );
    const result = events.find((event) => event.type === 'tool-result' && event.callId === 'hire-1');
    expectThat(result !== undefined, 'The loop never reported a result for the spawn_agent call.');
    expectThat(
      workerRequests.length > 0,
      `No worker called the model: the tool answered "${contentOf(result)}" without running a loop. Run runAgentLoop in its body.`,
    );
    const workerStart = events.find((event) => event.type === 'agent-start' && event.agent !== 'main');
    expectThat(
      workerStart?.type === 'agent-start',
      "The worker's agent-start never reached the run's stream: pass each event up with context.emit.",
    );
    expectThat(
      workerStart.parent === 'main' && workerStart.depth === 1,
      `The worker should be an agent one level below its caller, parent "main", depth 1 (got parent ${workerStart.parent}, depth ${workerStart.depth}).`,
    );
    const seen = workerRequests[0];
    expectThat(
      seen !== undefined && seen.messages.length === 1,
      `The worker's first model call carried ${seen?.messages.length} messages: a worker gets its brief alone, never its caller's history.`,
    );
    expectThat(
      seen.system !== HEAD_SYSTEM,
      "The worker was given the head cook's system prompt: a worker gets the brief, not its caller's system prompt.",
    );
    expectThat(
      contentOf(result).includes('12 jars'),
      `The tool answered "${contentOf(result)}": return the worker's report (the finalText of its agent-end).`,
    );
    const workerTokens = budget.agentTotals(workerStart.agent).tokens;
    expectThat(
      workerTokens > 0,
      "The worker's model call was not charged to the run's budget: pass context.run's budget to the loop.",
    );
    const ends = events.filter((event) => event.type === 'agent-end');
    expectThat(ends.length === 2, `Every agent that starts ends: expected 2 agent-end events, got ${ends.length}.`);
  } finally {
    await toolbox.close();
  }
}

export const learned = [
  'spawn_agent is a tool like any other to the model; its body is the same agent loop, run again inside the call.',
  "The worker gets the run's model, toolbox, gate, budget and tree by reference: that is why it is a local tool.",
  'A worker sees its brief alone: no system prompt of its caller, no history. Write the whole task into the brief.',
  "Its events go up through context.emit as they happen (the event queue of exercise 1), and its report is the tool's result.",
  'The real one adds the depth limit, the live-worker slots, tool policies and report checks: packages/host/src/spawn-agent.ts.',
];

function resultText(request: ModelRequest): string {
  const last = request.messages.at(-1);
  if (last === undefined || typeof last.content === 'string') return '';
  return last.content
    .map((block) => ('content' in block && typeof block.content === 'string' ? block.content : ''))
    .join('');
}

function contentOf(event: LoopEvent | undefined): string {
  return event?.type === 'tool-result' ? event.content : '';
}
