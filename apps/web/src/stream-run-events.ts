// Sends one run's LoopEvents to a browser as Server-Sent Events: every event so far, then each
// new one as it happens, and the stream ends after `done`. App side; the events are the host's
// plain objects, sent as they are.

import type { Request, Response } from 'express';
import type { WebRun } from './web-run.js';

/** A comment line now and then keeps proxies and idle timers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

export function streamRunEvents(run: WebRun, request: Request, response: Response): void {
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  // EventSource reconnects with the id of the last event it got; start after it. A page that opens
  // a new stream after losing the kitchen says the same with ?after=N (EventSource sets no headers).
  const header = request.headers['last-event-id'];
  const query = request.query['after'];
  const given = typeof header === 'string' ? header : typeof query === 'string' ? query : '';
  const lastSeen = given.trim() === '' ? Number.NaN : Number(given);
  const from = Number.isInteger(lastSeen) && lastSeen >= 0 ? lastSeen + 1 : 0;

  let ended = false;
  let unsubscribe = (): void => {};
  const heartbeat = setInterval(() => response.write(': still cooking\n\n'), HEARTBEAT_MS);
  const end = (): void => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    // A named event the page listens for, so EventSource closes instead of reconnecting.
    response.end('event: end\ndata: {}\n\n');
  };
  const send = (event: WebRun['events'][number], index: number): void => {
    if (ended) return;
    response.write(`id: ${index}\ndata: ${JSON.stringify(event)}\n\n`);
    if (event.type === 'done') end();
  };

  // Subscribe before replaying: push() is synchronous, so nothing can slip between the two.
  unsubscribe = run.subscribe(send);
  for (const [offset, event] of run.events.slice(from).entries()) send(event, from + offset);
  if (run.finished) end();
  // The response's close: the reader went away (or the stream ended); nothing more to send.
  response.on('close', () => {
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
  });
}
