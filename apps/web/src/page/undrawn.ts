// What the run's events changed and the page has not drawn yet, and how much of it one frame
// draws (run-stream.ts takes the events, frame-queue.ts gives the frames). App side, in the
// browser, but without the DOM: what it draws with is handed in.

import type { Change, DoneEvent, Lane, LaneEntry, LoopEvent } from './lanes.js';

/** How a frame draws (the page's, in run-stream.ts). */
export interface FrameDrawing {
  /** Puts a new lane on the page (its place follows the order lanes were hired in). */
  placeLane: (lane: Lane) => void;
  /** Draws one entry of a lane, new or changed. */
  drawEntry: (lane: Lane, entry: LaneEntry) => void;
  /**
   * Once a frame that drew anything, after its entries: the headers of the lanes that changed, and
   * what sums the run up. `done` comes once, after the run's end, in a frame of its own (no entry,
   * no header).
   */
  drawFrame: (lanes: ReadonlySet<Lane>, done: DoneEvent | undefined) => void;
}

/**
 * New lanes put on the page in one frame at most: 16 workers are hired in one burst, and each new
 * lane in the first row of the grid lays out every lane again at its new width.
 */
export const LANES_PER_FRAME = 1;

export interface Undrawn {
  /** Notes what one event changed. */
  note: (change: Change, event: LoopEvent) => void;
  /**
   * Draws what it can before performance.now() passes `until` (at least one entry, so a slow entry
   * cannot stall the run's drawing); true when nothing is left.
   */
  draw: (drawing: FrameDrawing, until: number) => boolean;
}

export function undrawnChanges(): Undrawn {
  const lanes: Lane[] = [];
  /** In the order they first changed: a lane's new entries are appended in order. */
  const entries = new Map<LaneEntry, Lane>();
  const headers = new Set<Lane>();
  let done: DoneEvent | undefined;
  return {
    note: (change, event) => {
      if (change.lane !== undefined) {
        if (change.laneCreated) lanes.push(change.lane);
        headers.add(change.lane);
        if (change.entry !== undefined && !entries.has(change.entry)) entries.set(change.entry, change.lane);
      }
      if (change.also !== undefined && !entries.has(change.also.entry))
        entries.set(change.also.entry, change.also.lane);
      if (event.type === 'done') done = event;
    },
    draw: (drawing, until) => {
      const placed = lanes.splice(0, LANES_PER_FRAME);
      for (const lane of placed) drawing.placeLane(lane);
      // A lane not on the page yet keeps its entries (in their order) and its header for a later frame.
      const waiting = new Set(lanes);
      let drawn = placed.length;
      for (const [entry, lane] of entries) {
        if (waiting.has(lane)) continue;
        entries.delete(entry);
        drawing.drawEntry(lane, entry);
        drawn += 1;
        if (performance.now() >= until) break;
      }
      const changed = new Set([...headers].filter((lane) => !waiting.has(lane)));
      for (const lane of changed) headers.delete(lane);
      const finished = entries.size === 0 && lanes.length === 0;
      // The report gets a frame of its own: drawn with the last headers, it was the run's longest.
      const ending = finished && changed.size === 0 ? done : undefined;
      // After anything drawn, even with no header changed: a question's buttons may be new on the page.
      if (drawn > 0 || changed.size > 0 || ending !== undefined) drawing.drawFrame(changed, ending);
      if (ending !== undefined) done = undefined;
      return finished && done === undefined;
    },
  };
}
