// `pnpm bench --peers`: the Vercel AI SDK's and OpenAI Agents JS's loops and MCP clients against the
// same minimal loop and raw client the kitchen is compared with, on the same echo server and the
// same instant model, in the same run. Host side.

import type { BenchSides } from './bench-sides.js';
import { ECHO_TASK, EchoTurnsModel } from './echo-turns-model.js';
import { intervals, percentile, ratio } from './measure.js';
import { listToolSpecs, runMinimalLoop } from './minimal-loop.js';
import { openAiSdkLoop, type PeerLoop } from './peer-ai-sdk.js';
import { openOpenAiAgentsLoop } from './peer-openai-agents.js';

export interface PeerResult {
  name: string;
  /** Median turn over the minimal loop's, N=200 (wall). */
  loopRatio: number;
  /** CPU per turn over the minimal loop's, N=200. */
  loopCpuRatio: number;
  /** Last 50 / first 50 turns of an 800-turn run. */
  growth: number;
  /** CPU per sequential echo call of the peer's MCP client over the raw SDK client's. */
  clientCpuRatio: number;
}

const TURNS = 200;
const LONG_TURNS = 800;
const WINDOW = 50;
const REPEATS = 3;
const CALLS = 300;

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

  let rawCpu = 0;
  let peerCpu = 0;
  for (let round = 0; round < REPEATS; round += 1) {
    rawCpu += (
      await cpuOf(async () => {
        for (let call = 0; call < CALLS; call += 1)
          await sides.raw.callTool({ name: 'echo', arguments: { text: `call ${call}` } });
      })
    ).cpuMs;
    peerCpu += (
      await cpuOf(async () => {
        for (let call = 0; call < CALLS; call += 1) await peer.callOnce(call);
      })
    ).cpuMs;
  }
  return {
    name: peer.name,
    loopRatio: ratio(medianTurn(peerRuns), medianTurn(base)),
    loopCpuRatio: ratio(cpuPerTurn(peerRuns), cpuPerTurn(base)),
    growth,
    clientCpuRatio: ratio(peerCpu, rawCpu),
  };
}
