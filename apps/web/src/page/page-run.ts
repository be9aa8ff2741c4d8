// A run as the page shows it: its events folded into a view, the elements drawn for its lanes and
// entries, and where its event stream stands. App side, in the browser.

import { createRunView, type LaneEntry, type RunView } from './lanes.js';

/**
 * The elements of one lane (lane-view.ts). `group` holds the lane and, in `workers`, the groups
 * of the lanes it hired: a worker's worker sits under the worker that hired it, at any depth.
 */
export interface LaneParts {
  group: HTMLElement;
  workers: HTMLElement;
  root: HTMLElement;
  title: HTMLElement;
  status: HTMLElement;
  money: HTMLElement;
  hired: HTMLAnchorElement;
  stop: HTMLButtonElement;
  task: HTMLElement;
  entries: HTMLElement;
  final: HTMLElement;
  /** The row that stands for the entries no longer on the page (lane-view.ts, keepEntriesBounded). */
  earlier?: HTMLLIElement;
  /** A person asked for every entry of this lane: none is taken off the page again. */
  unfolded?: boolean;
  /** Entries of this lane put on the page so far, on it or taken off it. */
  drawn?: number;
}

export interface PageRun {
  runId: string;
  model: string;
  paceMs: number;
  view: RunView;
  laneElements: Map<string, LaneParts>;
  entryElements: WeakMap<LaneEntry, HTMLElement>;
  source?: EventSource;
  /** The index of the last event folded in; -1 before the first. */
  lastIndex: number;
  /** Followed live from the kitchen (not from its trace). */
  live: boolean;
  /** Its trace ends before `done`: the kitchen stopped first. */
  closed: boolean;
  replaySpeed?: number;
  /**
   * Servers that went down while this run was followed live and are not back (server-news.ts):
   * its run line and the lanes that called them say so, and at its end it is not a clean success.
   */
  serversDown: Set<string>;
}

/** A run to show: nothing drawn yet, its events folded into `view` from `lastIndex` on. */
export function pageRun(about: {
  runId: string;
  model: string;
  paceMs: number;
  view?: RunView;
  lastIndex?: number;
  live: boolean;
  closed?: boolean;
  replaySpeed?: number;
}): PageRun {
  const { runId, model, paceMs, view = createRunView(), lastIndex = -1, live, closed = false, replaySpeed } = about;
  return {
    runId,
    model,
    paceMs,
    view,
    laneElements: new Map(),
    entryElements: new WeakMap(),
    lastIndex,
    live,
    closed,
    ...(replaySpeed === undefined ? {} : { replaySpeed }),
    serversDown: new Set(),
  };
}
