// The kitchen web page's list of recent runs, read from their traces: each opens its run or plays
// it again at the chosen speed. App side, in the browser; task text goes in with textContent only.

import { api, el } from './dom.js';
import type { RunListing } from './kitchen-api.js';
import { recentRunAbout, shortenText, whenStarted } from './lane-words.js';

/** How many of the newest runs the list shows. */
const RECENT_RUNS = 12;

export interface RecentRunsParts {
  list: HTMLElement;
  speed: HTMLSelectElement;
  open: (runId: string) => void;
  replay: (runId: string, speed: number) => void;
}

/** Reads the kitchen's traces and lists the newest runs; a kitchen that does not answer leaves the list as it was. */
export async function refreshRecentRuns(parts: RecentRunsParts): Promise<void> {
  const { ok, data } = await api<{ runs?: RunListing[] }>('/api/traces');
  if (!ok) return;
  const items = (data.runs ?? []).slice(0, RECENT_RUNS).map((run) => {
    const link = el('a', '', shortenText(run.task, 70));
    link.href = `?run=${encodeURIComponent(run.id)}`;
    link.addEventListener('click', (clicked) => {
      clicked.preventDefault();
      parts.open(run.id);
    });
    const when = whenStarted(run.startedAt, Date.now());
    const replay = el('button', 'secondary replay', '▶ replay');
    replay.type = 'button';
    replay.setAttribute('aria-label', `Replay ${shortenText(run.task, 70)}`);
    replay.addEventListener('click', () => parts.replay(run.id, Number(parts.speed.value)));
    // Runs of the same task are told apart by when they ran, how they ended and what they cost.
    return el(
      'li',
      '',
      undefined,
      el('span', 'recent-when', when),
      ' ',
      link,
      ' ',
      replay,
      el('span', 'recent-about', ` · ${recentRunAbout(run)}`),
    );
  });
  parts.list.replaceChildren(...(items.length > 0 ? items : [el('li', '', 'No recorded runs yet.')]));
}
