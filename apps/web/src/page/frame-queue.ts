// The run's events drawn a frame's worth at a time: a burst of events (16 workers calling tools
// at once) arrives in one task, and drawing each as it came kept the main thread for seconds.
// Each frame first takes the events that came (folding one into the view is cheap), then draws
// what they changed in its budget: an entry that changed three times since the last frame (a
// call, its progress, its result) is drawn once, and what is left waits for the next frame. The
// browser's own work for a frame (style, layout, paint) grows with what was drawn, so the budget
// is for drawing, not for the whole frame. App side, in the browser.

/** Main-thread time one frame may spend taking items, ms. */
export const TAKE_BUDGET_MS = 4;
/**
 * Main-thread time one frame may spend drawing, ms: the browser's style, layout and paint of what
 * was drawn come after, in the same task, and take 3-4 times as long (traces of a 500-jar,
 * 16-worker run: 5 ms of drawing, 15-20 ms of rendering, with lanes contained, render-bounds.css).
 * Less drawing a frame means more frames for a run, each with its own rendering: 3 ms made the
 * longest frame no shorter, and at 2 ms the browser tests' CPU grew so much that the suite took
 * 8-10 minutes instead of 5.
 */
export const DRAW_BUDGET_MS = 5;

export interface FrameWork<Item> {
  /** Takes one item in (cheap: no drawing). */
  take: (item: Item) => void;
  /** Draws some of what the items taken changed, until performance.now() passes `until`; true when all is drawn. */
  draw: (until: number) => boolean;
}

export interface FrameQueue<Item> {
  add: (item: Item) => void;
  /** Items waiting for a frame. */
  readonly waiting: number;
}

/** Hands each item added to `work.take`, in order, and has `work.draw` draw, in animation frames. */
export function workInFrames<Item>(work: FrameWork<Item>): FrameQueue<Item> {
  let queue: Item[] = [];
  let next = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const takeUntil = performance.now() + TAKE_BUDGET_MS;
    // At least one item per frame, so a slow item cannot stall the queue.
    while (next < queue.length) {
      const item = queue[next] as Item;
      next += 1;
      work.take(item);
      if (performance.now() >= takeUntil) break;
    }
    if (next >= queue.length) {
      queue = [];
      next = 0;
    }
    const drawn = work.draw(performance.now() + DRAW_BUDGET_MS);
    if (!drawn || next < queue.length) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(flush);
  };
  return {
    add: (item) => {
      queue.push(item);
      schedule();
    },
    get waiting() {
      return queue.length - next;
    },
  };
}
