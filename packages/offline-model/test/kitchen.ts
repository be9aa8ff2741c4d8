// Test kitchen: the offline model driven by the host's real agent loop against the real example
// servers, connected in memory over MCP. Host side: the server packages are dev dependencies used
// only by tests, and are reached only through MCP.

import {
  type AgentStartEvent,
  createElicitationHandler,
  createSamplingHandler,
  createSpawnAgentTool,
  type DoneEvent,
  Gate,
  type LoopEvent,
  type Model,
  runAgentLoop,
  type SpawnAgentOptions,
  type Toolbox,
  TreeBudget,
} from '@kitchen/host';
import { connectInMemory, type InMemoryServer } from '@kitchen/host/testing';
import { buildServer as buildCookieJars, generateJars, type Jar, JarShelf } from '@kitchen/server-cookie-jars';
import { buildServer as buildDice } from '@kitchen/server-dice';
import { buildServer as buildPantry, Pantry } from '@kitchen/server-pantry';
import { buildServer as buildPastryChef } from '@kitchen/server-pastry-chef';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { OfflineModel } from '../src/offline-model.js';

export type ServerName = 'cookie-jars' | 'dice' | 'pantry' | 'pastry-chef';

export interface KitchenOptions {
  /** The jars on the cookie-jars shelf (default: none). */
  jars?: readonly Jar[];
  /** Which servers to connect, in this order (default: cookie-jars). */
  servers?: ServerName[];
  /** A second cookie-jars server over the same shelf, so the toolbox namespaces every jar tool. */
  twinJarServer?: boolean;
  /** Offer spawn_agent; workers get the same toolbox without it. */
  spawnAgent?: boolean;
  /** Workers running at once (spawn_agent's thread limit). */
  maxLiveWorkers?: number;
  /** spawn_agent's other options: a report schema, the brief's ending, the workers' model. */
  workerOptions?: SpawnAgentOptions;
  /** Model calls per agent before the loop's last-chance request. */
  maxIterations?: number;
  /** inspect_jar calls for these ids fail on the wire (-32001, as a timed-out request would). */
  failingInspections?: number[];
  /** The person at the gate refuses discard_jar / reseal_jar on these ids; every other call runs. */
  deniedIds?: number[];
  /** The person at the gate refuses every call of these tools (plain names). */
  deniedTools?: string[];
  /** The seed dice rolls use when the task gives none. */
  diceSeed?: number;
  model?: Model;
}

export interface ToolCallRecord {
  /** The lane's name: "main", or the worker's name. */
  agent: string;
  name: string;
  input: Record<string, unknown>;
}

export interface KitchenRun {
  finalText: string;
  stopReason: DoneEvent['stopReason'];
  done: DoneEvent;
  events: LoopEvent[];
  /** Every tool call, workers' included, in the order the events reported them. */
  calls: ToolCallRecord[];
  /** Tool calls per model call of the main agent. */
  callsPerTurn: number[];
  /** Model calls of the main agent. */
  turns: number;
  /** Input tokens of the main agent's model calls. */
  inputTokens: number;
  /** The jars as the server holds them after the run (discarded, resealed). */
  shelf: JarShelf;
  pantry: Pantry;
}

/** Property tests run many whole kitchens; a busy machine must not fail them on time alone. */
export const PROPERTY_TIMEOUT_MS = 180_000;

/** Refusals the gate gives for `deniedIds`, as a person's answer would read. */
export const DENIAL_REASON = 'the cook said no';

export async function runKitchen(task: string, options: KitchenOptions = {}): Promise<KitchenRun> {
  const jars = options.jars ?? [];
  const shelf = new JarShelf(jars);
  const pantry = new Pantry();
  const toolbox = await connectKitchen(shelf, pantry, options);
  try {
    if (options.spawnAgent === true)
      toolbox.addLocalTool(
        createSpawnAgentTool({
          ...options.workerOptions,
          ...(options.maxLiveWorkers === undefined ? {} : { maxLiveWorkers: options.maxLiveWorkers }),
        }),
      );
    const deniedIds = new Set(options.deniedIds ?? []);
    const deniedTools = new Set(options.deniedTools ?? []);
    const gate =
      deniedIds.size === 0 && deniedTools.size === 0
        ? undefined
        : new Gate({
            rules: [{ tool: '*', action: 'ask', reason: 'the test asks about every call' }],
            person: {
              approve: async (question) => {
                if (question.kind !== 'tool-call') return { approved: false, reason: DENIAL_REASON };
                const plain = question.tool.split('__').at(-1) ?? question.tool;
                const refuse =
                  deniedTools.has(plain) ||
                  (/(?:discard|reseal)_jar$/.test(question.tool) && deniedIds.has(Number(question.input['id'])));
                return refuse ? { approved: false, reason: DENIAL_REASON } : { approved: true };
              },
            },
          });
    const events: LoopEvent[] = [];
    for await (const event of runAgentLoop({
      messages: [{ role: 'user', content: task }],
      model: options.model ?? new OfflineModel(),
      toolbox,
      ...(gate === undefined ? {} : { gate }),
      // The run-wide seatbelts stay out of the way: these tests are about the model.
      seatbelts: { maxToolCalls: 100_000 },
      ...(options.maxIterations === undefined ? {} : { maxIterations: options.maxIterations }),
    }))
      events.push(event);
    return summarise(events, shelf, pantry);
  } finally {
    await toolbox.close();
  }
}

