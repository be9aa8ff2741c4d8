// The web app's news about its servers (page/server-news.ts): kept in order, the newest few
// hundred, for pages that ask GET /api/servers/news now or later, and told to each subscriber
// (the terminal under --dev).
// It also remembers each server's tool list, so a new listing is told as what changed. App side.

import { diffToolLists, type ListedTool } from '@kitchen/runtime/dev-loop/tool-list-diff';
import type { ServerNews } from './page/server-news.js';

/** News kept for a page that opens the stream later (a restart's tool list, the stderr before it). */
const KEPT_NEWS = 500;

/** News as it is sent: its place in the whole sequence, so a page asks for what came after it. */
export interface NumberedNews {
  index: number;
  news: ServerNews;
}

export class ServerNewsFeed {
  readonly #kept: NumberedNews[] = [];
  readonly #listeners = new Set<(numbered: NumberedNews) => void>();
  readonly #listed = new Map<string, readonly ListedTool[]>();
  #next = 0;

  /**
   * What is kept, from `from` (an index) on. An index past the newest is a page that heard an
   * earlier kitchen on this port (restarted since): it gets everything this one kept.
   */
  since(from: number): NumberedNews[] {
    const start = from > this.#next ? 0 : from;
    return this.#kept.filter((numbered) => numbered.index >= start);
  }

  push(news: ServerNews): void {
    const numbered = { index: this.#next, news };
    this.#next += 1;
    this.#kept.push(numbered);
    if (this.#kept.length > KEPT_NEWS) this.#kept.shift();
    for (const listener of this.#listeners) listener(numbered);
  }

  subscribe(listener: (numbered: NumberedNews) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * A server's tools as listed now. The first listing is remembered quietly; each later one is
   * told as a tools-changed, even when nothing changed (after a restart, "unchanged" is news).
   */
  listed(server: string, tools: readonly ListedTool[]): void {
    const before = this.#listed.get(server);
    const now = tools.map(({ name, description, inputSchema, annotations }) => ({
      name,
      ...(description === undefined ? {} : { description }),
      inputSchema,
      annotations,
    }));
    this.#listed.set(server, now);
    if (before === undefined) return;
    this.push({
      type: 'tools-changed',
      at: Date.now(),
      server,
      tools: now.length,
      was: before.length,
      changes: diffToolLists(before, now),
    });
  }
}
