// Seatbelts: whole-run limits on tool calls and wall time, checked by the loop between turns (the
// wall time also fires AgentTree.deadline, which reaches work in flight), and
// the most of one tool result the model reads (shorten-for-model.ts).
// Host side and pure: validation and a check, no timers; the loop decides when to look.

import { z } from 'zod';
import { ConfigurationError } from '../errors.js';
import type { LimitReached } from '../loop-event.js';
import { formatDuration } from './format-units.js';
import { DEFAULT_MAX_RESULT_CHARS } from './shorten-for-model.js';

export interface Seatbelts {
  /** Model calls per agent (the loop's own bound). */
  maxIterations: number;
  /** Tool calls by the whole run. */
  maxToolCalls: number;
  /** Wall time of the whole run, in milliseconds. */
  maxWallTimeMs: number;
  /** Characters of one tool result the model reads; the rest stays in the tool-result event. */
  maxResultChars: number;
}

export const DEFAULT_SEATBELTS: Readonly<Seatbelts> = Object.freeze({
  maxIterations: 20,
  maxToolCalls: 200,
  maxWallTimeMs: 10 * 60_000,
  maxResultChars: DEFAULT_MAX_RESULT_CHARS,
});

export interface SeatbeltState {
  toolCalls: number;
  elapsedMs: number;
  limits: Seatbelts;
}

export interface SeatbeltStop {
  limit: LimitReached;
  /** A neutral sentence for the model and the events. */
  message: string;
}

// Flags arrive as strings; accept "50" as well as 50, but not "50abc", "", 0 or 2.5.
const wholeNumber = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
);

const seatbeltsSchema = z.strictObject({
  maxIterations: wholeNumber.optional(),
  maxToolCalls: wholeNumber.optional(),
  maxWallTimeMs: wholeNumber.optional(),
  maxResultChars: wholeNumber.optional(),
});

/**
 * Validates seatbelt limits (numbers or numeric strings) and fills the rest from DEFAULT_SEATBELTS.
 * A bad value throws a ConfigurationError naming the field and the fix.
 */
export function parseSeatbelts(input: unknown = {}): Seatbelts {
  const parsed = seatbeltsSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      if (issue.code === 'unrecognized_keys') {
        return `unknown seatbelt ${issue.keys.map((key) => `"${key}"`).join(', ')}; the seatbelts are maxIterations, maxToolCalls, maxWallTimeMs and maxResultChars`;
      }
      const field = issue.path[0];
      if (field === undefined)
        return `seatbelts must be an object like { "maxToolCalls": 50 } (got ${JSON.stringify(input)})`;
      const value = (input as Record<string, unknown>)[String(field)];
      const unit = field === 'maxWallTimeMs' ? ' of milliseconds' : field === 'maxResultChars' ? ' of characters' : '';
      return `${String(field)} must be a whole number${unit}, 1 or more (got ${JSON.stringify(value) ?? 'nothing'})`;
    });
    throw new ConfigurationError(problems.join('\n'));
  }
  const limits: Seatbelts = { ...DEFAULT_SEATBELTS };
  for (const [key, value] of Object.entries(parsed.data)) {
    if (value !== undefined) limits[key as keyof Seatbelts] = value;
  }
  return limits;
}

/** Undefined while the run is inside its limits; otherwise which limit stopped it and a neutral sentence. */
export function checkSeatbelts(state: SeatbeltState): SeatbeltStop | undefined {
  const { toolCalls, elapsedMs, limits } = state;
  if (toolCalls >= limits.maxToolCalls) {
    const count =
      toolCalls === limits.maxToolCalls
        ? `made ${toolCalls} tool calls, its limit`
        : `made ${toolCalls} tool calls, past its limit of ${limits.maxToolCalls}`;
    return {
      limit: { limit: 'maxToolCalls', value: limits.maxToolCalls, spent: toolCalls },
      message: `Stopped: the run ${count}.`,
    };
  }
  if (elapsedMs >= limits.maxWallTimeMs) {
    return {
      limit: { limit: 'maxWallTimeMs', value: limits.maxWallTimeMs, spent: Math.round(elapsedMs) },
      message: `Stopped: the run reached ${formatDuration(limits.maxWallTimeMs)} of wall time, its limit.`,
    };
  }
  return undefined;
}