/** The toolbox over the chosen servers, each built fresh by its own buildServer(). */
export async function connectKitchen(
  shelf: JarShelf,
  pantry: Pantry,
  options: Pick<KitchenOptions, 'servers' | 'twinJarServer' | 'failingInspections' | 'diceSeed'> = {},
): Promise<Toolbox> {
  const failing = new Set(options.failingInspections ?? []);
  const cookieJars = (): InMemoryServer =>
    withFailingInspections(buildCookieJars({ seed: 0, jars: shelf.size, shelf }), failing);
  const build: Record<ServerName, () => InMemoryServer> = {
    'cookie-jars': cookieJars,
    dice: () => buildDice({ pickSeed: () => options.diceSeed ?? 1 }),
    pantry: () => buildPantry({ pantry }),
    'pastry-chef': () => buildPastryChef({ bakeMillisecondsPerMinute: 0 }),
  };
  const servers: Record<string, InMemoryServer> = {};
  for (const name of options.servers ?? ['cookie-jars']) servers[name] = build[name]();
  if (options.twinJarServer === true) servers['spare-jars'] = cookieJars();
  // As in the kitchen: the host's own model (here the offline model) answers sampling requests;
  // nobody is there to fill in a form, so every elicitation is declined (by nobody).
  return connectInMemory(servers, {
    handlers: {
      sampling: createSamplingHandler({ model: new OfflineModel(), budget: new TreeBudget(), defaultAction: 'allow' }),
      elicitation: createElicitationHandler({}),
    },
  });
}

/** Jars 1..count from the cookie-jars server's own generator. */
export function jarsFor(seed: number, count: number): Jar[] {
  return generateJars(seed, count);
}

/**
 * The server as it is, except that an inspect_jar call for a failing id never reaches it: the
 * wire answers with the error a timed-out request gets.
 */
function withFailingInspections(server: InMemoryServer, failing: Set<number>): InMemoryServer {
  if (failing.size === 0) return server;
  return {
    async connect(transport: Transport) {
      await server.connect(transport);
      const deliver = transport.onmessage;
      transport.onmessage = (message, extra) => {
        const id = failingInspectionId(message, failing);
        if (id === undefined) return deliver?.(message, extra);
        void transport.send({ jsonrpc: '2.0', id, error: { code: -32001, message: 'Request timed out' } });
      };
    },
  };
}

function failingInspectionId(message: JSONRPCMessage, failing: Set<number>): string | number | undefined {
  if (!('method' in message) || message.method !== 'tools/call' || !('id' in message)) return undefined;
  const params = message.params as { name?: unknown; arguments?: Record<string, unknown> } | undefined;
  if (params?.name !== 'inspect_jar' || !failing.has(Number(params.arguments?.['id']))) return undefined;
  return message.id;
}

function summarise(events: LoopEvent[], shelf: JarShelf, pantry: Pantry): KitchenRun {
  const done = events.find((event): event is DoneEvent => event.type === 'done');
  if (done === undefined) throw new Error('the loop ended without a done event');
  const names = new Map<string, string>(
    events
      .filter((event): event is AgentStartEvent => event.type === 'agent-start')
      .map((event) => [event.agent, event.name]),
  );
  const calls: ToolCallRecord[] = [];
  const callsPerTurn: number[] = [];
  let inputTokens = 0;
  for (const event of events) {
    if (event.type === 'iteration-start' && event.agent === 'main') callsPerTurn.push(0);
    if (event.type === 'usage' && event.agent === 'main') inputTokens += event.inputTokens;
    if (event.type !== 'tool-call') continue;
    calls.push({ agent: names.get(event.agent) ?? event.agent, name: event.tool, input: event.input });
    if (event.agent === 'main' && callsPerTurn.length > 0)
      callsPerTurn[callsPerTurn.length - 1] = (callsPerTurn.at(-1) ?? 0) + 1;
  }
  return {
    finalText: done.finalText,
    stopReason: done.stopReason,
    done,
    events,
    calls,
    callsPerTurn,
    turns: callsPerTurn.length,
    inputTokens,
    shelf,
    pantry,
  };
}
