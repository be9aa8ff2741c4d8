// For tests that compare sampling requests answered in different ways (pushed or input_required):
// the sampling events of a run, and what each says about the request and its charge alone.

import type { LoopEvent, SamplingRequestEvent, SamplingResponseEvent } from '../loop-event.js';

export type SamplingEvent = SamplingRequestEvent | SamplingResponseEvent;

export function samplingEvents(events: readonly LoopEvent[]): SamplingEvent[] {
  return events.filter(
    (event): event is SamplingEvent => event.type === 'sampling-request' || event.type === 'sampling-response',
  );
}

/**
 * A sampling event without what names its call and carrier (id, callId, requestId, at, via) or
 * depends on what was spent before it (treeTokensLeft): equal for two requests charged alike.
 */
export function samplingCharge(event: SamplingEvent): Record<string, unknown> {
  const {
    id: _id,
    at: _at,
    requestId: _requestId,
    callId: _callId,
    via: _via,
    treeTokensLeft: _left,
    ...rest
  } = event as SamplingEvent & { id?: unknown; at?: unknown; callId?: unknown; treeTokensLeft?: unknown };
  return rest;
}
