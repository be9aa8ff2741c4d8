// What kitchen dev watches for a server when its config says nothing ("dev.watch" absent): the
// source files in the package folder of a server the kitchen launches, or in the folder of the
// script a "command" runs.
// Runtime side; reads only whether a path is a file.

import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { ServerEntry } from '../config/kitchen-config.js';

const SCRIPT = /\.(?:[cm]?[jt]s|py)$/;

/**
 * In a folder watched by default, only source and config files count: a server that writes its
 * log or data into its own folder must not restart itself forever.
 */
export const DEFAULT_WATCHED_FILES = '**/*.{ts,mts,cts,js,mjs,cjs,json,py}';

/**
 * The server's own "dev.watch" patterns, else its default; undefined for a server reached by URL
 * with no "dev.watch" (something else runs it, so nothing here says which files are its).
 */
export function serverWatch(entry: ServerEntry, cwd: string = process.cwd()): string[] | undefined {
  if (entry.watch !== undefined) return entry.watch;
  switch (entry.kind) {
    case 'launch':
      return [join(entry.packageDirectory, DEFAULT_WATCHED_FILES)];
    case 'remote':
      return undefined;
    case 'stdio': {
      const folder = entry.cwd ?? cwd;
      // `node server.mjs`, `npx tsx src/main.ts`, `python server.py`: the first word that is a script file.
      const script = [...entry.args, entry.command]
        .filter((word) => SCRIPT.test(word))
        .map((word) => (isAbsolute(word) ? word : resolve(folder, word)))
        .find((file) => existsSync(file) && statSync(file).isFile());
      return [join(script === undefined ? folder : dirname(script), DEFAULT_WATCHED_FILES)];
    }
  }
}
