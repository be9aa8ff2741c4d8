// Exercise 3: make spawn_agent a tool whose body is the loop.
//
// A worker is not a new kind of thing: it is the same agent loop, run again, inside a tool call.
// The tool below is offered to the model like any other (a name, a description, a schema), but
// its body is missing. Write it:
//   - the live run arrives in `context.run` (the model, the toolbox, the gate, the budget, the
//     tree): run `runAgentLoop` with those, so the worker draws on the same budget and gate;
//   - the worker's only message is its brief: `{ role: 'user', content: task }`. No system
//     prompt of the parent's, no history: it sees nothing of its caller's conversation;
//   - it is an agent of its own: `agent: { id, name, parent: context.agent.id, depth:
//     context.agent.depth + 1, callId: context.callId }` (an id no other agent has), and
//     `tree: context.run.tree` so the run's seatbelts count its calls too;
//   - pass each event it yields up with `context.emit(event)`, so its lane shows live;
//   - its answer is the `finalText` of its `agent-end` event: return it as the tool's content.
// Run `pnpm learn 3`. The real one: packages/host/src/spawn-agent.ts (`runWorker`).

import { type LocalTool, runAgentLoop } from '@kitchen/host';

/** The loop, named here so the body you write can call it. */
export const loop = runAgentLoop;

export const spawnAgent: LocalTool = {
  name: 'spawn_agent',
  description: 'Hire a worker: a sub-agent with the same tools as you that does one task and reports back.',
  inputSchema: {
    type: 'object',
    properties: { task: { type: 'string', description: 'The full brief: what to do, on what, what to report.' } },
    required: ['task'],
  },
  delegates: true,
  needsLiveRun: true,
  async run(input, context) {
    void input;
    void context;
    return { isError: true, content: 'spawn_agent has no body yet.' };
  },
};
