// Watches a server's files for the developer loop and says, once a burst of changes has settled,
// which files changed: one fs.watch per folder, filtered by the server's watch patterns. Runtime side.

import { type Dirent, type FSWatcher, readdirSync, statSync, watch } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { IGNORED_FOLDERS, type WatchPattern, watchPattern } from './watch-pattern.js';

/** An editor's save is often several events (write, rename, chmod): one restart for all of them. */
export const WATCH_DEBOUNCE_MS = 150;

export interface FileWatch {
  /** The folders (or files) watched, for the line that says so. */
  roots: string[];
  close(): void;
}

export interface WatchFilesOptions {
  /** Globs or folders (see watchPattern), relative to `base`. */
  patterns: readonly string[];
  base: string;
  /** Told once the changes have been quiet for `debounceMs`, with the changed files (absolute, sorted). */
  onChange: (files: string[]) => void;
  debounceMs?: number;
  /** A folder that cannot be watched (gone, no permission): said, not thrown. */
  onError?: (error: Error) => void;
}

export function watchFiles(options: WatchFilesOptions): FileWatch {
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const changed = (file: string) => {
    if (closed) return;
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...pending].sort();
      pending.clear();
      options.onChange(files);
    }, options.debounceMs ?? WATCH_DEBOUNCE_MS);
  };
  const watchers = new Map<string, FSWatcher>();
  const fail = (error: unknown) => options.onError?.(error instanceof Error ? error : new Error(String(error)));
  const patterns = options.patterns.map((pattern) => watchPattern(pattern, options.base));
  for (const pattern of patterns) {
    try {
      if (statSync(pattern.root).isFile()) watchFile(pattern.root, watchers, changed, fail);
      else watchFolder(pattern, pattern.root, watchers, changed, fail);
    } catch (error) {
      fail(error);
    }
  }
  return {
    roots: patterns.map((pattern) => pattern.root),
    close: () => {
      closed = true;
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

type Changed = (file: string) => void;
type Failed = (error: unknown) => void;

/** A single file: its folder is watched, since an editor's save may replace the file itself. */
function watchFile(file: string, watchers: Map<string, FSWatcher>, changed: Changed, fail: Failed): void {
  const name = basename(file);
  const watcher = watch(dirname(file), { persistent: false }, (_event, touched) => {
    if (touched === name) changed(file);
  });
  watcher.on('error', fail);
  watchers.set(file, watcher);
}

/**
 * A folder and every folder under it but the ignored ones, each with its own watcher (Node 20's
 * recursive fs.watch on Linux walks node_modules too, and throws when a folder vanishes mid-walk).
 * A folder created later is watched from its first event on.
 */
function watchFolder(
  pattern: WatchPattern,
  folder: string,
  watchers: Map<string, FSWatcher>,
  changed: Changed,
  fail: Failed,
): void {
  if (watchers.has(folder)) return;
  let entries: Dirent[];
  let watcher: FSWatcher;
  try {
    watcher = watch(folder, { persistent: false }, (_event, name) => {
      if (name === null) return;
      const path = join(folder, name);
      const relativePath = relative(pattern.root, path).split(sep).join('/');
      if (pattern.matches(relativePath)) changed(path);
      if (!IGNORED_FOLDERS.has(name) && isFolder(path)) watchFolder(pattern, path, watchers, changed, fail);
    });
    entries = readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    // Gone between its parent's event and now: nothing to watch.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') fail(error);
    return;
  }
  watcher.on('error', () => {
    watcher.close();
    watchers.delete(folder);
  });
  watchers.set(folder, watcher);
  for (const entry of entries) {
    if (entry.isDirectory() && !IGNORED_FOLDERS.has(entry.name)) {
      watchFolder(pattern, join(folder, entry.name), watchers, changed, fail);
    }
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
