// The page's "Servers" panel: what the kitchen's servers did since it started — a server that
// stopped, its restart, what changed in its tool list, the lines it wrote to stderr — as one log,
// read from GET /api/servers/news every second. It says which servers are down, for the toolbox line, the run
// line and the lanes, and which came back, for the Check panel. App side, in the browser; the
// servers' text goes in with textContent only.

import { api, el } from './dom.js';
import { cleanDisplayText } from './lane-words.js';
import {
  applyServerNews,
  createServerNewsState,
  describeServerNews,
  type ServerNews,
  type ServerNewsState,
} from './server-news.js';

/** Lines the log keeps; a chatty server's stderr would otherwise grow the page without end. */
const KEPT_LINES = 400;
/** How often the page asks for news: a restart shows within it. */
const POLL_MS = 1000;

export interface ServerNewsParts {
  panel: HTMLDetailsElement;
  summary: HTMLElement;
  log: HTMLElement;
  /** Which servers are down changed, by this news (none: a kitchen restarted since cleared them). */
  onDown: (state: ServerNewsState, news?: ServerNews) => void;
  /** A server was listed again (restarted, or its list changed): what the page showed of it is old. */
  onRelisted: (server: string) => void;
}

export function followServerNews(parts: ServerNewsParts): ServerNewsState {
  const state = createServerNewsState();
  let last = -1;
  const heard = (news: ServerNews) => {
    if (applyServerNews(state, news)) parts.onDown(state, news);
    for (const line of describeServerNews(news)) parts.log.append(el('li', `news ${news.type}`, line));
    while (parts.log.childElementCount > KEPT_LINES) parts.log.firstElementChild?.remove();
    parts.summary.textContent = summaryText(state, parts.log.childElementCount);
    // A server that stops is news a person must not miss; under --dev the log is what they came for.
    if (news.type === 'server-stopped' || news.type === 'server-restart-failed' || news.type === 'server-watched')
      parts.panel.open = true;
    if (news.type === 'tools-changed') parts.onRelisted(news.server);
    // The log scrolls in its own box, to its newest line; the page stays where it is.
    parts.log.scrollTop = parts.log.scrollHeight;
  };
  const poll = async () => {
    const { ok, data } = await api<{ news: Array<{ index: number; news: ServerNews }> }>(
      `/api/servers/news?after=${last}`,
    );
    const first = ok ? data.news[0] : undefined;
    // A kitchen restarted since counts from 0 again and started every server afresh.
    if (first !== undefined && first.index <= last && state.down.size > 0) {
      state.down.clear();
      parts.onDown(state);
    }
    if (ok)
      for (const numbered of data.news) {
        last = numbered.index;
        heard(numbered.news);
      }
    setTimeout(() => void poll(), POLL_MS);
  };
  void poll();
  return state;
}

function summaryText(state: ServerNewsState, lines: number): string {
  const down = [...state.down.keys()];
  const now = down.length === 0 ? 'all up' : `🔌 ${cleanDisplayText(down.join(', '))} down`;
  return `🔧 Servers: ${now} · ${lines === 1 ? '1 line' : `${lines} lines`} of restarts, tool lists and stderr`;
}
