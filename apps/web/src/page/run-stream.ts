// The event stream of the run on the kitchen web page: live from the kitchen, resumed after the
// last event drawn, or a trace's replay at its speed. App side, in the browser.

import { streamPath } from './dom.js';
import { workInFrames } from './frame-queue.js';
import { applyEvent, type LoopEvent } from './lanes.js';
import type { PageRun } from './page-run.js';
import { type FrameDrawing, undrawnChanges } from './undrawn.js';

export interface RunDisplay extends FrameDrawing {
  isShown: () => boolean;
  showProblem: (text: string) => void;
  lost: () => void;
}

/** Opens `run`'s stream (closing any it had) and folds each new event into its view. */
export function openRunStream(run: PageRun, display: RunDisplay): void {
  run.source?.close();
  const after = run.lastIndex >= 0 ? `?after=${run.lastIndex}` : '';
  const path =
    run.replaySpeed === undefined
      ? `/api/runs/${encodeURIComponent(run.runId)}/events${after}`
      : `/api/traces/${encodeURIComponent(run.runId)}/replay?speed=${run.replaySpeed}`;
  const source = new EventSource(streamPath(path));
  run.source = source;
  const undrawn = undrawnChanges();
  const frames = workInFrames({
    take: (message: MessageEvent<string>) => {
      if (!display.isShown()) return;
      const index = Number(message.lastEventId);
      // A reconnect may resend what was drawn already; each event is drawn once.
      if (Number.isInteger(index) && index <= run.lastIndex) return;
      if (Number.isInteger(index)) run.lastIndex = index;
      const event = JSON.parse(message.data) as LoopEvent;
      undrawn.note(applyEvent(run.view, event), event);
    },
    draw: (until) => !display.isShown() || undrawn.draw(display, until),
  });
  source.onmessage = frames.add;
  // The server ends the stream after `done`; closing here stops EventSource from reconnecting.
  source.addEventListener('end', () => source.close());
  source.onerror = () => {
    if (!display.isShown() || run.view.done) return;
    if (run.replaySpeed !== undefined) {
      // A replay is not resumed: it says it stopped, and the run can be opened whole from its address.
      source.close();
      return display.showProblem(`The replay of ${run.runId} stopped before its end; open the run to see it whole.`);
    }
    // Say so at once, and catch up when the kitchen answers again (app.ts, catchUp).
    source.close();
    display.lost();
  };
}
