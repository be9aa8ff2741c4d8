// A server's sampling request rides the same event queue as the workers' events: one turn of the
// head cook hires two workers and calls the pastry chef's critique_recipe, whose server asks the
// host for a model call while the workers work. Host side: the real runAgentLoop, spawn_agent and
// sampling handler; the events are read off the one stream the loop yields, in arrival order.

import { createSpawnAgentTool, type LoopEvent, runAgentLoop } from '@kitchen/host';
import { ScriptedModel } from '@kitchen/host/testing';
import { OfflineModel } from '@kitchen/offline-model';
import { openKitchen } from '../tour-kitchen.js';

export interface QueueRun {
  /** Every event the head cook's loop yielded, in order: the one stream. */
  events: LoopEvent[];
  /** The critique_recipe call's id in the head cook's lane. */
  critiqueCallId: string;
}

/**
 * The head cook (scripted, so the three calls land in one turn) hires two workers on the offline
 * model and asks for a critique. The person approving the server's model call answers only once a
 * worker's event has come through after the question: while it waits, the workers go on.
 */
export async function samplingBesideWorkers(): Promise<QueueRun> {
  let answer: (() => void) | undefined;
  let workersEnded = 0;
  let asked = false;
  const toolbox = await openKitchen({
    servers: ['cookie-jars', 'pastry-chef'],
    jars: 40,
    person: {
      approve: () =>
        new Promise((resolve) => {
          if (workersEnded === 2) resolve({ approved: true });
          else answer = () => resolve({ approved: true });
        }),
    },
  });
  toolbox.addLocalTool(createSpawnAgentTool());
  const headCook = new ScriptedModel((request) =>
    request.messages.length === 1
      ? {
          toolUses: [
            { name: 'spawn_agent', input: { task: 'Check jars 1-20 for tampering.', name: 'jars-1-20' } },
            { name: 'spawn_agent', input: { task: 'Check jars 21-40 for tampering.', name: 'jars-21-40' } },
            { name: 'critique_recipe', input: { recipe: 'lemon tart' }, id: 'critique' },
          ],
        }
      : { text: 'The workers reported and the pastry chef critiqued the tart.' },
  );
  const events: LoopEvent[] = [];
  try {
    for await (const event of runAgentLoop({
      messages: [{ role: 'user', content: 'Check jars 1-40 and have the lemon tart critiqued.' }],
      model: headCook,
      // Each worker's model call takes a moment, as a real one does, so the workers are still busy.
      workerModel: new OfflineModel({ latencyMs: 15 }),
      toolbox,
    })) {
      events.push(event);
      if (event.type === 'sampling-request') asked = true;
      if (event.agent !== 'main' && event.type === 'agent-end') workersEnded += 1;
      // The person answers once the stream has shown the question and then a worker's event, or
      // once the workers have all ended (so a question that never shows up cannot hang the run).
      const ready = (asked && event.agent !== 'main') || workersEnded === 2;
      if (ready && answer !== undefined) {
        answer();
        answer = undefined;
      }
    }
  } finally {
    await toolbox.close();
  }
  return { events, critiqueCallId: 'critique' };
}

/** The stream, with each run of worker events folded into one line: `#first-#last  N worker events`. */
export function foldedStream(events: readonly LoopEvent[]): string[] {
  const lines: string[] = [];
  let run: { first: number; last: number; types: Set<string>; agents: Set<string> } | undefined;
  const flush = () => {
    if (run === undefined) return;
    const count = run.last - run.first + 1;
    lines.push(
      `${`#${run.first}-${run.last}`.padEnd(9)} ${count} worker event${count === 1 ? '' : 's'} (lanes ${[...run.agents].join(', ')}: ${[...run.types].join(', ')})`,
    );
    run = undefined;
  };
  events.forEach((event, index) => {
    const number = index + 1;
    if (event.agent !== 'main') {
      run ??= { first: number, last: number, types: new Set(), agents: new Set() };
      run.last = number;
      run.types.add(event.type);
      run.agents.add(event.agent);
      return;
    }
    flush();
    lines.push(`${`#${number}`.padEnd(9)} main ${describe(event)}`);
  });
  flush();
  return lines;
}

function describe(event: LoopEvent): string {
  switch (event.type) {
    case 'tool-call':
      return `tool-call ${event.tool}`;
    case 'tool-result':
      return `tool-result ${event.tool}`;
    case 'sampling-request':
      return `sampling-request from ${event.server} (call ${event.callId ?? '-'}), max ${event.maxTokens} tokens`;
    case 'sampling-response':
      return `sampling-response ${event.outcome}, ${event.inputTokens + event.outputTokens} tokens`;
    default:
      return event.type;
  }
}
