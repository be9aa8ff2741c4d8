// A delegated cookie-jar audit through a real load balancer in front of three replicas, with one
// replica killed (SIGKILL) mid-run, then every tool result checked against a replica asked
// directly. App side: the replicas and HAProxy are child processes; the host is @kitchen/host.

import {
  createSpawnAgentTool,
  type LoopEvent,
  MAIN_AGENT,
  type ProtocolEra,
  runAgentLoop,
  Toolbox,
  type ToolRetryEvent,
  withDefined,
} from '@kitchen/host';
import { OfflineModel } from '@kitchen/offline-model';
import { demoTask, KITCHEN_SYSTEM_PROMPT } from '@kitchen/runtime/kitchen-task';
import { startLoadBalancer } from './load-balancer.js';
import type { BalancedRequest, BalancerLogEntry } from './parse-haproxy-log.js';
import { type ReplicaProgram, startReplicas } from './replica-set.js';

export const SERVER = 'cookie-jars';

export interface ScaleOutOptions {
  era: ProtocolEra;
  program: ReplicaProgram;
  /** Replicas behind the balancer (default 3). */
  replicas?: number;
  /** Hosts auditing at once (default: 3 in 2025-11-25, where load spreads by session; 1 in 2026-07-28). */
  hosts?: number;
  jars?: number;
  seed?: number;
  /**
   * The kill comes after this many cookie-jar results in the first host (default: a third of the
   * jars). 2025-11-25: the replica holding that host's session; 2026-07-28: the one that served last.
   */
  killAfterResults?: number;
  /** Told as the run goes: the balancer is up, a replica was killed, a host finished. */
  onProgress?: (line: string) => void;
}

export interface ReplicaReport {
  index: number;
  port: number;
  /** Requests the balancer logged for it (those cut by the kill included). */
  requests: number;
  /** tools/call requests among them (2026-07-28, from the Mcp-Method header). */
  toolCalls: number;
  /** Sessions it handed out (2025-11-25). */
  sessions: number;
  killed: boolean;
}

export interface HostReport {
  host: number;
  /** The revision the host negotiated with the replicas through the balancer. */
  era: ProtocolEra | undefined;
  toolCalls: number;
  /** Results equal to what a replica asked directly answers to the same call. */
  correct: number;
  /** Jars whose inspect_jar result came back right. */
  jarsInspected: number;
  retries: ToolRetryEvent[];
  stopReason: string;
  finalText: string;
}

export interface ScaleOutResult {
  era: ProtocolEra;
  balancerUrl: string;
  config: string;
  jars: number;
  replicas: ReplicaReport[];
  /** The replica killed, and after how many results of the first host. */
  kill?: { replica: number; afterResults: number; logIndex: number };
  hosts: HostReport[];
  /** Everything the balancer logged. */
  balancerLog: readonly BalancerLogEntry[];
  /** What was lost or wrong, one sentence each; empty when nothing was. */
  problems: string[];
}

export async function runScaleOut(options: ScaleOutOptions): Promise<ScaleOutResult> {
  const { era } = options;
  const jars = options.jars ?? 30;
  const seed = options.seed ?? 1729;
  const hostCount = options.hosts ?? (era === '2025-11-25' ? 3 : 1);
  const killAfter = options.killAfterResults ?? Math.max(1, Math.floor(jars / 3));
  const say = options.onProgress ?? (() => {});
  const set = await startReplicas(options.replicas ?? 3, options.program, { seed, jars });
  const toolboxes: Toolbox[] = [];
  try {
    say(`started ${set.replicas.length} replicas: ${set.replicas.map((replica) => replica.url).join(', ')}`);
    const balancer = await startLoadBalancer({ era, replicaPorts: set.replicas.map((replica) => replica.port) });
    try {
      say(`HAProxy listens on ${balancer.url}`);
      // One after the other: in 2025-11-25 each new session goes to the replica with the fewest
      // connections, and the sessions before it already hold theirs open.
      for (let host = 1; host <= hostCount; host += 1) {
        const toolbox = await Toolbox.connect([{ name: SERVER, url: balancer.url }], { callTimeoutMs: 30_000 });
        toolboxes.push(toolbox);
        if (toolbox.unavailable.length > 0) throw toolbox.unavailable[0]?.error;
        toolbox.addLocalTool(createSpawnAgentTool());
      }
      let kill: ScaleOutResult['kill'];
      const killOne = (afterResults: number) => {
        const victim = set.byPort(victimPort(era, balancer.log)) ?? set.replicas[0];
        if (victim === undefined) return;
        victim.kill();
        kill = { replica: victim.index, afterResults, logIndex: balancer.log.length };
        say(`killed replica ${victim.index} (pid ${victim.pid}, SIGKILL) after ${afterResults} results`);
      };
      const runs = toolboxes.map(async (toolbox, offset) => {
        const events: LoopEvent[] = [];
        let results = 0;
        for await (const event of runAgentLoop({
          messages: [{ role: 'user', content: demoTask(jars) }],
          system: KITCHEN_SYSTEM_PROMPT,
          model: new OfflineModel({ batchSize: 5, latencyMs: 5 }),
          toolbox,
        })) {
          events.push(event);
          if (offset !== 0 || kill !== undefined || event.type !== 'tool-result' || event.server !== SERVER) continue;
          results += 1;
          if (results === killAfter) killOne(results);
        }
        say(`host ${offset + 1} finished`);
        return events;
      });
      const eventsByHost = await Promise.all(runs);
      const survivor = set.replicas.find((replica) => !replica.killed);
      const problems: string[] = [];
      const checked = survivor === undefined ? [] : await checkAgainst(survivor.url, eventsByHost, jars, problems);
      const hosts = checked.map((report, offset) => ({ ...report, era: toolboxes[offset]?.era(SERVER) }));
      for (const host of hosts) {
        if (host.era !== era) problems.push(`host ${host.host} spoke ${host.era ?? 'no revision'}, not ${era}`);
      }
      if (kill === undefined) problems.push(`no replica was killed: the first host made fewer than ${killAfter} calls`);
      const replicas = set.replicas.map((replica) => replicaReport(replica, balancer.log));
      for (const replica of replicas) {
        if (replica.requests === 0) problems.push(`replica ${replica.index} served no request`);
      }
      return {
        era,
        balancerUrl: balancer.url,
        config: balancer.config,
        jars,
        replicas,
        ...withDefined({ kill }),
        hosts,
        balancerLog: balancer.log,
        problems,
      };
    } finally {
      await Promise.allSettled(toolboxes.map((toolbox) => toolbox.close()));
      await balancer.stop();
    }
  } finally {
    await set.stop();
  }
}

