// Step 11: what a server offers besides tools — resources, prompts, log messages — and the
// protocol revision the kitchen speaks today.

import { createResourceTools, type LoopEventDraft } from '@kitchen/host';
import { createRecordingContext } from '@kitchen/host/testing';
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
      `The other era. The example servers speak MCP revision ${LATEST_PROTOCOL_VERSION}: toolbox.era('cookie-jars')`,
    );
    out.say(`is ${era ?? 'unknown'}. Stateful sessions; servers push their requests while a call is open (step 8).`);
    out.say('Revision 2026-07-28 makes servers stateless: they ask by returning input_required results');
    out.say('that the host answers and retries. The host already connects to an HTTP server that offers');
    out.say('2026-07-28, through the v2 client; example servers in both eras and the same request shown');
    out.say('both ways are the rest of the plan in issue 15, "Both eras of MCP", not done yet.');
    out.say();
    out.see('packages/host/src/resource-tools.ts', 'export function createResourceTools', 'the two local tools');
    out.see('packages/host/src/wire/server-features.ts', 'async getPrompt(', 'prompts, for the person');
    out.see('servers/cookie-jars/src/session-log.ts', 'export class SessionLog', "the server's log messages");
    out.see('packages/host/src/toolbox.ts', "type: 'server-log'", 'they become events');
    out.see('packages/host/src/wire/modern-server-client.ts', 'server/discover', 'the 2026-07-28 path');
  },
};
