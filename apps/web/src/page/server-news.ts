// What the kitchen says about its servers between and during runs: one stopped, one was started
// again, its tool list changed (and how), a line it wrote to stderr, its files changed under
// `--dev`. Plain objects, sent over GET /api/servers/news as the web app sees them happen, and
// folded here into which servers are down now and one line each for the page's server log. App
// side, browser and Node alike: no DOM, unit-tested in Node.

import type { ToolListChange } from '@kitchen/runtime/dev-loop/tool-list-diff';
import { describeToolListChange } from '@kitchen/runtime/dev-loop/tool-list-diff';
import { cleanDisplayText, plural } from './lane-words.js';
import type { Lane } from './lanes.js';

export type { ToolListChange };

export type ServerNews =
  /** A server the kitchen started exited before the kitchen stopped it. */
  | { type: 'server-stopped'; at: number; server: string; reason: string; restarting: boolean }
  /** It was started again and is listening; its tools are listed again next. */
  | { type: 'server-restarted'; at: number; server: string; url: string; startMs: number }
  /** Starting it again failed: its tools stay down. */
  | { type: 'server-restart-failed'; at: number; server: string; reason: string }
  /** Its tool list as listed now, against the one before: what was added, removed or changed. */
  | { type: 'tools-changed'; at: number; server: string; tools: number; was: number; changes: ToolListChange[] }
  /** One line the server wrote to stderr. */
  | { type: 'server-stderr'; at: number; server: string; line: string }
  /** `kitchen web --dev SERVER`: its files are watched from now on (the folders or files named). */
  | { type: 'server-watched'; at: number; server: string; roots: string[] }
  /** `kitchen web --dev SERVER`: its files changed, so it is restarted now. */
  | { type: 'server-files-changed'; at: number; server: string; files: string[] };

/** The servers as the news tells them: which are down now, and why. */
export interface ServerNewsState {
  down: Map<string, string>;
}

export function createServerNewsState(): ServerNewsState {
  return { down: new Map() };
}

/** Folds one piece of news in; says whether which servers are down changed. */
export function applyServerNews(state: ServerNewsState, news: ServerNews): boolean {
  switch (news.type) {
    case 'server-stopped':
    case 'server-restart-failed': {
      const had = state.down.get(news.server);
      state.down.set(news.server, cleanDisplayText(news.reason));
      return had === undefined;
    }
    case 'server-files-changed':
      // A restart for a change is a stop the person asked for: down until it is back.
      if (state.down.has(news.server)) return false;
      state.down.set(news.server, 'restarting after a change to its files');
      return true;
    case 'server-restarted':
      return state.down.delete(news.server);
    case 'tools-changed':
    case 'server-stderr':
    case 'server-watched':
      return false;
  }
}

/** The servers down now, by name. */
export function serversDown(state: ServerNewsState): string[] {
  return [...state.down.keys()].sort();
}

/** " · 🔌 cookie-jars down", appended to the toolbox line; nothing when every server is up. */
export function downNote(state: ServerNewsState): string {
  const down = serversDown(state).map(cleanDisplayText);
  return down.length === 0 ? '' : ` · 🔌 ${down.join(', ')} ${down.length === 1 ? 'is' : 'are'} down`;
}

/** The servers among `down` that this lane called: its calls to them fail while they are down. */
export function laneServersDown(lane: Pick<Lane, 'calls'>, down: ReadonlySet<string>): string[] {
  const used = new Set([...lane.calls.values()].map((call) => call.server));
  return [...down].filter((server) => used.has(server)).sort();
}

/** The log's lines for one piece of news: the first says what happened, the others list the changes. */
export function describeServerNews(news: ServerNews): string[] {
  const server = cleanDisplayText(news.server);
  switch (news.type) {
    case 'server-stopped':
      return [
        `⚠️ ${server} stopped unexpectedly (${cleanDisplayText(news.reason)})${news.restarting ? '; starting it again' : '; its tools will fail from now on'}`,
      ];
    case 'server-restarted':
      return [
        `🔁 ${server} started again at ${cleanDisplayText(news.url)}, ready in ${(news.startMs / 1000).toFixed(1)} s`,
      ];
    case 'server-restart-failed':
      return [`⚠️ ${server} could not be started again (${cleanDisplayText(news.reason)}); its tools will fail`];
    case 'tools-changed':
      if (news.changes.length === 0) return [`🔧 ${server}: ${plural(news.tools, 'tool')}, the list is unchanged`];
      return [
        `🔧 ${server}: ${plural(news.tools, 'tool')} (was ${news.was}):`,
        ...news.changes.map((change) => `   ${cleanDisplayText(describeToolListChange(change))}`),
      ];
    case 'server-stderr':
      return [`[${server}] ${cleanDisplayText(news.line)}`];
    case 'server-watched':
      return [`👀 watching ${news.roots.map(cleanDisplayText).join(', ')}: a change restarts ${server}`];
    case 'server-files-changed': {
      const [first = ''] = news.files;
      const more = news.files.length > 1 ? ` and ${news.files.length - 1} more` : '';
      return [`🔁 ${cleanDisplayText(first)}${more} changed; restarting ${server}`];
    }
  }
}
