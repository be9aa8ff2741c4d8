// Runs one exercise's check against the exercise file under `exercisesFolder` (the package's own,
// or a temporary copy in tests). Never throws: an unsolved or broken exercise is an outcome.

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Exercise } from './exercises.js';
import { NotYet, within } from './not-yet.js';

export const EXERCISES_FOLDER = new URL('../exercises/', import.meta.url).pathname;
/** A check that has not finished by then is stuck (a real check takes well under a second). */
const CHECK_TIMEOUT_MS = 10_000;

export type CheckOutcome = { solved: true } | { solved: false; problem: string };

export async function runCheck(exercise: Exercise, exercisesFolder = EXERCISES_FOLDER): Promise<CheckOutcome> {
  const file = join(exercisesFolder, exercise.file);
  try {
    const module = await import(pathToFileURL(file).href);
    await within(
      exercise.check(module as never),
      CHECK_TIMEOUT_MS,
      `The check did not finish within ${CHECK_TIMEOUT_MS / 1000} s.`,
    );
    return { solved: true };
  } catch (error) {
    if (error instanceof NotYet) return { solved: false, problem: error.message };
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return { solved: false, problem: `${exercise.file} failed to run: ${message}` };
  }
}
