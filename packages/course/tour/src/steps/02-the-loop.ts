// Step 2: the loop. Messages in, events out: one task on the offline model, every event printed.

import { OfflineModel } from '@kitchen/offline-model';
import { describeEvent, finalText, openKitchen, runToEnd } from '../tour-kitchen.js';
import type { TourOutput, TourStep } from '../tour-step.js';

export const theLoop: TourStep = {
  number: 2,
  title: 'The loop: messages in, events out',
  async run(out: TourOutput) {
    const toolbox = await openKitchen({ jars: 3 });
    try {
      const task = 'Check jars 1-3 for tampering.';
      out.say(`One user message in: ${JSON.stringify(task)}. The events that come out, in order:`);
      out.say();
      const events = await runToEnd({
        messages: [{ role: 'user', content: task }],
        model: new OfflineModel(),
        toolbox,
      });
      for (const event of events) out.say(`  ${describeEvent(event)}`);
      const iterations = events.filter((event) => event.type === 'iteration-start').length;
      out.say();
      out.say(`${events.length} events, ${iterations} iterations: one model call each, plus the tools it asked for.`);
      out.say('The tools of one turn run at once; the loop ends with agent-end and done. The final text:');
      out.say();
      out.say(finalText(events).replace(/^/gm, '  '));
    } finally {
      await toolbox.close();
    }
    out.say();
    out.see('packages/host/src/run-agent-loop.ts', 'export async function* runAgentLoop', 'the loop');
    out.see('packages/host/src/run-agent-loop.ts', 'export const MAX_ITERATIONS', 'bounded by a named constant');
    out.see('docs/loop.md', '## In pseudo-code', 'the same loop in pseudo-code');
    out.see('packages/host/src/loop-event.ts', 'export type LoopEvent', 'the events: plain objects');
  },
};
