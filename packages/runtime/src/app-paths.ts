// Where the running app's own files are, whether it runs from source (src/**/*.ts under tsx or
// vitest) or compiled (an app's dist/, from `pnpm build`, with this file bundled in). Runtime side.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** True when this code was compiled to JavaScript: then the servers it starts run compiled too. */
export const RUNS_COMPILED = !import.meta.url.endsWith('.ts');

/**
 * The package folder of the code running: the app whose bundle holds this file when compiled
 * (apps/cli, apps/web), packages/runtime from source; the nearest folder upwards with a package.json.
 */
export const APP_DIRECTORY = packageFolderAbove(dirname(fileURLToPath(import.meta.url)));

/** The kitchen's repository root, where the default kitchen.config.json sits. */
export const KITCHEN_ROOT = join(APP_DIRECTORY, '..', '..');

/** The preload every started server gets (see server-processes/exit-with-parent.ts). */
export const EXIT_WITH_PARENT_FILE = RUNS_COMPILED
  ? join(APP_DIRECTORY, 'dist', 'exit-with-parent.js')
  : join(APP_DIRECTORY, 'src', 'server-processes', 'exit-with-parent.ts');

/** The preload that keeps fetch's parser uncompiled until a server calls out (see server-processes/defer-fetch-parser.ts). */
export const DEFER_FETCH_PARSER_FILE = RUNS_COMPILED
  ? join(APP_DIRECTORY, 'dist', 'defer-fetch-parser.js')
  : join(APP_DIRECTORY, 'src', 'server-processes', 'defer-fetch-parser.ts');

/** The nearest folder at or above `start` that holds a package.json. */
export function packageFolderAbove(start: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) throw new Error(`no package.json above ${start}`);
  }
}
