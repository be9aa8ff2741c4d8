// Typed errors a Model throws when it cannot answer at all. Host side. The loop turns them into a
// run that stops with stopReason "error" (or "aborted"); tool failures never use them.

import { LocalError, ProtocolError, type ProtocolErrorCode } from '../errors.js';

/** The model API answered, and the answer was an error (bad key, overloaded, bad request, ...). */
export class ModelApiError extends ProtocolError {
  /** True when waiting and trying again may help (overloaded, rate limited, a 5xx). */
  readonly retryable: boolean;

  constructor(
    code: ProtocolErrorCode,
    message: string,
    details: { status?: number; retryable: boolean; cause?: unknown },
  ) {
    super(code, message, { server: 'Anthropic API', status: details.status, cause: details.cause });
    this.retryable = details.retryable;
  }
}

/** No answer from the model API: the network failed or the call timed out. */
export class ModelUnreachableError extends LocalError {}

/** The caller aborted the model call through its AbortSignal. */
export class ModelAbortedError extends LocalError {
  constructor(message = 'The model call was aborted.', options?: { cause?: unknown }) {
    super('model-aborted', message, options);
  }
}

/** A replay model was asked for a response its trace does not hold. */
export class ReplayExhaustedError extends LocalError {
  constructor(message: string) {
    super('replay-exhausted', message);
  }
}
