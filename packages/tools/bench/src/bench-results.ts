// Everything one bench run measured, as plain data: printed as a table or, with --json, as is.

import type { CheckSpeed } from './check-speed.js';
import type { DemoStartup } from './demo-startup.js';
import type { MemoryComparison } from './loop-memory.js';
import type { LoopComparison } from './loop-overhead.js';
import type { OfflineDecision } from './offline-decision.js';
import type { PageFigures } from './page-figures.js';
import type { PeerResult } from './peer-comparison.js';
import type { QueueThroughput } from './queue-throughput.js';
import type { SpawnSpeedup } from './spawn-speedup.js';
import type { Target } from './targets.js';
import type { ToolCallComparison } from './tool-calls.js';

export interface BenchResults {
  environment: { node: string; platform: string; cpus: number; cpuModel: string; startedAt: string };
  sequential?: ToolCallComparison;
  concurrent?: ToolCallComparison;
  /** The loop with the CLI's policy at N = 50, 200 and 800 turns. */
  loops: LoopComparison[];
  /** The same with 16 tool calls in every turn. */
  fanOut?: LoopComparison;
  spawn?: SpawnSpeedup;
  queue?: QueueThroughput;
  /** With --peers: the other loops and MCP clients, against the same baselines. */
  peers?: PeerResult[];
  memory?: MemoryComparison;
  offline?: OfflineDecision;
  /** The compiled `kitchen demo`, timed from its spawn, with the peak RSS of every process. */
  demo?: DemoStartup;
  /** `kitchen check` of a 100-tool server without --call, in this process over HTTP. */
  check?: CheckSpeed;
  /** The web page in Chromium under a 500-jar run with 16 workers: its longest task and its heap. */
  page?: PageFigures;
  targets: Target[];
  /** Scenarios that could not be measured, and why; any entry makes the exit code 1. */
  failures: Array<{ scenario: string; error: string }>;
  totalSeconds: number;
}
