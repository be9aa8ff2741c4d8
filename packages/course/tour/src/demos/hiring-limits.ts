// The depth and thread limits on hiring, reached in the kitchen's own runs: KitchenHost wired as
// `kitchen demo --max-depth N --max-workers N` wires it, over the real cookie jars in memory, on the
// offline model. Host side; the requests each agent's model received show what it was offered.

import {
  type AgentStartEvent,
  allowAllGate,
  type LoopEvent,
  type Model,
  type ModelRequest,
  TreeBudget,
} from '@kitchen/host';
import { connectInMemory } from '@kitchen/host/testing';
import { OfflineModel } from '@kitchen/offline-model';
import { KitchenHost } from '@kitchen/runtime/kitchen-host';
import { buildServer as buildCookieJars } from '@kitchen/server-cookie-jars';
import { TOUR_SEED } from '../tour-kitchen.js';

const SPAWN_AGENT_TOOL = 'spawn_agent';

export interface HiringRun {
  events: LoopEvent[];
  starts: AgentStartEvent[];
  ends: number;
  /** Whether each agent's model was offered spawn_agent, by agent id (read off its first request). */
  offeredSpawn: Map<string, boolean>;
  /** spawn_agent calls refused, by the agent that made them: the tool results' texts. */
  refusals: Map<string, string[]>;
  finalText: string;
}

export interface HiringLimits {
  jars: number;
  /** `--max-depth`: how deep the tree of agents may grow. */
  maxDepth: number;
  /** `--max-workers`: workers running at once in the whole run (maxLiveWorkers). */
  maxLiveWorkers: number;
}

/** One kitchen run of "Check jars 1-N for tampering." with these spawn limits. */
export async function hiringRun(limits: HiringLimits): Promise<HiringRun> {
  const requests: ModelRequest[] = [];
  const offline = new OfflineModel();
  const model: Model = {
    id: offline.id,
    label: offline.label,
    complete: (request) => {
      requests.push(request);
      return offline.complete(request);
    },
  };
  const host = await KitchenHost.connect({
    clientName: 'kitchen-tour',
    openToolbox: (options) =>
      connectInMemory({ 'cookie-jars': buildCookieJars({ seed: TOUR_SEED, jars: limits.jars }) }, options),
    spawnLimits: { maxDepth: limits.maxDepth, maxLiveWorkers: limits.maxLiveWorkers },
  });
  const events: LoopEvent[] = [];
  try {
    for await (const event of host.run({
      task: `Check jars 1-${limits.jars} for tampering.`,
      model,
      // The demo's tool-call seatbelt fits the jars, as `kitchen demo` raises it to fit --jars.
      policy: { gate: allowAllGate, budget: new TreeBudget(), seatbelts: { maxToolCalls: limits.jars * 4 } },
    }))
      events.push(event);
  } finally {
    await host.close();
  }
  const starts = events.filter((event): event is AgentStartEvent => event.type === 'agent-start');
  const offeredSpawn = new Map<string, boolean>();
  for (const start of starts) {
    const first = requests.find((request) => firstText(request).startsWith(start.task));
    offeredSpawn.set(start.agent, first?.tools?.some((tool) => tool.name === SPAWN_AGENT_TOOL) ?? false);
  }
  const refusals = new Map<string, string[]>();
  for (const event of events)
    if (event.type === 'tool-result' && event.tool === SPAWN_AGENT_TOOL && event.isError)
      refusals.set(event.agent, [...(refusals.get(event.agent) ?? []), event.content]);
  const done = events.find((event) => event.type === 'done');
  return {
    events,
    starts,
    ends: events.filter((event) => event.type === 'agent-end').length,
    offeredSpawn,
    refusals,
    finalText: done?.type === 'done' ? done.finalText : '',
  };
}

function firstText(request: ModelRequest): string {
  const first = request.messages[0]?.content;
  return typeof first === 'string' ? first : '';
}
