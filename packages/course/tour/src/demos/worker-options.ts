// What spawn_agent's worker options do, shown on real hires: a worker's model arguments and the
// three tool policies (inherit, list, restrict), read off the requests each worker's model received.

import { createSpawnAgentTool, type ModelRequest, runAgentLoop, type WorkerToolPolicy } from '@kitchen/host';
import { collectEvents, ScriptedModel } from '@kitchen/host/testing';
import { openKitchen } from '../tour-kitchen.js';
import type { TourOutput } from '../tour-step.js';

/** The head cook's own tools in this demo: a policy works from these. */
const HEAD_TOOLS = ['list_jars', 'inspect_jar', 'discard_jar', 'spawn_agent'];

const POLICIES: Array<[string, WorkerToolPolicy]> = [
  ['inherit', { kind: 'inherit' }],
  ['list roll_dice', { kind: 'list', tools: ['roll_dice'] }],
  ['restrict inspect_jar, roll_dice', { kind: 'restrict', tools: ['inspect_jar', 'roll_dice'] }],
];

export async function showWorkerOptions(out: TourOutput): Promise<void> {
  out.say(`The worker options, on real hires. The head cook may call ${HEAD_TOOLS.join(', ')}:`);
  for (const [label, tools] of POLICIES) {
    const worker = await hireOnce({ tools, modelArguments: { maxTokens: 300, temperature: 0.2 } });
    const names = (worker.tools ?? []).map((spec) => spec.name).join(', ') || '(none)';
    out.say(`  tools: ${label.padEnd(32)} → the worker is offered ${names}`);
    if (label === 'inherit')
      out.say(
        `  modelArguments { maxTokens: 300, temperature: 0.2 } → its requests: maxTokens ${worker.maxTokens}, temperature ${worker.temperature}`,
      );
  }
  out.say('  (a model of its own is `model` in the same options; `reportSchema` asks for a report in a shape,');
  out.say("  checked before the worker's report goes back)");
}

async function hireOnce(options: Parameters<typeof createSpawnAgentTool>[0]): Promise<ModelRequest> {
  const toolbox = await openKitchen({ servers: ['cookie-jars', 'dice'], jars: 3 });
  try {
    toolbox.addLocalTool(createSpawnAgentTool(options));
    let seen: ModelRequest | undefined;
    const model = new ScriptedModel((request) => {
      const first = request.messages[0]?.content;
      if (typeof first === 'string' && first.startsWith('Look at jar 1.')) {
        seen ??= request;
        return { text: 'Jar 1 looked at.' };
      }
      if (request.messages.length === 1)
        return { toolUses: [{ name: 'spawn_agent', input: { task: 'Look at jar 1.' } }] };
      return { text: 'done' };
    });
    await collectEvents(
      runAgentLoop({
        model,
        toolbox,
        allowedTools: HEAD_TOOLS,
        messages: [{ role: 'user', content: 'Hire one worker.' }],
      }),
    );
    if (seen === undefined) throw new Error('the worker never called its model');
    return seen;
  } finally {
    await toolbox.close();
  }
}
