// Where run traces are kept: --runs-dir, else KITCHEN_RUNS_DIR, else .kitchen/runs under the working directory
// (git-ignored), and making that folder. Runtime side.

import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigurationError } from '@kitchen/host';
import { DEFAULT_RUNS_FOLDER } from './trace-writer.js';

export function runsFolder(environment: NodeJS.ProcessEnv = process.env, flag?: string, cwd = process.cwd()): string {
  const configured = flag?.trim() ?? environment['KITCHEN_RUNS_DIR']?.trim();
  return resolve(cwd, configured === undefined || configured === '' ? DEFAULT_RUNS_FOLDER : configured);
}

/** The runs folder could not be made; the message says which folder and why. */
export class RunsFolderError extends ConfigurationError {}

/**
 * Makes `folder` and its missing parents, one level at a time, or throws RunsFolderError with the
 * reason. Not `mkdirSync(…, { recursive: true })`: under /proc (e.g. /proc/self/runs) Node's
 * recursive mkdir loops forever at full CPU; walking the path is bounded by its depth.
 */
export function makeRunsFolder(folder: string): void {
  const missing: string[] = [];
  for (let current = resolve(folder); ; current = dirname(current)) {
    const found = statOf(current);
    if (found === 'directory') break;
    if (found !== 'missing') throw new RunsFolderError(`the runs folder ${folder} cannot be made: ${found}`);
    if (dirname(current) === current) throw new RunsFolderError(`the runs folder ${folder} cannot be made: no root`);
    missing.unshift(current);
  }
  for (const path of missing) {
    try {
      mkdirSync(path);
    } catch (error) {
      if (statOf(path) === 'directory') continue;
      throw new RunsFolderError(`the runs folder ${folder} cannot be made: ${reasonOf(error)}`);
    }
  }
}

function statOf(path: string): 'directory' | 'missing' | string {
  try {
    return statSync(path).isDirectory() ? 'directory' : `${path} is a file, not a folder`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'missing' : reasonOf(error);
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
