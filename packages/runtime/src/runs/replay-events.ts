// The timing of a replay, shared by `kitchen replay` in the terminal and the web page's replay
// stream: a recorded run's events one by one, the recorded gaps between them divided by the speed
// (0: all at once). Runtime side; pure but for the waits.

import type { LoopEvent } from '@kitchen/host';
import type { RunTrace } from './run-trace.js';

export interface ReplayTiming {
  /** 1 is real time, 10 ten times faster; 0 gives everything at once. */
  speed: number;
  signal?: AbortSignal;
  /** Waits; setTimeout by default (tests pass one that records the waits). */
  sleep?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
}

/** No pause is longer than this, whatever the recording says: a person waiting on an approval is not replayed. */
export const LONGEST_REPLAY_PAUSE_MS = 3000;

/** Each recorded event after its (shortened, sped-up) gap; stops early when the signal aborts. */
export async function* replayEvents(trace: RunTrace, timing: ReplayTiming): AsyncGenerator<LoopEvent> {
  const sleep = timing.sleep ?? wait;
  let previous = trace.run.startedAt;
  for (const event of trace.events) {
    if (timing.signal?.aborted) return;
    const gap = Math.min(LONGEST_REPLAY_PAUSE_MS, Math.max(0, event.at - previous));
    previous = event.at;
    if (timing.speed > 0 && gap > 0) await sleep(gap / timing.speed, timing.signal);
    if (timing.signal?.aborted) return;
    yield event;
  }
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
