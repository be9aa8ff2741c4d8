// Step 11: what a server offers besides tools — resources, prompts, log messages — and the
// protocol revision the kitchen speaks today.

import { createResourceTools, createSamplingHandler, type LoopEventDraft, Toolbox, TreeBudget } from '@kitchen/host';
import { createRecordingContext } from '@kitchen/host/testing';
import { startRevision2026Server } from '@kitchen/host/testing/revision-2026';
import { OfflineModel } from '@kitchen/offline-model';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { oneLine, openKitchen, runToEnd } from '../tour-kitchen.js';
import type { TourOutput, TourStep } from '../tour-step.js';

export const resourcesPromptsLogs: TourStep = {
  number: 11,
  title: 'Resources, prompts and logs; the protocol revision',
  async run(out: TourOutput) {
    const logs: LoopEventDraft[] = [];
    let era: string | undefined;
    const toolbox = await openKitchen({ jars: 12, emit: (event) => logs.push(event), logLevel: 'info' });
    try {
      for (const tool of createResourceTools(toolbox)) toolbox.addLocalTool(tool);
      const { context } = createRecordingContext();
      out.say('Resources: data a server offers to read. The model reaches them through two local tools:');
      const listed = await toolbox.call('list_resources', { server: 'cookie-jars' }, context);
      out.say(`  list_resources {"server":"cookie-jars"} → ${oneLine(listed.content, 110)}`);
      const uri = /- (jar:\/\/\d+)/.exec(listed.content)?.[1] ?? '';
      const read = await toolbox.call('read_resource', { server: 'cookie-jars', uri }, context);
      out.say(`  read_resource ${uri} → ${oneLine(read.content, 100)}`);
      out.say('  (a person gets the same from `kitchen resources cookie-jars`)');
      out.say();

      const features = toolbox.server('cookie-jars');
      const prompts = (await features?.listPrompts()) ?? [];
      out.say(
        `Prompts: templates a server offers to the person, not the model: ${prompts.map((prompt) => prompt.name).join(', ')}.`,
      );
      const prompt = await features?.getPrompt('audit_shelf', { shelf: 'A' });
      const firstText = prompt?.messages
        .map((message) => (message.content.type === 'text' ? message.content.text : ''))
        .join(' ');
      out.say(`  audit_shelf {"shelf":"A"} → ${oneLine(firstText ?? '', 110)}`);
      out.say('  (`kitchen prompts cookie-jars` lists them; `kitchen prompt` runs one as the task)');
      out.say();

      out.say("Logs: a server's notifications/message, shown as server-log events in the main lane.");
      await runToEnd({
        messages: [{ role: 'user', content: 'Check jars 1-12 for tampering.' }],
        model: new OfflineModel(),
        toolbox,
      });
      for (const event of logs)
        if (event.type === 'server-log')
          out.say(`  server-log ${event.server} ${event.level}: ${oneLine(event.text, 90)}`);
      era = toolbox.era('cookie-jars');
    } finally {
      await toolbox.close();
    }
    out.say();
    out.say(
      `The other era. Connected in memory, as in this tour, the cookie jars speak MCP revision ${LATEST_PROTOCOL_VERSION}:`,
    );
    out.say(
      `toolbox.era('cookie-jars') is ${era ?? 'unknown'}. Stateful sessions; servers push their requests while a call is open (step 8).`,
    );
    out.say('Revision 2026-07-28 makes servers stateless: a server asks by returning an input_required result,');
    out.say('and the host answers and retries the call. Over HTTP the example servers speak both, and the host');
    out.say('picks 2026-07-28. A 2026-only server (the v2 SDK, a fresh server per request):');
    await showTheNewEra(out);
    out.say();
    out.see('packages/host/src/resource-tools.ts', 'export function createResourceTools', 'the two local tools');
    out.see('packages/host/src/wire/server-features.ts', 'async getPrompt(', 'prompts, for the person');
    out.see('servers/cookie-jars/src/session-log.ts', 'export class SessionLog', "the server's log messages");
    out.see('packages/host/src/toolbox.ts', "type: 'server-log'", 'they become events');
    out.see('packages/host/src/wire/client-2026.ts', 'server/discover', 'the 2026-07-28 path');
    out.see(
      'packages/host/src/testing/revision-2026-server.ts',
      'inputRequired.createMessage',
      'a server asking, 2026 style',
    );
  },
};

/** The same sampling handler as step 8 answers a 2026-era server's input_required: priced, charged, told apart by `via`. */
async function showTheNewEra(out: TourOutput): Promise<void> {
  const server = await startRevision2026Server();
  const budget = new TreeBudget();
  let era: string | undefined;
  const toolbox = await Toolbox.connect([{ name: 'bakery', url: server.url }], {
    handlers: { sampling: createSamplingHandler({ model: new OfflineModel(), budget, defaultAction: 'allow' }) },
    onConnected: (_name, connected) => {
      era = connected;
    },
  });
  try {
    const { context, events } = createRecordingContext();
    const result = await toolbox.call('taste', {}, context);
    out.say(`  toolbox.era('bakery') is ${era ?? 'unknown'}`);
    for (const event of events) {
      if (event.type === 'sampling-request')
        out.say(`  sampling-request via ${event.via ?? 'push'}: the same handler, the same price as a pushed request`);
      if (event.type === 'sampling-response')
        out.say(
          `  sampling-response via ${event.via ?? 'push'}: ${event.inputTokens + event.outputTokens} tokens, charged to the host's budget`,
        );
    }
    out.say(`  taste → ${oneLine(result.content, 90)}`);
    out.say(`  the host's budget spent ${budget.spentTokens} tokens; the server never saw a key or the budget.`);
  } finally {
    await toolbox.close();
    await server.close();
  }
  out.say(
    "The kitchen's own servers speak both eras on one endpoint; the same pastry-chef request both ways, on the wire: pnpm tour 12 (kitchen wire).",
  );
  out.say(
    'Three replicas behind a load balancer, one killed mid-run, in both eras: pnpm --filter @kitchen/scale-out scale-out (docs/scaling-out.md).',
  );
}
