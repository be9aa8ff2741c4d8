// Sends a recorded run's LoopEvents to a browser as Server-Sent Events at a chosen speed: the
// recorded gaps divided by it (0: all at once), with the terminal replay's timing. App side; the
// page draws them as it draws a live run, and nothing is started.

import { type ReplayTiming, replayEvents } from '@kitchen/runtime/runs/replay-events';
import type { RunTrace } from '@kitchen/runtime/runs/run-trace';
import type { Request, Response } from 'express';

/** The fastest speed the page may ask for; past it every gap is below a frame anyway. */
export const MAX_REPLAY_SPEED = 1000;

export async function streamTraceReplay(
  trace: RunTrace,
  request: Request,
  response: Response,
  timing: Omit<ReplayTiming, 'signal'>,
): Promise<void> {
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  // The reader went away: stop waiting and sending.
  const stopped = new AbortController();
  request.on('close', () => stopped.abort());
  let index = 0;
  for await (const event of replayEvents(trace, { ...timing, signal: stopped.signal })) {
    response.write(`id: ${index}\ndata: ${JSON.stringify(event)}\n\n`);
    index += 1;
  }
  // A named event the page listens for, so EventSource closes instead of starting the replay again.
  if (!stopped.signal.aborted) response.end('event: end\ndata: {}\n\n');
}
