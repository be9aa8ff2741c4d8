// One lane of the kitchen's web page: its elements, its header and its entries. App side, in the
// browser; server and model text goes in with textContent only.

import { el } from './dom.js';
import { renderEntry } from './entry-view.js';
import { entriesTakenOffTop, followLaneScroll, isFollowed, keepAtEnd } from './lane-scroll.js';
import {
  cleanDisplayText,
  failedCalls,
  formatCents,
  formatDuration,
  formatTokens,
  laneStatusText,
  laneTitle,
  shortenText,
} from './lane-words.js';
import type { Lane, LaneEntry } from './lanes.js';
import type { LaneParts, PageRun } from './page-run.js';
import { laneServersDown } from './server-news.js';

/** More lanes than this and the lanes go compact (style.css): 16 workers fit a 1440×900 screen. */
const COMPACT_ABOVE = 5;

/** Whether the run's lanes are drawn compact (`.lanes.compact`), each its head and its last lines. */
export function lanesAreCompact(run: PageRun): boolean {
  return run.view.lanes.length > COMPACT_ABOVE;
}

/**
 * Entries a lane keeps on the page, its newest: the browser's layout, paint and hit tests grow with
 * every element on the page, and a 500-jar run draws thousands. A compact lane shows four or so;
 * the rest stand behind one "earlier entries" row that draws them all when asked.
 */
export const ENTRIES_KEPT = { compact: 12, full: 60 } as const;

/** Draws one entry in its lane, or redraws it in place; keeps the lane scrolled to the end if it was. */
export function drawEntry(run: PageRun, parts: LaneParts, lane: Lane, entry: LaneEntry): void {
  const known = run.entryElements.get(entry);
  const fresh = entryElement(run, entry);
  // An entry taken off the page is drawn anew only if the lane is unfolded again.
  if (known?.isConnected) known.replaceWith(fresh);
  else if (known === undefined) {
    parts.entries.append(fresh);
    parts.drawn = (parts.drawn ?? 0) + 1;
  }
  run.entryElements.set(entry, fresh);
  keepEntriesBounded(run, parts, lane);
  keepAtEnd(parts.entries);
}

function entryElement(run: PageRun, entry: LaneEntry): HTMLLIElement {
  return renderEntry(entry, (id) => {
    const worker = run.view.laneById.get(id);
    return worker ? laneTitle(worker) : `#${id}`;
  });
}

/**
 * Takes the oldest entries off a followed lane past its bound. Never one that waits for a person
 * (a question, or a call with a question under it), nor in a lane a person scrolled up to read.
 */
function keepEntriesBounded(run: PageRun, parts: LaneParts, lane: Lane): void {
  if (parts.unfolded || !isFollowed(parts.entries)) return;
  const kept = lane.id !== 'main' && lanesAreCompact(run) ? ENTRIES_KEPT.compact : ENTRIES_KEPT.full;
  let shown = parts.entries.childElementCount - (parts.earlier?.isConnected ? 1 : 0);
  if (shown <= kept) return;
  for (const element of [...parts.entries.children]) {
    if (shown <= kept) break;
    if (element === parts.earlier || element.matches('.pending, :has(.question.waiting)')) continue;
    element.remove();
    shown -= 1;
  }
  entriesTakenOffTop(parts.entries);
  parts.earlier ??= earlierRow(run, parts, lane);
  if (parts.entries.firstElementChild !== parts.earlier) parts.entries.prepend(parts.earlier);
  const hidden = (parts.drawn ?? 0) - shown;
  const button = parts.earlier.querySelector('button');
  if (button) button.textContent = `⋯ ${hidden} earlier ${hidden === 1 ? 'entry' : 'entries'}: show all`;
}

function earlierRow(run: PageRun, parts: LaneParts, lane: Lane): HTMLLIElement {
  const button = el('button', 'secondary earlier-button');
  button.type = 'button';
  button.addEventListener('click', () => showEveryEntry(run, parts, lane));
  return el('li', 'entry earlier', undefined, button);
}

/** Puts every entry of the lane back on the page, in order, and keeps them there. */
export function showEveryEntry(run: PageRun, parts: LaneParts, lane: Lane): void {
  parts.unfolded = true;
  parts.earlier?.remove();
  const elements = lane.entries.map((entry) => {
    const known = run.entryElements.get(entry);
    if (known) return known;
    const fresh = entryElement(run, entry);
    run.entryElements.set(entry, fresh);
    return fresh;
  });
  parts.entries.replaceChildren(...elements);
}

