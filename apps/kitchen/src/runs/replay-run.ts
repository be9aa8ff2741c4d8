// `kitchen replay RUN`: shows a recorded run again in the terminal, event by event, keeping the
// recorded gaps between events divided by --speed (0: all at once). App side; nothing is started,
// no model or server is asked.

import type { LoopEvent } from '@kitchen/host';
import { describeModel, renderSummary } from '../terminal/render-summary.js';
import type { RunTrace } from './run-trace.js';

export interface ReplayOptions {
  /** 1 is real time, 10 ten times faster; 0 shows everything at once. */
  speed: number;
  write: (event: LoopEvent) => void;
  say: (line: string) => void;
  color: boolean;
  signal?: AbortSignal;
  /** Waits; setTimeout by default (tests pass one that records the waits). */
  sleep?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
}

/** No pause is longer than this, whatever the recording says: a person waiting on an approval is not replayed. */
export const LONGEST_REPLAY_PAUSE_MS = 3000;

/** Renders every event of the trace through `write`; resolves to the events shown. */
export async function replayRun(trace: RunTrace, options: ReplayOptions): Promise<LoopEvent[]> {
  const sleep = options.sleep ?? wait;
  const { run } = trace;
  options.say(`📼 replay of ${run.id}: ${describeModel(run.model)}, recorded ${new Date(run.startedAt).toISOString()}`);
  options.say(`📝 ${run.task}`);
  const shown: LoopEvent[] = [];
  let previous = run.startedAt;
  for (const event of trace.events) {
    if (options.signal?.aborted) break;
    const gap = Math.min(LONGEST_REPLAY_PAUSE_MS, Math.max(0, event.at - previous));
    previous = event.at;
    if (options.speed > 0 && gap > 0) await sleep(gap / options.speed, options.signal);
    options.write(event);
    shown.push(event);
  }
  const done = trace.events.find((event) => event.type === 'done');
  if (done?.type === 'done') {
    options.say(
      renderSummary(
        { done, model: run.model, wallMs: trace.end?.durationMs ?? done.at - run.startedAt },
        options.color,
      ),
    );
  }
  return shown;
}

function wait(milliseconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
