// `pnpm bench --peers`: the Vercel AI SDK's and OpenAI Agents JS's loops and MCP clients against the
// same minimal loop and raw client the kitchen is compared with, on the same echo server and the
// same instant model, in the same run. Host side.

import { MAIN_AGENT, type ToolCallContext } from '@kitchen/host';
import type { BenchSides } from './bench-sides.js';
import { ECHO_TASK, EchoTurnsModel } from './echo-turns-model.js';
import { intervals, percentile, type RoundRatios, ratio, roundRatios } from './measure.js';
import { listToolSpecs, runMinimalLoop } from './minimal-loop.js';
import { openAiSdkLoop, type PeerLoop } from './peer-ai-sdk.js';
import { openOpenAiAgentsLoop } from './peer-openai-agents.js';
import { timedBatch } from './tool-calls.js';

export interface PeerResult {
  name: string;
  /** Median turn over the minimal loop's, N=200 (wall). */
  loopRatio: number;
  /** CPU per turn over the minimal loop's, N=200. */
  loopCpuRatio: number;
  /** Last 50 / first 50 turns of an 800-turn run. */
  growth: number;
  /** CPU per sequential echo call of the peer's MCP client over the raw SDK client's, the median of rounds. */
  clientCpuRatio: number;
  clientCpuRounds: RoundRatios;
  /** The Toolbox's CPU per call over this peer's client's, in the same rounds. */
  toolboxOverPeerCpu: RoundRatios;
}

const TURNS = 200;
const LONG_TURNS = 800;
const WINDOW = 50;
const REPEATS = 3;
/**
 * Rounds of sequential calls for the clients' CPU: raw, Toolbox and the peer, each round in
 * blocks that take turns (the order rotating by round), so that a burst of someone else's work or
 * of the compiler's lands on every side of a round rather than on one. 100 calls a round, taken
 * at once, strayed from 0.8× to 1.4× between rounds on a shared machine.
 */
const CPU_ROUNDS = 11;
const BLOCKS_A_ROUND = 4;
const CALLS_A_BLOCK = 50;

export async function comparePeers(sides: BenchSides): Promise<PeerResult[]> {
  const results: PeerResult[] = [];
  for (const open of [openAiSdkLoop, openOpenAiAgentsLoop]) {
    const peer = await open(sides.url);
    try {
      results.push(await comparePeer(sides, peer));
    } finally {
      await peer.close();
    }
  }
  return results;
}

async function comparePeer(sides: BenchSides, peer: PeerLoop): Promise<PeerResult> {
  const tools = await listToolSpecs(sides.raw);
  const cpuOf = async <Value>(work: () => Promise<Value>): Promise<{ value: Value; cpuMs: number }> => {
    const before = process.cpuUsage();
    const value = await work();
    const used = process.cpuUsage(before);
    return { value, cpuMs: (used.user + used.system) / 1000 };
  };
  const minimal = (turns: number) =>
    cpuOf(async () => intervals(await runMinimalLoop(sides.raw, new EchoTurnsModel(turns), tools, ECHO_TASK)));
  const theirs = (turns: number) => cpuOf(async () => intervals(await peer.run(turns)));

  await minimal(20);
  await theirs(20);
  const base: Array<{ value: number[]; cpuMs: number }> = [];
  const peerRuns: Array<{ value: number[]; cpuMs: number }> = [];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    if (repeat % 2 === 0) {
      base.push(await minimal(TURNS));
      peerRuns.push(await theirs(TURNS));
    } else {
      peerRuns.push(await theirs(TURNS));
      base.push(await minimal(TURNS));
    }
  }
  const median = (samples: number[]) => percentile(samples, 0.5);
  const medianTurn = (runs: typeof base) => median(runs.flatMap((run) => run.value));
  const cpuPerTurn = (runs: typeof base) => runs.reduce((sum, run) => sum + run.cpuMs, 0) / (runs.length * TURNS);
  const long = await theirs(LONG_TURNS);
  const growth = ratio(median(long.value.slice(-WINDOW)), median(long.value.slice(0, WINDOW)));

  const clients = await compareClientCpu(sides, peer);
  return {
    name: peer.name,
    loopRatio: ratio(medianTurn(peerRuns), medianTurn(base)),
    loopCpuRatio: ratio(cpuPerTurn(peerRuns), cpuPerTurn(base)),
    growth,
    clientCpuRatio: clients.peerOverRaw.median,
    clientCpuRounds: clients.peerOverRaw,
    toolboxOverPeerCpu: clients.toolboxOverPeer,
  };
}

/** The raw client, the Toolbox and the peer's client in the same rounds of sequential echo calls. */
async function compareClientCpu(
  sides: BenchSides,
  peer: PeerLoop,
): Promise<{ peerOverRaw: RoundRatios; toolboxOverPeer: RoundRatios }> {
  const context: ToolCallContext = {
    callId: 'bench',
    agent: MAIN_AGENT,
    signal: new AbortController().signal,
    emit: () => undefined,
  };
  const callers = {
    raw: (index: number) => sides.raw.callTool({ name: 'echo', arguments: { text: `call ${index}` } }),
    toolbox: async (index: number) => {
      const outcome = await sides.toolbox.call('echo', { text: `call ${index}` }, context);
      if (outcome.isError) throw new Error(`Toolbox.call of echo failed: ${outcome.content}`);
    },
    peer: (index: number) => peer.callOnce(index),
  };
  const order = ['raw', 'toolbox', 'peer'] as const;
  type Side = (typeof order)[number];
  for (const side of order) await timedBatch(CALLS_A_BLOCK * 2, 1, callers[side]);
  const rounds: Array<Record<Side, number>> = [];
  for (let round = 0; round < CPU_ROUNDS; round += 1) {
    const cpuMs: Record<Side, number> = { raw: 0, toolbox: 0, peer: 0 };
    for (let block = 0; block < BLOCKS_A_ROUND; block += 1) {
      for (let turn = 0; turn < order.length; turn += 1) {
        const side = order[(round + block + turn) % order.length] as Side;
        cpuMs[side] += (await timedBatch(CALLS_A_BLOCK, 1, callers[side])).cpuMs;
      }
    }
    rounds.push(cpuMs);
  }
  return {
    peerOverRaw: roundRatios(rounds.map((round) => ratio(round.peer, round.raw))),
    toolboxOverPeer: roundRatios(rounds.map((round) => ratio(round.toolbox, round.peer))),
  };
}
