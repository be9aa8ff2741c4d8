// The kitchen web page's list of recent runs, read from their traces: each opens its run or plays
// it again at the chosen speed. App side, in the browser; task text goes in with textContent only.

import { api, el } from './dom.js';
import { formatCents, formatTokens, shortenText } from './lane-words.js';

/** How many of the newest runs the list shows. */
const RECENT_RUNS = 12;

/**
 * Reads the kitchen's traces and lists the newest runs; a kitchen that does not answer leaves the list as it was.
 * @param {{ list: HTMLElement; speed: HTMLSelectElement; open: (runId: string) => void;
 *   replay: (runId: string, speed: number) => void }} parts
 */
export async function refreshRecentRuns(parts) {
  const { ok, data } = await api('/api/traces');
  if (!ok) return;
  const items = (data.runs ?? []).slice(0, RECENT_RUNS).map((run) => {
    const link = el('a', '', shortenText(run.task, 70));
    link.href = `?run=${encodeURIComponent(run.id)}`;
    link.addEventListener('click', (clicked) => {
      clicked.preventDefault();
      parts.open(run.id);
    });
    const when = new Date(run.startedAt).toLocaleString();
    const replay = el('button', 'secondary replay', '▶ replay');
    replay.type = 'button';
    replay.setAttribute('aria-label', `Replay ${shortenText(run.task, 70)}`);
    replay.addEventListener('click', () => parts.replay(run.id, Number(parts.speed.value)));
    return el(
      'li',
      '',
      undefined,
      link,
      ' ',
      replay,
      el(
        'span',
        'recent-about',
        ` · ${run.outcome} · ${formatTokens(run.tokens)} tokens · ${formatCents(run.costCents)} · ${when}`,
      ),
    );
  });
  parts.list.replaceChildren(...(items.length > 0 ? items : [el('li', '', 'No recorded runs yet.')]));
}
