// Step 8: a server asks the host. Sampling (the host prices it, asks, runs its own model, charges
// its own budget), a form (elicitation), progress — and what the server never gets.

import type { ApprovalQuestion, Person } from '@kitchen/host';
import { TreeBudget } from '@kitchen/host';
import { OfflineModel } from '@kitchen/offline-model';
import { foldedStream, samplingBesideWorkers } from '../demos/sampling-on-the-queue.js';
import { oneLine, openKitchen, runToEnd } from '../tour-kitchen.js';
import type { TourOutput, TourStep } from '../tour-step.js';

type SamplingApproval = Extract<ApprovalQuestion, { kind: 'sampling' }>;

export const aServerAsks: TourStep = {
  number: 8,
  title: 'A server asks the host: sampling, a form, progress',
  async run(out: TourOutput) {
    const asked: SamplingApproval[] = [];
    const person: Pick<Person, 'approve' | 'fillIn'> = {
      approve: async (question) => {
        if (question.kind === 'sampling') asked.push(question);
        return { approved: true };
      },
      fillIn: async (question) => {
        out.say(`  the form, as the person sees it: ${question.message}`);
        out.say(`  the person answers: filling "lemon curd", servings 6`);
        return { action: 'accept', content: { filling: 'lemon curd', servings: 6 } };
      },
    };
    const budget = new TreeBudget();
    let samplingTokens = 0;
    const toolbox = await openKitchen({ servers: ['pastry-chef'], person, budget });
    try {
      for (const task of ['Critique the lemon tart recipe.', 'Choose a filling.', 'Bake the tart.']) {
        out.say(`${JSON.stringify(task)}`);
        const events = await runToEnd({
          messages: [{ role: 'user', content: task }],
          model: new OfflineModel(),
          toolbox,
          budget,
        });
        for (const question of asked.splice(0)) {
          out.say(`  the host asks the person: "${question.reason}"`);
          out.say(
            `  the whole request it would send: system ${JSON.stringify(oneLine(question.request.systemPrompt ?? '', 60))}, ${question.request.messages.length} message, max ${question.request.maxTokens} tokens`,
          );
        }
        for (const event of events) {
          if (event.type === 'sampling-response') samplingTokens += event.inputTokens + event.outputTokens;
          if (event.type === 'sampling-response')
            out.say(
              `  sampling-response: the host's own model answered (${event.inputTokens + event.outputTokens} tokens, charged to the host's budget)`,
            );
          if (event.type === 'progress')
            out.say(`  progress ${event.progress}/${event.total ?? '?'} ${event.message ?? ''}`);
          if (event.type === 'tool-result') out.say(`  tool-result ${event.tool}: ${oneLine(event.content, 100)}`);
        }
        out.say();
      }
      out.say(
        `One budget paid for both: ${budget.spentTokens} tokens in all, ${samplingTokens} of them for the server's model call.`,
      );
    } finally {
      await toolbox.close();
    }
    out.say();
    await showSamplingOnTheQueue(out);
    out.say();
    out.say('The server asked for a model call and a form; it never got the key, the budget or the gate.');
    out.say('It got a completion (text) and an answer (values): the host chose the model, priced the');
    out.say('call, asked the person, capped the output and charged its own budget.');
    out.say();
    out.see('packages/host/src/sampling-handler.ts', 'is asking to spend', 'the price, in the question');
    out.see('packages/host/src/sampling-handler.ts', 'export function createSamplingHandler', 'the sampling handler');
    out.see('packages/host/src/elicitation-handler.ts', 'export function createElicitationHandler', 'the form');
    out.see('servers/pastry-chef/src/build-server.ts', "'critique_recipe',", 'the server side of the asking');
    out.see('packages/host/src/sampling-handler.ts', 'const emitter = context?.emit', "the call's own queue");
    out.see(
      'packages/host/src/loop/run-tool-calls.ts',
      'const emit = (draft: LoopEventDraft) => queue.push',
      'one queue a turn',
    );
  },
};

/**
 * The same sampling request while workers run: its events come out of the one stream the head
 * cook's loop yields, between the workers' events, because the handler pushes them into the
 * queue of the tool call that raised it, the queue the workers' events ride.
 */
async function showSamplingOnTheQueue(out: TourOutput): Promise<void> {
  out.say('Sampling rides the same queue as the workers. One turn of the head cook hires two workers and');
  out.say("calls critique_recipe; the person answers the server's request once a worker's event has come by.");
  out.say('Every event of the run, numbered in the order the one loop yielded them (worker runs folded):');
  const { events } = await samplingBesideWorkers();
  for (const line of foldedStream(events)) out.say(`  ${line}`);
  out.say("The handler pushes the request's events with the call's own emit, into the turn's queue: the");
  out.say("same queue spawn_agent forwards its workers' events into, drained by the same for-await.");
}
