// Turns whatever @anthropic-ai/sdk throws into a kitchen error whose message says what happened
// and what to do about the API itself. Host side; the code says which failure it was, so an app
// can add its own advice (another model, another flag).

import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type { ProtocolErrorCode } from '../../errors.js';
import { ModelAbortedError, ModelApiError, ModelUnreachableError } from '../model-errors.js';

/**
 * The SDK's error is not kept as `cause`: describeError would append its raw text (a status and a
 * JSON body) to a message that already says everything a person needs.
 */
export function toModelError(error: unknown, context: { model: string; baseURL: string }): Error {
  if (error instanceof APIUserAbortError) return new ModelAbortedError(undefined, { cause: error });
  if (error instanceof APIConnectionTimeoutError) {
    return new ModelUnreachableError(
      'model-timeout',
      `The Anthropic API at ${context.baseURL} did not answer in time (retried). Try again later.`,
    );
  }
  if (error instanceof APIConnectionError) {
    const reason = deepestMessage(error);
    return new ModelUnreachableError(
      'model-unreachable',
      `Could not reach the Anthropic API at ${context.baseURL}: ${reason}. Check the network and the base URL.`,
    );
  }
  if (error instanceof APIError && typeof error.status === 'number') return fromStatus(error, error.status, context);
  return error instanceof Error ? error : new Error(String(error));
}

function fromStatus(error: APIError, status: number, context: { model: string }): ModelApiError {
  const said = error.apiMessage !== null && error.apiMessage !== '' ? `: ${error.apiMessage}` : '';
  const build = (code: ProtocolErrorCode, message: string, retryable = false): ModelApiError =>
    new ModelApiError(code, message, { status, retryable });
  switch (status) {
    case 401:
      return build(
        'model-authentication',
        `ANTHROPIC_API_KEY was rejected (401)${said}. Check that the key is complete and still active at ` +
          `https://platform.claude.com/settings/keys.`,
      );
    case 403:
      return build(
        'model-permission',
        `The API key may not use model "${context.model}" (403)${said}. Pick another model.`,
      );
    case 404:
      return build(
        'model-not-found',
        `Model "${context.model}" was not found (404)${said}. Pick a current Claude model.`,
      );
    case 400:
    case 413:
    case 422:
      return build('model-bad-request', `The Anthropic API refused the request (${status})${said}.`);
    case 429:
      return build(
        'model-rate-limited',
        `The Anthropic API is rate limiting this key (429, still after retries)${said}. Wait a minute and try again, or use fewer workers.`,
        true,
      );
    case 529:
      return build(
        'model-overloaded',
        `The Anthropic API is overloaded (529, still after retries)${said}. Try again in a few minutes.`,
        true,
      );
    default:
      return status >= 500
        ? build(
            'model-server-error',
            `The Anthropic API failed (${status}, still after retries)${said}. Try again later.`,
            true,
          )
        : build('model-api-error', `The Anthropic API answered ${status}${said}.`);
  }
}

/** "fetch failed" says little; the innermost cause says "connect ECONNREFUSED 127.0.0.1:9". */
function deepestMessage(error: Error): string {
  let current: unknown = error;
  let message = error.message;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current.message !== '') message = current.message;
    current = current.cause;
  }
  return message;
}
