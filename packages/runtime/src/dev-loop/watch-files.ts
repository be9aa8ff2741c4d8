// Watches a server's files for the developer loop and says, once a burst of changes has settled,
// which files changed. Node's own recursive fs.watch, filtered by the server's watch patterns.
// Runtime side.

import { type FSWatcher, statSync, watch } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { type WatchPattern, watchPattern } from './watch-pattern.js';

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
  const changed = (file: string) => {
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...pending].sort();
      pending.clear();
      options.onChange(files);
    }, options.debounceMs ?? WATCH_DEBOUNCE_MS);
  };
  const watchers: FSWatcher[] = [];
  const patterns = options.patterns.map((pattern) => watchPattern(pattern, options.base));
  for (const pattern of patterns) {
    try {
      watchers.push(watchOne(pattern, changed));
    } catch (error) {
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
    }
  }
  for (const watcher of watchers) watcher.on('error', (error) => options.onError?.(error));
  return {
    roots: patterns.map((pattern) => pattern.root),
    close: () => {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}

function watchOne(pattern: WatchPattern, changed: (file: string) => void): FSWatcher {
  if (statSync(pattern.root).isFile()) {
    // A single file: its folder is watched, since an editor's save may replace the file itself.
    const folder = dirname(pattern.root);
    const name = basename(pattern.root);
    return watch(folder, { persistent: false }, (_event, file) => {
      if (file === name) changed(pattern.root);
    });
  }
  return watch(pattern.root, { recursive: true, persistent: false }, (_event, file) => {
    if (file === null) return;
    const path = join(pattern.root, file);
    const relativePath = relative(pattern.root, path).split(sep).join('/');
    if (pattern.matches(relativePath)) changed(path);
  });
}
