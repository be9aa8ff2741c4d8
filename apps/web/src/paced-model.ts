// The presenter's pace: a model that waits a while before each call, so lanes can be watched as
// they fill. App side; it wraps any Model (the offline one or Claude) without changing what it answers.

import type { Model, ModelRequest, ModelResponse } from '@kitchen/host';

/** The slowest pace the page offers: 5 s before every model call. */
export const MAX_PACE_MS = 5_000;

/** `model` itself when `paceMs` is 0; otherwise the same model, `paceMs` later each call (abortable). */
export function pacedModel(model: Model, paceMs: number): Model {
  if (paceMs <= 0) return model;
  return {
    label: model.label,
    id: model.id,
    async complete(request: ModelRequest): Promise<ModelResponse> {
      await waitOrAbort(paceMs, request.signal);
      return model.complete(request);
    },
  };
}

function waitOrAbort(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
