// Step 3: several servers in one toolbox, and the tool list exactly as the model is sent it. A
// local tool (spawn_agent) has the same three fields as a server's tool: the model cannot tell.

import { createResourceTools, createSpawnAgentTool, type ModelRequest, runAgentLoop } from '@kitchen/host';
import { collectEvents, ScriptedModel } from '@kitchen/host/testing';
import { openKitchen } from '../tour-kitchen.js';
import type { TourOutput, TourStep } from '../tour-step.js';

export const whatTheModelSees: TourStep = {
  number: 3,
  title: 'Several servers, one toolbox: what the model actually sees',
  async run(out: TourOutput) {
    const toolbox = await openKitchen({ servers: ['cookie-jars', 'dice'], jars: 3 });
    try {
      toolbox.addLocalTool(createSpawnAgentTool());
      for (const tool of createResourceTools(toolbox)) toolbox.addLocalTool(tool);
      out.say(`Servers: ${toolbox.serverNames.join(', ')}. Local tools: ${toolbox.localToolCount}.`);
      out.say('The tool list as sent to the model (name, description, input_schema — nothing else):');
      out.say();
      for (const spec of toolbox.specs()) {
        const fields = Object.keys(spec.input_schema.properties ?? {}).join(', ');
        out.say(`  ${spec.name.padEnd(14)} (${fields})`);
      }
      const specs = toolbox.specs();
      const local = specs.find((spec) => spec.name === 'spawn_agent');
      const remote = specs.find((spec) => spec.name === 'roll_dice');
      out.say();
      out.say(`spawn_agent's keys: ${Object.keys(local ?? {}).join(', ')}`);
      out.say(`roll_dice's keys:   ${Object.keys(remote ?? {}).join(', ')}`);
      out.say();
      out.say("Same shape. Who owns a tool is the host's knowledge, kept in the toolbox, never sent:");
      for (const tool of toolbox.list())
        out.say(
          `  ${tool.name.padEnd(14)} ${tool.server === 'local' ? 'local: runs inside the host' : `server ${tool.server}`}`,
        );
      out.say();
      await showWhatEachReceives(toolbox, out);
    } finally {
      await toolbox.close();
    }
    out.say();
    out.see('packages/host/src/toolbox.ts', 'specs(options', 'what the model sees');
    out.see('packages/host/src/toolbox.ts', 'get localToolCount', 'the local tools stay counted');
    out.see(
      'packages/host/src/local-tools.ts',
      'export interface LocalTool',
      'a local tool: the same fields and a run()',
    );
  },
};

const HEAD_SYSTEM = 'You are the head cook of the kitchen.';

/**
 * A real loop whose model hires one worker: the requests it was sent are what the head cook and the
 * worker each received, printed as sent (descriptions and schemas included).
 */
async function showWhatEachReceives(toolbox: Parameters<typeof runAgentLoop>[0]['toolbox'], out: TourOutput) {
  const requests: ModelRequest[] = [];
  const model = new ScriptedModel((request) => {
    requests.push({ ...request, messages: [...request.messages] });
    const first = request.messages[0]?.content;
    if (typeof first === 'string' && first.startsWith('Roll two dice'))
      return { text: 'I did not roll: a short report.' };
    if (request.messages.length === 1)
      return { toolUses: [{ name: 'spawn_agent', input: { task: 'Roll two dice and report the sum.' } }] };
    return { text: 'done' };
  });
  await collectEvents(
    runAgentLoop({
      model,
      toolbox,
      system: HEAD_SYSTEM,
      messages: [{ role: 'user', content: 'Check jar 1, and have a worker roll two dice.' }],
    }),
  );
  const [head, worker] = requests;
  if (head === undefined || worker === undefined) throw new Error('the step expected two model requests');
  out.say("A real loop whose model hires one worker. The head cook's request carried these tools, as sent:");
  for (const spec of head.tools ?? []) out.say(`  ${JSON.stringify(spec)}`);
  out.say();
  const workerTools = (worker.tools ?? []).map((spec) => spec.name);
  const headSpecs = new Map((head.tools ?? []).map((spec) => [spec.name, JSON.stringify(spec)]));
  const same = (worker.tools ?? []).filter((spec) => headSpecs.get(spec.name) === JSON.stringify(spec)).length;
  out.say(`The worker's request carried ${workerTools.length} tools: ${workerTools.join(', ')}`);
  out.say(`  ${same} of ${workerTools.length} byte for byte as the head cook's (description and schema included)`);
  out.say('  (no spawn_agent: at the default depth a worker is not offered it)');
  out.say(`  its system prompt, the worker's own: ${JSON.stringify(worker.system ?? '')}`);
  out.say(`  the head cook's was: ${JSON.stringify(HEAD_SYSTEM)}`);
  out.say(`  its messages: ${worker.messages.length}, the brief alone:`);
  for (const line of String(worker.messages[0]?.content ?? '').split('\n')) out.say(`    ${line}`);
  out.say("  None of the head cook's system prompt or history: the brief is all a worker knows.");
}
