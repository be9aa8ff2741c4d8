// Scenario 6: spawn_agent under model latency. The same job (16 echo calls, one a turn) done by 1,
// 2, 4 or 8 workers the main agent hires in one turn, each model call taking LATENCY_MS, through
// the kitchen host with the CLI's policy. Host side.

import { type Model, type ModelRequest, type ModelResponse, WORKER_BRIEF_ENDING } from '@kitchen/host';
import type { BenchSides } from './bench-sides.js';
import { ECHO_TOOL } from './echo-server.js';
import { runKitchenLoop } from './kitchen-loop.js';
import { percentile } from './measure.js';

export const JOB_PARTS = 16;
export const LATENCY_MS = 20;
const WORKER_COUNTS = [1, 2, 4, 8] as const;
const REPEATS = 3;

export interface SpawnSpeedup {
  parts: number;
  latencyMs: number;
  runs: Array<{
    workers: number;
    medianMs: number;
    /** Wall time with 1 worker over wall time with this many. */
    speedup: number;
    /** The speed-up if nothing but model calls on the longest lane took time. */
    ideal: number;
  }>;
}

/** Hires `workers` workers in its first turn; each worker echoes its share of the parts, then reports. */
class DelegatingModel implements Model {
  readonly id = 'delegating';
  readonly label = 'delegating model with latency';

  constructor(readonly workers: number) {}

  async complete(request: ModelRequest): Promise<ModelResponse> {
    await new Promise((resolve) => setTimeout(resolve, LATENCY_MS));
    const usage = { inputTokens: 100, outputTokens: 20 };
    const turn = request.messages.filter((message) => message.role === 'assistant').length;
    const first = request.messages[0];
    const task = typeof first?.content === 'string' ? first.content : '';
    if (task.endsWith(WORKER_BRIEF_ENDING)) {
      if (turn >= JOB_PARTS / this.workers) return text('Echoed my parts.', usage, this.id);
      const input = { text: `part ${turn}` };
      return {
        content: [{ type: 'tool_use', id: `w${turn}-${Math.random()}`, name: ECHO_TOOL, input }],
        stopReason: 'tool_use',
        usage,
        model: this.id,
      };
    }
    if (turn > 0) return text('All parts echoed.', usage, this.id);
    return {
      content: Array.from({ length: this.workers }, (_, index) => ({
        type: 'tool_use' as const,
        id: `hire-${index}`,
        name: 'spawn_agent',
        input: { task: `Echo ${JOB_PARTS / this.workers} parts.`, name: `part${index}` },
      })),
      stopReason: 'tool_use',
      usage,
      model: this.id,
    };
  }
}

function text(body: string, usage: ModelResponse['usage'], model: string): ModelResponse {
  return { content: [{ type: 'text', text: body }], stopReason: 'end_turn', usage, model };
}

export async function measureSpawnSpeedup(sides: BenchSides): Promise<SpawnSpeedup> {
  const timings = new Map<number, number[]>(WORKER_COUNTS.map((count) => [count, []]));
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    for (const workers of WORKER_COUNTS) {
      const started = performance.now();
      await runKitchenLoop(sides.cliHost, new DelegatingModel(workers), 'Echo 16 parts, in parallel.', 1);
      timings.get(workers)?.push(performance.now() - started);
    }
  }
  const medianOf = (workers: number) => percentile(timings.get(workers) ?? [], 0.5);
  // Model calls on the longest lane: the main agent's two, and a worker's parts plus its report.
  const criticalCalls = (workers: number) => 2 + JOB_PARTS / workers + 1;
  const single = medianOf(1);
  return {
    parts: JOB_PARTS,
    latencyMs: LATENCY_MS,
    runs: WORKER_COUNTS.map((workers) => ({
      workers,
      medianMs: medianOf(workers),
      speedup: single / medianOf(workers),
      ideal: criticalCalls(1) / criticalCalls(workers),
    })),
  };
}
