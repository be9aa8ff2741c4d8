// What spawn_agent's worker options do, shown on real hires: a worker's model arguments and the
// three tool policies (inherit, list, restrict), read off the requests each worker's model received.

import { createSpawnAgentTool, type ModelRequest, runAgentLoop, type WorkerToolPolicy } from '@kitchen/host';
import { collectEvents, ScriptedModel } from '@kitchen/host/testing';
import { oneLine, openKitchen } from '../tour-kitchen.js';
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
  await showOwnModelAndReportSchema(out);
}

const REPORT_SCHEMA = {
  type: 'object',
  properties: { jar: { type: 'integer' }, tampered: { type: 'boolean' } },
  required: ['jar', 'tampered'],
};

/**
 * `model` and `reportSchema` on one real hire: the worker's requests go to its own model, and
 * its first report (prose) is sent back once with the problem named before the head cook reads it.
 */
async function showOwnModelAndReportSchema(out: TourOutput): Promise<void> {
  const toolbox = await openKitchen({ jars: 3 });
  try {
    const workerModel = new ScriptedModel(
      (_request, turn) => ({ text: turn === 0 ? 'Jar 1 looks fine to me.' : '{"jar":1,"tampered":false}' }),
      { id: 'cheap-model', label: 'a cheaper model' },
    );
    toolbox.addLocalTool(createSpawnAgentTool({ model: workerModel, reportSchema: REPORT_SCHEMA }));
    const headCook = new ScriptedModel((request) =>
      request.messages.length === 1
        ? { toolUses: [{ name: 'spawn_agent', input: { task: 'Look at jar 1.' } }] }
        : { text: 'done' },
    );
    const events = await collectEvents(
      runAgentLoop({ model: headCook, toolbox, messages: [{ role: 'user', content: 'Hire one worker.' }] }),
    );
    const sentBack = workerModel.requests[1]?.messages.at(-1)?.content;
    const read = events.find((event) => event.type === 'tool-result' && event.tool === 'spawn_agent');
    out.say(`  model: ${workerModel.label} → the worker's ${workerModel.requests.length} requests went to it;`);
    out.say(`    the head cook's model got ${headCook.requests.length} requests, both its own`);
    out.say(`  reportSchema ${JSON.stringify(REPORT_SCHEMA)}`);
    out.say(
      `    → first report "Jar 1 looks fine to me." sent back once: ${JSON.stringify(oneLine(String(sentBack ?? ''), 70))}`,
    );
    out.say(`    → the head cook read: ${read?.type === 'tool-result' ? read.content : '(nothing)'}`);
  } finally {
    await toolbox.close();
  }
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
