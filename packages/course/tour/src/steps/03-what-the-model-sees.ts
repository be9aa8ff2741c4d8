// Step 3: several servers in one toolbox, and the tool list exactly as the model is sent it. A
// local tool (spawn_agent) has the same three fields as a server's tool: the model cannot tell.

import { createResourceTools, createSpawnAgentTool } from '@kitchen/host';
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
