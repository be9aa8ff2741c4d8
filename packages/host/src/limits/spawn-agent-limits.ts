// The limits on hiring workers and the exact words a refused spawn_agent call gets back. Host side;
// a leaf file, so the loop's runtime guard and the spawn_agent tool say the same thing.

import { ConfigurationError } from '../errors.js';
import { DEFAULT_MAX_REPORT_CHARS } from './shorten-for-model.js';

/** The local tool that starts a sub-agent. */
export const SPAWN_AGENT_TOOL = 'spawn_agent';

/** Default 1: only the main agent hires. Workers at depth d < maxDepth may hire in turn. */
const DEFAULT_MAX_AGENT_DEPTH = 1;
export const MAX_AGENT_DEPTH_ALLOWED = 4;
const DEFAULT_MAX_LIVE_WORKERS = 16;

// Refusals are error tool results (isError true), like a gate denial: the call did not do what
// was asked, and the text tells the model what to do instead.
export const AGENT_DEPTH_LIMIT_TEXT = 'Agent depth limit reached. Solve the task yourself.';
export const AGENT_THREAD_LIMIT_TEXT = 'Agent thread limit reached. Solve the task yourself.';
export const SPAWN_NOT_OFFERED_TEXT = `Tool "${SPAWN_AGENT_TOOL}" is not offered in this run. Solve the task yourself.`;

export interface SpawnLimits {
  /** How deep the tree of agents may grow: 1 (default) to 4. The main agent is depth 0. */
  maxDepth: number;
  /** Workers running at once in the whole run (default 16). */
  maxLiveWorkers: number;
  /** Characters of a worker's final report its parent reads (default 8,000); the rest stays in the worker's lane. */
  maxReportChars?: number;
}

/** Fills defaults; a bad value throws a ConfigurationError naming the field and the allowed range. */
export function parseSpawnLimits(input: Partial<SpawnLimits> = {}): Required<SpawnLimits> {
  const maxDepth = input.maxDepth ?? DEFAULT_MAX_AGENT_DEPTH;
  const maxLiveWorkers = input.maxLiveWorkers ?? DEFAULT_MAX_LIVE_WORKERS;
  const maxReportChars = input.maxReportChars ?? DEFAULT_MAX_REPORT_CHARS;
  if (!Number.isInteger(maxDepth) || maxDepth < 1 || maxDepth > MAX_AGENT_DEPTH_ALLOWED) {
    throw new ConfigurationError(
      `spawn_agent "maxDepth" must be a whole number from 1 to ${MAX_AGENT_DEPTH_ALLOWED} (got ${String(maxDepth)}); ` +
        '1 means only the main agent hires workers.',
    );
  }
  if (!Number.isInteger(maxLiveWorkers) || maxLiveWorkers < 1) {
    throw new ConfigurationError(
      `spawn_agent "maxLiveWorkers" must be a whole number, 1 or more (got ${String(maxLiveWorkers)}).`,
    );
  }
  if (!Number.isInteger(maxReportChars) || maxReportChars < 1) {
    throw new ConfigurationError(
      `spawn_agent "maxReportChars" must be a whole number of characters, 1 or more (got ${String(maxReportChars)}).`,
    );
  }
  return { maxDepth, maxLiveWorkers, maxReportChars };
}
