// Everything one bench run measured, as plain data: printed as a table or, with --json, as is.

import type { MemoryComparison } from './loop-memory.js';
import type { LoopComparison } from './loop-overhead.js';
import type { OfflineDecision } from './offline-decision.js';
import type { Target } from './targets.js';
import type { ToolCallComparison } from './tool-calls.js';

export interface BenchResults {
  environment: { node: string; platform: string; cpus: number; cpuModel: string; startedAt: string };
  sequential?: ToolCallComparison;
  concurrent?: ToolCallComparison;
  loop?: LoopComparison;
  memory?: MemoryComparison;
  offline?: OfflineDecision;
  targets: Target[];
  /** Scenarios that could not be measured, and why; any entry makes the exit code 1. */
  failures: Array<{ scenario: string; error: string }>;
  totalSeconds: number;
}
