// `kitchen web --dev SERVER`: the developer loop of `kitchen dev`, in the web kitchen. Watches the
// server's files; on each settled change it says so in the servers' news, starts the server again
// (a launched one on its port; a stdio one is spawned anew by reconnecting, a url one reconnected)
// and the toolbox lists its tools afresh, which the news tells as a tool-list diff. App side.

import { isAbsolute, relative } from 'node:path';
import { ConfigurationError, describeServerLocation, type ServerConnection } from '@kitchen/host';
import type { ServerEntry } from '@kitchen/runtime/config/kitchen-config';
import { serverWatch } from '@kitchen/runtime/dev-loop/server-watch';
import { watchFiles } from '@kitchen/runtime/dev-loop/watch-files';
import type { ServerNewsFeed } from './server-news-feed.js';

export interface DevWatchOptions {
  entry: ServerEntry;
  news: ServerNewsFeed;
  /** Starts a launched server again (RunningServers.restart); false for one the kitchen does not launch. */
  restartLaunched: (server: string) => Promise<boolean>;
  /** Connects again to a server the kitchen does not launch (Toolbox.reconnect). */
  reconnect: (connection: ServerConnection) => Promise<unknown>;
  /** The connection the toolbox has for it now. */
  connection: () => ServerConnection | undefined;
  /** A folder that cannot be watched, or a restart that threw: said, not thrown. */
  complain: (line: string) => void;
  /** Where the patterns are read from, and paths shown relative to; the working directory by default. */
  base?: string;
}

export interface DevWatch {
  close(): Promise<void>;
}

/** Throws ConfigurationError for a server the config does not name, or one reached by url with no "dev.watch". */
export function devEntry(servers: readonly ServerEntry[], name: string): ServerEntry {
  const entry = servers.find((server) => server.name === name);
  if (entry === undefined)
    throw new ConfigurationError(
      `--dev ${name}: no server of that name; the config has ${servers.map((server) => server.name).join(', ')}`,
    );
  if (serverWatch(entry) === undefined)
    throw new ConfigurationError(
      `--dev ${name}: it is reached by url, so the kitchen does not know its files; give it "dev": {"watch": "src/**/*.ts"} in the config`,
    );
  return entry;
}

export function watchDevServer(options: DevWatchOptions): DevWatch {
  const { entry, news } = options;
  const base = options.base ?? process.cwd();
  const shown = (path: string) => {
    const fromBase = relative(base, path);
    return fromBase === '' ? '.' : fromBase.startsWith('..') || isAbsolute(fromBase) ? path : fromBase;
  };
  const restart = async () => {
    if (await options.restartLaunched(entry.name)) return;
    // Not launched by the kitchen: a new connection (a stdio server is spawned anew by it).
    const connection = options.connection();
    if (connection === undefined) return;
    const begun = performance.now();
    await options.reconnect(connection);
    news.push({
      type: 'server-restarted',
      at: Date.now(),
      server: entry.name,
      url: describeServerLocation(connection),
      startMs: Math.round(performance.now() - begun),
    });
  };
  // One restart at a time; changes while one runs make one more after it, not one each.
  let restarts: Promise<void> = Promise.resolve();
  let queued = false;
  let closed = false;
  const watch = watchFiles({
    patterns: serverWatch(entry, base) ?? [],
    base,
    onChange: (files) => {
      if (closed || queued) return;
      queued = true;
      restarts = restarts
        .then(async () => {
          queued = false;
          if (closed) return;
          news.push({ type: 'server-files-changed', at: Date.now(), server: entry.name, files: files.map(shown) });
          await restart();
        })
        .catch((error: unknown) => options.complain(`⚠️ --dev ${entry.name}: ${String(error)}`));
    },
    onError: (error) => options.complain(`⚠️ --dev cannot watch ${entry.name}'s files: ${error.message}`),
  });
  news.push({ type: 'server-watched', at: Date.now(), server: entry.name, roots: watch.roots.map(shown) });
  return {
    close: async () => {
      closed = true;
      watch.close();
      await restarts;
    },
  };
}
