// Keeping a lane scrolled to its newest entry while it is followed, without reading the layout
// for every event: whether a lane is followed is learnt from its own scroll events (a person who
// scrolls up stops following it), and the scroll to the end happens once per frame. Reading
// scrollHeight after each appended entry forced a layout of the whole page per event: a burst
// of events took seconds of main thread. App side, in the browser.

/** Within this many pixels of the end, a lane counts as followed. */
const FOLLOWING_WITHIN_PX = 40;

const following = new WeakMap<HTMLElement, boolean>();
/** Where the page last scrolled each lane to: only a person moves it up from there. */
const scrolledTo = new WeakMap<HTMLElement, number>();
const scheduled = new WeakSet<HTMLElement>();

/**
 * A followed lane whose box changes size (lanes placed beside it, the switch to compact lanes, a
 * zoom) is scrolled to its end again: its entries wrap anew, and its end moves down.
 */
let resized: ResizeObserver | undefined;

/** Called once per lane as it is made: a lane is followed from the start. */
export function followLaneScroll(entries: HTMLElement): void {
  following.set(entries, true);
  resized ??= new ResizeObserver((changes) => {
    for (const change of changes) keepAtEnd(change.target as HTMLElement);
  });
  resized.observe(entries);
  entries.addEventListener(
    'scroll',
    () => {
      // Entries growing as they are first laid out move the end away without anyone scrolling:
      // a lane stops being followed only when it is scrolled up from where the page left it.
      if (entries.scrollHeight - entries.scrollTop - entries.clientHeight < FOLLOWING_WITHIN_PX)
        following.set(entries, true);
      else if (entries.scrollTop < (scrolledTo.get(entries) ?? 0) - 1) following.set(entries, false);
    },
    { passive: true },
  );
}

/** After an entry was added: a followed lane is scrolled to its end at the next frame, once. */
export function keepAtEnd(entries: HTMLElement): void {
  if (following.get(entries) === false || scheduled.has(entries)) return;
  scheduled.add(entries);
  requestAnimationFrame(() => {
    scheduled.delete(entries);
    if (following.get(entries) === false) return;
    entries.scrollTop = entries.scrollHeight;
    scrolledTo.set(entries, entries.scrollTop);
  });
}

/** Whether the lane is kept at its end (no person scrolled it up to read). */
export function isFollowed(entries: HTMLElement): boolean {
  return following.get(entries) !== false;
}

/**
 * The page took entries off the top of the lane: the browser's scroll anchoring moves the lane up
 * by their height to keep what is in view, and that must not read as a person scrolling up.
 */
export function entriesTakenOffTop(entries: HTMLElement): void {
  scrolledTo.set(entries, 0);
}
