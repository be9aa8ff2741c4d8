// Where run traces are kept: --runs-dir, else KITCHEN_RUNS_DIR, else .kitchen/runs under the working directory
// (git-ignored). Runtime side.

import { resolve } from 'node:path';
import { DEFAULT_RUNS_FOLDER } from './trace-writer.js';

export function runsFolder(environment: NodeJS.ProcessEnv = process.env, flag?: string, cwd = process.cwd()): string {
  const configured = flag?.trim() ?? environment['KITCHEN_RUNS_DIR']?.trim();
  return resolve(cwd, configured === undefined || configured === '' ? DEFAULT_RUNS_FOLDER : configured);
}
