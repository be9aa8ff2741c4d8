// Step 4: the gate. The server's annotations give the defaults, the host's rules come first, and
// a denial reaches the model as a tool result it reads and reports.

import { createSpawnAgentTool, Gate, parseRuleText, runAgentLoop, type Toolbox } from '@kitchen/host';
import { collectEvents, ScriptedModel, scriptedPerson } from '@kitchen/host/testing';
import { OfflineModel } from '@kitchen/offline-model';
import { describeEvent, finalText, openKitchen, runToEnd } from '../tour-kitchen.js';
import type { TourOutput, TourStep } from '../tour-step.js';

export const theGate: TourStep = {
  number: 4,
  title: 'The gate: annotations as defaults, rules, a denial the model reads',
  async run(out: TourOutput) {
    const toolbox = await openKitchen({ jars: 12 });
    try {
      // The person trusts the example servers (the repository's kitchen.config.json says "trust": true);
      // a server nobody trusts would ask before every tool's first call, whatever its annotations say.
      const trustedServers = toolbox.serverNames;
      const byAnnotations = new Gate({ trustedServers });
      out.say('No rules: the decision comes from the annotations each trusted server put on its tools.');
      for (const tool of toolbox.list()) {
        const decision = byAnnotations.decide(tool, {});
        out.say(
          `  ${tool.name.padEnd(12)} ${decision.kind.padEnd(9)} ${decision.kind === 'approved' ? (decision.reason ?? '') : decision.reason}`,
        );
      }
      const rules = [parseRuleText('deny:discard_jar', 'the tour'), parseRuleText('allow:reseal_jar', 'the tour')];
      const gate = new Gate({ rules, trustedServers });
      out.say();
      out.say('Rules "deny:discard_jar" and "allow:reseal_jar" come first; annotations are only defaults:');
      for (const name of ['discard_jar', 'reseal_jar', 'inspect_jar']) {
        const tool = toolbox.find(name);
        if (tool === undefined) continue;
        const decision = gate.decide(tool, {});
        out.say(`  ${name.padEnd(12)} ${decision.kind.padEnd(9)} ${decision.reason ?? ''}`);
      }
      const task = 'Discard the tampered jars among jars 1-12.';
      out.say();
      out.say(`A run under those rules: ${JSON.stringify(task)}`);
      const events = await runToEnd({
        messages: [{ role: 'user', content: task }],
        model: new OfflineModel(),
        toolbox,
        gate,
      });
      for (const event of events) {
        if (event.type === 'approval-response' && event.decision === 'denied')
          out.say(`  ${describeEvent(event)}  ${event.tool} denied by ${event.by}`);
        if (event.type === 'tool-result' && event.tool === 'discard_jar') out.say(`  ${describeEvent(event)}`);
      }
      out.say();
      out.say('The model read the denial as a tool result and says so in its report:');
      out.say(finalText(events).replace(/^/gm, '  '));
      out.say();
      await showTheSpawnIsNotGated(toolbox, out);
    } finally {
      await toolbox.close();
    }
    out.say();
    out.see('packages/host/src/gate.ts', 'decide(tool: ToolDescriptor', 'rules first, then annotations');
    out.see('packages/host/src/gate.ts', 'function decisionFromAnnotations', 'the annotations as defaults');
    out.see('servers/cookie-jars/src/build-server.ts', 'const READ_ONLY', 'the server only annotates');
  },
};

/**
 * One hire and one destructive call by the worker, through the gate of step 4: the person is asked
 * about the worker's discard_jar (in the worker's lane), never about the spawn_agent call itself.
 */
async function showTheSpawnIsNotGated(toolbox: Toolbox, out: TourOutput): Promise<void> {
  toolbox.addLocalTool(createSpawnAgentTool());
  const model = new ScriptedModel((request) => {
    const first = request.messages[0]?.content;
    const isWorker = typeof first === 'string' && first.startsWith('Discard jar 3.');
    if (request.messages.length === 1)
      return isWorker
        ? { toolUses: [{ name: 'discard_jar', input: { id: 3 } }] }
        : { toolUses: [{ name: 'spawn_agent', input: { task: 'Discard jar 3.', name: 'binner' } }] };
    return { text: isWorker ? 'Jar 3: asked, and the person said no.' : 'The worker reported.' };
  });
  const person = scriptedPerson({ approve: () => ({ approved: false, reason: 'not today' }) });
  const events = await collectEvents(
    runAgentLoop({
      model,
      toolbox,
      gate: new Gate({ person }),
      messages: [{ role: 'user', content: 'Have a worker discard jar 3.' }],
    }),
  );
  out.say('The head cook hires a worker to discard jar 3, with a person at the gate who says no:');
  for (const event of events) {
    if (event.type === 'approval-request') out.say(`  ${event.agent.padEnd(6)} approval-request  ${event.tool}`);
    if (event.type === 'approval-response')
      out.say(`  ${event.agent.padEnd(6)} approval-response ${event.tool}: ${event.decision} by ${event.by}`);
  }
  out.say(
    `  the person was asked ${person.approvals.length} time(s): about ${person.approvals.map((question) => ('tool' in question ? question.tool : question.kind)).join(', ')}`,
  );
  out.say("spawn_agent is the host's own tool, so the gate passes it by rule; the worker's calls go through");
  out.say('the same gate, one by one, in its own lane: hiring is not a way around a question.');
}
