// Sorts what a WireRecorder saw into steps that mean the same thing in both protocol revisions —
// open, list the tools, call, the server asks, the host answers, the result, close — so the two
// eras can be read side by side. Runtime side: pure, over the host's wire records.

import type { WireRecord, WireRequestRecord } from '@kitchen/host';

export type WireStepName = 'open' | 'list' | 'other' | 'call' | 'ask' | 'answer' | 'result' | 'close';

/** The steps in the order a call goes through them, each with its heading. */
export const WIRE_STEPS: ReadonlyArray<{ name: WireStepName; title: string }> = [
  { name: 'open', title: 'open' },
  { name: 'list', title: 'list the tools' },
  { name: 'other', title: 'the rest of what the host asks on connecting' },
  { name: 'call', title: 'call the tool' },
  { name: 'ask', title: 'the server asks the host' },
  { name: 'answer', title: 'the host answers' },
  { name: 'result', title: 'the result' },
  { name: 'close', title: 'close' },
];

/** A 2026-07-28 host listens for list changes on subscriptions/listen, as a 2025 one does on its GET stream. */
const OPENING = new Set(['initialize', 'notifications/initialized', 'server/discover', 'subscriptions/listen']);

/** The JSON-RPC method of a request body, when it is one request (not an answer, not a batch). */
export function methodOf(body: unknown): string | undefined {
  return isRecord(body) && typeof body['method'] === 'string' ? body['method'] : undefined;
}

/** A body that answers a request the server sent (sampling, a form): a result or an error, no method. */
export function isAnswerToServer(body: unknown): boolean {
  return isRecord(body) && methodOf(body) === undefined && ('result' in body || 'error' in body);
}

/** A tools/call that carries the host's answers: the 2026-07-28 retry. */
export function isRetry(body: unknown): boolean {
  const params = isRecord(body) ? body['params'] : undefined;
  return methodOf(body) === 'tools/call' && isRecord(params) && params['inputResponses'] !== undefined;
}

/** Every record with the step it belongs to, in the order they crossed. */
export function wireSteps(records: readonly WireRecord[]): Array<{ step: WireStepName; record: WireRecord }> {
  const requests = new Map<number, WireRequestRecord>();
  for (const record of records) if (record.kind === 'request') requests.set(record.exchange, record);
  return [...records]
    .sort((first, second) => first.seq - second.seq)
    .map((record) => ({ step: stepOf(record, requests.get(record.exchange)), record }));
}

function stepOf(record: WireRecord, request: WireRequestRecord | undefined): WireStepName {
  const asked = request === undefined ? 'other' : requestStep(request);
  if (record.kind === 'request') return asked;
  const message = record.kind === 'event' ? record.data : record.body;
  if (asked !== 'call' && asked !== 'answer') return asked;
  if (record.kind === 'event' && methodOf(message) !== undefined && isRecord(message) && 'id' in message) return 'ask';
  if (isRecord(message) && ('result' in message || 'error' in message)) {
    // An answer to the host's POST of its own answer is an empty 202; only a tools/call has a result.
    if (methodOf(request?.body) !== 'tools/call') return asked;
    const result = message['result'];
    return isRecord(result) && result['resultType'] === 'input_required' ? 'ask' : 'result';
  }
  return asked;
}

function requestStep(request: WireRequestRecord): WireStepName {
  if (request.method === 'DELETE') return 'close';
  // The 2025 client's GET opens a stream for messages outside any call: part of opening a session.
  if (request.method === 'GET') return 'open';
  if (isAnswerToServer(request.body)) return 'answer';
  const method = methodOf(request.body);
  if (method !== undefined && OPENING.has(method)) return 'open';
  if (method === 'tools/list') return 'list';
  if (method === 'tools/call') return isRetry(request.body) ? 'answer' : 'call';
  return 'other';
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
