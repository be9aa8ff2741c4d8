// Finds where a concept lives, at run time: the first line of a repository file that holds a
// marker string, printed as path:line. The tour points at code this way so its anchors stay true
// when lines move; a marker that is gone is an error, and the tour's tests fail on it.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository root: this file sits at packages/course/tour/src/anchor.ts. */
export const REPO_ROOT = new URL('../../../../', import.meta.url).pathname;

export class MissingAnchorError extends Error {}

/** The 1-based line of the first line of `path` (from the repository root) containing `marker`. */
export function findLine(path: string, marker: string): number {
  const lines = readFileSync(join(REPO_ROOT, path), 'utf8').split('\n');
  const index = lines.findIndex((line) => line.includes(marker));
  if (index < 0) throw new MissingAnchorError(`${path} no longer contains ${JSON.stringify(marker)}`);
  return index + 1;
}

/** "path:line" for the first line of `path` containing `marker`. */
export function anchor(path: string, marker: string): string {
  return `${path}:${findLine(path, marker)}`;
}
