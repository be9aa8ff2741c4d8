// The run's events drawn a frame's worth at a time: a burst of events (16 workers calling tools
// at once) arrives in one task, and drawing each as it came kept the main thread for seconds.
// Each frame draws what it can in its budget and leaves the rest for the next, so the page keeps
// answering whatever the run's size. App side, in the browser.

/** Main-thread time one frame may spend drawing events, ms: the rest of a 60 Hz frame is the browser's. */
export const FRAME_BUDGET_MS = 10;

export interface FrameQueue<Item> {
  add: (item: Item) => void;
  /** Items waiting for a frame. */
  readonly waiting: number;
}

/** Hands each item added to `draw`, in order, in animation frames of at most FRAME_BUDGET_MS each. */
export function drawInFrames<Item>(draw: (item: Item) => void): FrameQueue<Item> {
  let queue: Item[] = [];
  let next = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const until = performance.now() + FRAME_BUDGET_MS;
    // At least one item per frame, so a slow item cannot stall the queue.
    do {
      const item = queue[next] as Item;
      next += 1;
      draw(item);
    } while (next < queue.length && performance.now() < until);
    if (next >= queue.length) {
      queue = [];
      next = 0;
    } else schedule();
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