/**
 * The replica to kill: in 2025-11-25 the one holding the first host's session (the first session
 * handed out: the hosts connect one after the other), so that host must carry on without it; in
 * 2026-07-28 the one that served the latest request.
 */
function victimPort(era: ProtocolEra, log: readonly BalancerLogEntry[]): number | undefined {
  const requests = log.filter((entry): entry is BalancedRequest => entry.kind === 'request');
  if (era === '2025-11-25') {
    return requests.find((entry) => entry.sessionId === undefined && entry.newSessionId !== undefined)?.replicaPort;
  }
  return requests.findLast((entry) => entry.replicaPort !== undefined)?.replicaPort;
}

function replicaReport(
  replica: { index: number; port: number; killed: boolean },
  log: readonly BalancerLogEntry[],
): ReplicaReport {
  const served = log.filter(
    (entry): entry is BalancedRequest => entry.kind === 'request' && entry.replicaPort === replica.port,
  );
  return {
    index: replica.index,
    port: replica.port,
    requests: served.length,
    toolCalls: served.filter((entry) => entry.mcpMethod === 'tools/call').length,
    // A session starts with a request that carries none and an answer that hands one out.
    sessions: served.filter((entry) => entry.sessionId === undefined && entry.newSessionId !== undefined).length,
    killed: replica.killed,
  };
}

/**
 * Asks a replica directly (no balancer) every call the hosts made, and compares: each call must
 * have a result, without error, equal to the direct answer; every jar must have been inspected.
 */
async function checkAgainst(
  directUrl: string,
  eventsByHost: LoopEvent[][],
  jars: number,
  problems: string[],
): Promise<Array<Omit<HostReport, 'era'>>> {
  const reference = await Toolbox.connect([{ name: SERVER, url: directUrl }]);
  const answers = new Map<string, Promise<string>>();
  const answer = (tool: string, input: Record<string, unknown>) => {
    const key = `${tool} ${JSON.stringify(input)}`;
    let found = answers.get(key);
    if (found === undefined) {
      const context = { agent: MAIN_AGENT, callId: key, signal: AbortSignal.timeout(30_000), emit: () => {} };
      found = reference.call(tool, input, context).then((outcome) => outcome.content);
      answers.set(key, found);
    }
    return found;
  };
  try {
    return await Promise.all(
      eventsByHost.map(async (events, offset) => {
        const host = offset + 1;
        const results = new Map(
          events.flatMap((event) => (event.type === 'tool-result' ? [[event.callId, event] as const] : [])),
        );
        const calls = events.filter(
          (event): event is Extract<LoopEvent, { type: 'tool-call' }> =>
            event.type === 'tool-call' && event.server === SERVER,
        );
        let correct = 0;
        const inspected = new Set<number>();
        for (const call of calls) {
          const result = results.get(call.callId);
          const expected = await answer(call.tool, call.input);
          if (result === undefined)
            problems.push(`host ${host}: ${call.tool} ${JSON.stringify(call.input)} has no result`);
          else if (result.isError)
            problems.push(`host ${host}: ${call.tool} ${JSON.stringify(call.input)} failed: ${result.content}`);
          else if (result.content !== expected)
            problems.push(
              `host ${host}: ${call.tool} ${JSON.stringify(call.input)} answered differently than a replica asked directly`,
            );
          else {
            correct += 1;
            if (call.tool === 'inspect_jar' && typeof call.input.id === 'number') inspected.add(call.input.id);
          }
        }
        if (inspected.size !== jars) problems.push(`host ${host}: ${inspected.size} of ${jars} jars inspected`);
        const done = events.find((event) => event.type === 'done');
        const stopReason = done?.type === 'done' ? done.stopReason : 'none';
        if (stopReason !== 'end_turn') problems.push(`host ${host}: the run stopped with ${stopReason}`);
        return {
          host,
          toolCalls: calls.length,
          correct,
          jarsInspected: inspected.size,
          retries: events.filter((event): event is ToolRetryEvent => event.type === 'tool-retry'),
          stopReason,
          finalText: done?.type === 'done' ? done.finalText : '',
        };
      }),
    );
  } finally {
    await reference.close();
  }
}
