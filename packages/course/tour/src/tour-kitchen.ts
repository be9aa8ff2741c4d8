// The kitchen the tour runs in: the real example servers, built fresh and connected to the host's
// Toolbox in memory over MCP (the same JSON-RPC messages as over HTTP, without sockets), and the
// offline model. Host side; the servers are reached only through MCP.

import {
  createElicitationHandler,
  createSamplingHandler,
  type LoopEvent,
  type Person,
  type RunAgentLoopOptions,
  runAgentLoop,
  type Toolbox,
  type ToolboxOptions,
  TreeBudget,
  withDefined,
} from '@kitchen/host';
import { connectInMemory, type InMemoryServer } from '@kitchen/host/testing';
import { OfflineModel } from '@kitchen/offline-model';
import { buildServer as buildCookieJars } from '@kitchen/server-cookie-jars';
import { buildServer as buildDice } from '@kitchen/server-dice';
import { buildServer as buildPastryChef } from '@kitchen/server-pastry-chef';

/** The seed every step's jars come from, as in the demo. */
export const TOUR_SEED = 1729;

export type TourServer = 'cookie-jars' | 'dice' | 'pastry-chef';

export interface TourKitchenOptions {
  servers?: TourServer[];
  /** Jars on the cookie-jars shelf; small, so every step is quick. */
  jars?: number;
  budget?: TreeBudget;
  /** Who answers the host's questions (sampling approvals, forms); nobody by default. */
  person?: Partial<Person>;
  /** Events that belong to no tool call: the servers' log messages. */
  emit?: ToolboxOptions['emit'];
  logLevel?: ToolboxOptions['logLevel'];
}

export async function openKitchen(options: TourKitchenOptions = {}): Promise<Toolbox> {
  const build: Record<TourServer, () => InMemoryServer> = {
    'cookie-jars': () => buildCookieJars({ seed: TOUR_SEED, jars: options.jars ?? 5 }),
    dice: () => buildDice({ pickSeed: () => 1 }),
    'pastry-chef': () => buildPastryChef({ bakeMillisecondsPerMinute: 0 }),
  };
  const servers: Record<string, InMemoryServer> = {};
  for (const name of options.servers ?? ['cookie-jars']) servers[name] = build[name]();
  const person = options.person ?? {};
  return connectInMemory(servers, {
    ...withDefined({ emit: options.emit, logLevel: options.logLevel }),
    handlers: {
      sampling: createSamplingHandler({
        model: new OfflineModel(),
        budget: options.budget ?? new TreeBudget(),
        defaultAction: person.approve === undefined ? 'allow' : 'ask',
        ...(person.approve === undefined ? {} : { person: { approve: person.approve } }),
      }),
      elicitation: createElicitationHandler(person.fillIn === undefined ? {} : { person: { fillIn: person.fillIn } }),
    },
  });
}

/** Runs the loop to its end and returns every event it yielded. */
export async function runToEnd(options: RunAgentLoopOptions): Promise<LoopEvent[]> {
  const events: LoopEvent[] = [];
  for await (const event of runAgentLoop(options)) events.push(event);
  return events;
}

/** The done event's final text. */
export function finalText(events: readonly LoopEvent[]): string {
  const done = events.find((event) => event.type === 'done');
  return done?.type === 'done' ? done.finalText : '';
}

/** A one-line summary of an event, the way the tour prints a lane. */
export function describeEvent(event: LoopEvent): string {
  const lane = event.agent.padEnd(10);
  switch (event.type) {
    case 'tool-call':
      return `${lane} tool-call    ${event.tool} ${JSON.stringify(event.input)}`;
    case 'tool-result':
      return `${lane} tool-result  ${event.tool}${event.isError ? ' (error)' : ''}: ${oneLine(event.content, 90)}`;
    case 'text':
      return `${lane} text         ${oneLine(event.text, 100)}`;
    case 'usage':
      return `${lane} usage        ${event.inputTokens} in, ${event.outputTokens} out`;
    case 'done':
      return `${lane} done         ${event.stopReason}`;
    default:
      return `${lane} ${event.type}`;
  }
}

export function oneLine(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= width ? flat : `${flat.slice(0, width - 1)}…`;
}
