// Every exercise, on a temporary copy: its check fails on the exercise as shipped, and passes once
// its reference solution is applied with `git apply` from the copy's root, as a learner would.

import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXERCISES, type Exercise, solutionFile } from './exercises.js';
import { EXERCISES_FOLDER, runCheck } from './run-check.js';

const PACKAGE = new URL('..', import.meta.url).pathname;
const REPOSITORY = new URL('../../../..', import.meta.url).pathname;
const copies: string[] = [];
afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

/** A throwaway repository root holding this package's exercises, resolving @kitchen/host as the package does. */
function copyOfExercises(): { root: string; exercises: string } {
  const root = mkdtempSync(join(tmpdir(), 'kitchen-learn-'));
  copies.push(root);
  const learn = join(root, 'packages/course/learn');
  cpSync(EXERCISES_FOLDER, join(learn, 'exercises'), { recursive: true });
  symlinkSync(join(PACKAGE, 'node_modules'), join(learn, 'node_modules'));
  return { root, exercises: join(learn, 'exercises') };
}

function solutionPath(exercise: Exercise): string {
  return join(PACKAGE, 'solutions', solutionFile(exercise));
}

describe('the exercises', () => {
  it('number five or more exercises 1, 2, 3… with no gap', () => {
    expect(EXERCISES.length).toBeGreaterThanOrEqual(5);
    expect(EXERCISES.map((exercise) => exercise.number)).toEqual(EXERCISES.map((_, index) => index + 1));
  });

  for (const exercise of EXERCISES) {
    it(`exercise ${exercise.number} fails as shipped and passes with its solution applied`, async () => {
      const pristine = copyOfExercises();
      const before = await runCheck(exercise, pristine.exercises);
      expect(before.solved).toBe(false);
      if (!before.solved) expect(before.problem).not.toMatch(/failed to run/);

      const solved = copyOfExercises();
      execFileSync('git', ['apply', solutionPath(exercise)], { cwd: solved.root });
      expect(await runCheck(exercise, solved.exercises)).toEqual({ solved: true });
    });

    it(`exercise ${exercise.number}'s solution applies to the tree's own exercise, which is left as it was`, () => {
      const file = join(EXERCISES_FOLDER, exercise.file);
      const before = readFileSync(file, 'utf8');
      execFileSync('git', ['apply', '--check', solutionPath(exercise)], { cwd: REPOSITORY });
      expect(readFileSync(file, 'utf8')).toBe(before);
    });
  }

  it('a solution applies with patch -p1 too', () => {
    const copy = copyOfExercises();
    const first = EXERCISES[0];
    if (first === undefined) throw new Error('no exercises');
    execFileSync('patch', ['-p1', '--quiet', '-i', solutionPath(first)], { cwd: copy.root });
    expect(readFileSync(join(copy.exercises, first.file), 'utf8')).toContain('queue.fail(error)');
  });
});
