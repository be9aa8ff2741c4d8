// The event stream of the run on the kitchen web page: live from the kitchen, resumed after the
// last event drawn, or a trace's replay at its speed. App side, in the browser.

import { streamPath } from './dom.js';
import { workInFrames } from './frame-queue.js';
import { applyEvent, type DoneEvent, type Lane, type LaneEntry, type LoopEvent } from './lanes.js';
import type { PageRun } from './page-run.js';

export interface RunDisplay {
  isShown: () => boolean;
  /** Puts a new lane on the page (its place follows the order lanes were hired in). */
  placeLane: (lane: Lane) => void;
  /** Draws one entry of a lane, new or changed. */
  drawEntry: (lane: Lane, entry: LaneEntry) => void;
  /**
   * Once a frame, after its entries: the headers of the lanes that changed, and what sums the run
   * up. `done` comes once, in the first frame with nothing left to draw after the run's end.
   */
  drawFrame: (lanes: ReadonlySet<Lane>, done: DoneEvent | undefined) => void;
  showProblem: (text: string) => void;
  lost: () => void;
}

/**
 * New lanes put on the page in one frame at most: 16 workers are hired in one burst, and a frame
 * that laid out 16 new lanes at once (and the switch to compact lanes) was the run's longest task.
 */
export const LANES_PER_FRAME = 3;

/** What the events taken since the last frame changed and the page has not drawn yet. */
interface Undrawn {
  lanes: Lane[];
  /** In the order they first changed: a lane's new entries are appended in order. */
  entries: Map<LaneEntry, Lane>;
  headers: Set<Lane>;
  done?: DoneEvent;
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
  const undrawn: Undrawn = { lanes: [], entries: new Map(), headers: new Set() };
  const frames = workInFrames({
    take: (message: MessageEvent<string>) => {
      if (!display.isShown()) return;
      const index = Number(message.lastEventId);
      // A reconnect may resend what was drawn already; each event is drawn once.
      if (Number.isInteger(index) && index <= run.lastIndex) return;
      if (Number.isInteger(index)) run.lastIndex = index;
      const event = JSON.parse(message.data) as LoopEvent;
      const change = applyEvent(run.view, event);
      if (change.lane !== undefined) {
        if (change.laneCreated) undrawn.lanes.push(change.lane);
        undrawn.headers.add(change.lane);
        if (change.entry !== undefined && !undrawn.entries.has(change.entry))
          undrawn.entries.set(change.entry, change.lane);
      }
      if (change.also !== undefined && !undrawn.entries.has(change.also.entry))
        undrawn.entries.set(change.also.entry, change.also.lane);
      if (event.type === 'done') undrawn.done = event;
    },
    draw: (until) => {
      if (!display.isShown()) return true;
      for (const lane of undrawn.lanes.splice(0, LANES_PER_FRAME)) display.placeLane(lane);
      const waiting = new Set(undrawn.lanes);
      // At least one entry per frame, so a slow entry cannot stall the run's drawing; a lane not
      // on the page yet keeps its entries (in their order) and its header for a later frame.
      for (const [entry, lane] of undrawn.entries) {
        if (waiting.has(lane)) continue;
        undrawn.entries.delete(entry);
        display.drawEntry(lane, entry);
        if (performance.now() >= until) break;
      }
      const headers = new Set([...undrawn.headers].filter((lane) => !waiting.has(lane)));
      for (const lane of headers) undrawn.headers.delete(lane);
      const finished = undrawn.entries.size === 0 && undrawn.lanes.length === 0;
      const done = finished ? undrawn.done : undefined;
      if (headers.size > 0 || done !== undefined) display.drawFrame(headers, done);
      if (done !== undefined) delete undrawn.done;
      return finished;
    },
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
