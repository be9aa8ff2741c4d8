// Retries of a Messages API call, done by the kitchen rather than inside the SDK so each one can be
// announced (a model-retry event, a terminal line) before the wait. Host side. The policy is the
// SDK's own: 408, 409, 429, 5xx and network failures are retried with exponential backoff, the
// API's retry-after-ms / retry-after honoured, and its x-should-retry header obeyed.

import { setTimeout as delay } from 'node:timers/promises';
import { APIConnectionError, APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import type { ModelRetry } from '../../model.js';
import { withDefined } from '../../with-defined.js';
import { ModelAbortedError } from '../model-errors.js';
import { toModelError } from './anthropic-model-error.js';

const FIRST_DELAY_MS = 500;
const LONGEST_DELAY_MS = 8_000;
/** A retry-after longer than this is not waited for: the backoff applies instead, as in the SDK. */
const LONGEST_RETRY_AFTER_MS = 60_000;

export interface RetryOptions {
  maxRetries: number;
  baseURL: string;
  model: string;
  signal: AbortSignal | undefined;
  onRetry: ((retry: ModelRetry) => void) | undefined;
}

/** Calls `attempt` until it succeeds, fails for good or runs out of retries; throws the SDK's last error. */
export async function withRetries<Value>(attempt: () => Promise<Value>, options: RetryOptions): Promise<Value> {
  for (let retry = 1; ; retry += 1) {
    try {
      return await attempt();
    } catch (error) {
      const reason = retryReason(error, options.baseURL);
      if (retry > options.maxRetries || reason === undefined || options.signal?.aborted) throw error;
      const delayMs = retryDelayMs(error, retry);
      const { code } = toModelError(error, options) as { code?: string };
      options.onRetry?.({
        attempt: retry,
        maxRetries: options.maxRetries,
        delayMs,
        code: code ?? 'unexpected',
        reason,
      });
      try {
        await delay(delayMs, undefined, withDefined({ signal: options.signal }));
      } catch {
        throw new ModelAbortedError(undefined, { cause: options.signal?.reason });
      }
    }
  }
}

/** What failed, in neutral words, when the failure is worth another try; undefined when it is not. */
export function retryReason(error: unknown, baseURL: string): string | undefined {
  if (error instanceof APIConnectionTimeoutError) return `The Anthropic API at ${baseURL} did not answer in time`;
  if (error instanceof APIConnectionError) return `Could not reach the Anthropic API at ${baseURL}`;
  if (!(error instanceof APIError) || typeof error.status !== 'number') return undefined;
  const shouldRetry = error.headers?.get('x-should-retry');
  if (shouldRetry === 'false') return undefined;
  const { status } = error;
  if (status === 529) return 'The Anthropic API is overloaded (529)';
  if (status === 429) return 'The Anthropic API is rate limiting this key (429)';
  if (status >= 500) return `The Anthropic API failed (${status})`;
  if (status === 408 || status === 409 || shouldRetry === 'true') return `The Anthropic API answered ${status}`;
  return undefined;
}

/** The API's own wait when it named one (and it is sensible), else 0.5 s doubling up to 8 s, less up to a quarter of jitter. */
export function retryDelayMs(error: unknown, retry: number): number {
  const asked = error instanceof APIError ? retryAfterMs(error.headers) : undefined;
  if (asked !== undefined && asked >= 0 && asked <= LONGEST_RETRY_AFTER_MS) return Math.round(asked);
  const backoff = Math.min(FIRST_DELAY_MS * 2 ** (retry - 1), LONGEST_DELAY_MS);
  return Math.round(backoff * (1 - Math.random() * 0.25));
}

function retryAfterMs(headers: Headers | undefined): number | undefined {
  const milliseconds = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds)) return milliseconds;
  const after = headers?.get('retry-after');
  if (after === null || after === undefined) return undefined;
  const seconds = Number.parseFloat(after);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : date - Date.now();
}