/** The lane's elements, made (in `container`, main first) the first time it is drawn. */
export function laneElement(
  run: PageRun,
  lane: Lane,
  container: HTMLElement,
  onStop: (run: PageRun, agent: string, button: HTMLButtonElement) => Promise<void>,
): LaneParts {
  let parts = run.laneElements.get(lane.id);
  if (parts) return parts;
  const title = el('h2', 'lane-title');
  const status = el('span', 'lane-status');
  const money = el('span', 'lane-money');
  const hired = el('a', 'hired-by');
  hired.hidden = true;
  const stop = el('button', 'secondary lane-stop', 'Stop lane');
  stop.type = 'button';
  stop.hidden = true;
  stop.addEventListener('click', () => void onStop(run, lane.id, stop));
  const task = el('p', 'lane-task');
  const entries = el('ol', 'lane-entries');
  followLaneScroll(entries);
  const final = el('p', 'lane-final');
  final.hidden = true;
  const root = el(
    'article',
    `lane${lane.id === 'main' ? ' lane-main' : ''}`,
    undefined,
    el('header', 'lane-header', undefined, title, status, stop),
    el('div', 'lane-about', undefined, money, hired),
    task,
    entries,
    final,
  );
  root.id = `lane-${lane.id}`;
  root.dataset.agent = lane.id;
  root.setAttribute('aria-labelledby', `lane-title-${lane.id}`);
  title.id = `lane-title-${lane.id}`;
  const workers = el('div', 'lane-workers');
  const group = el('div', `lane-group depth-${Math.min(lane.depth, 3)}`, undefined, root, workers);
  group.id = `lane-group-${lane.id}`;
  group.dataset.agent = lane.id;
  parts = { group, workers, root, title, status, money, hired, stop, task, entries, final };
  run.laneElements.set(lane.id, parts);
  if (lane.id === 'main') container.prepend(group);
  else if (!nestUnderHirer(run, lane, parts)) container.append(group);
  return parts;
}

/** Puts a worker's lane under the lane that hired it, once that lane is drawn; false until it is. */
function nestUnderHirer(run: PageRun, lane: Lane, parts: LaneParts): boolean {
  const hirer = lane.parent === undefined ? undefined : run.laneElements.get(lane.parent);
  if (hirer === undefined) return false;
  if (parts.group.parentElement !== hirer.workers) hirer.workers.append(parts.group);
  // A class, not :has(): the browser checked a :has() rule against every lane's changes.
  hirer.group.classList.add('has-workers');
  return true;
}

/** The lane's header: title, status, tokens and cost, who hired it, Stop lane, task, final report. */
export function drawLaneHeader(parts: LaneParts, lane: Lane, run: PageRun): void {
  // A lane drawn before its hirer's was (or before it said who hired it) moves under it now.
  nestUnderHirer(run, lane, parts);
  parts.group.className = `lane-group depth-${Math.min(lane.depth, 3)}`;
  parts.title.textContent = laneTitle(lane);
  // A lane of a run the kitchen never finished is not running, whatever its last event said.
  const unfinished = run.closed === true && lane.status === 'running';
  const down = laneServersDown(lane, run.serversDown);
  parts.status.textContent = unfinished ? '⚠️ unfinished: the kitchen stopped' : laneStatusText(lane);
  if (down.length > 0) parts.status.append(el('span', 'server-down', ` · 🔌 ${down.join(', ')} down`));
  const tone =
    unfinished || down.length > 0
      ? 'warn'
      : lane.status === 'running'
        ? lane.waiting > 0
          ? 'waiting'
          : 'running'
        : lane.stopReason === 'end_turn' && failedCalls(lane) === 0
          ? 'ok'
          : 'warn';
  parts.status.className = `lane-status ${tone}`;
  parts.root.classList.toggle('lane-failed', lane.status === 'ended' && lane.stopReason !== 'end_turn');
  const waited = lane.waitedMs > 0 ? ` · ✋ ${formatDuration(lane.waitedMs)} waiting for you` : '';
  parts.money.textContent = `${formatTokens(lane.tokens)} tokens · ${formatCents(lane.costCents)}${waited}`;
  if (lane.hiredBy) {
    const parent = run.view.laneById.get(lane.hiredBy.lane);
    parts.hired.textContent = `↖ hired by ${parent ? laneTitle(parent) : cleanDisplayText(lane.hiredBy.lane)}'s spawn_agent call`;
    parts.hired.href = `#call-${lane.hiredBy.callId}`;
    parts.hired.hidden = false;
  }
  parts.stop.hidden = !(run.live && lane.id !== 'main' && lane.status === 'running');
  parts.task.textContent = shortenText(lane.task, 180);
  parts.task.title = cleanDisplayText(lane.task);
  // A worker's report usually is its last text already; show it apart only when it is not.
  const saidLast = lane.entries.findLast((entry) => entry.kind === 'text')?.text;
  if (lane.status === 'ended' && lane.id !== 'main' && lane.finalText && lane.finalText.trim() !== saidLast?.trim()) {
    parts.final.textContent = shortenText(lane.finalText, 400);
    parts.final.className = `lane-final${lane.stopReason === 'end_turn' ? '' : ' failed'}`;
    parts.final.hidden = false;
  }
}
