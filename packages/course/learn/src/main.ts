// `pnpm learn`: lists the exercises with progress. `pnpm learn N` checks exercise N (fails until it
// is solved, then says what it taught). `pnpm learn N --solution` prints the reference solution as
// a diff that applies from the repository root with `git apply` or `patch -p1`.

import { readFileSync } from 'node:fs';
import { EXERCISES, solutionFile } from './exercises.js';
import { runCheck } from './run-check.js';

const argumentsGiven = process.argv.slice(2).filter((argument) => argument !== '--');
const wanted = argumentsGiven.find((argument) => !argument.startsWith('--'));
const say = (line = '') => process.stdout.write(`${line}\n`);

if (wanted === undefined) {
  say('The exercises: each a small broken or missing piece of the real host, in a file you edit.');
  say('Run `pnpm learn N` to check one, `pnpm learn N --solution` for a reference solution (a diff).');
  say();
  let solved = 0;
  for (const exercise of EXERCISES) {
    const outcome = await runCheck(exercise);
    if (outcome.solved) solved += 1;
    const mark = outcome.solved ? '[x]' : '[ ]';
    say(`  ${mark} ${exercise.number}  ${exercise.title}  (packages/course/learn/exercises/${exercise.file})`);
  }
  say();
  say(`${solved} of ${EXERCISES.length} solved.`);
} else {
  const exercise = EXERCISES.find((candidate) => String(candidate.number) === wanted.replace(/^0+/, ''));
  if (exercise === undefined) {
    process.stderr.write(`There is no exercise ${JSON.stringify(wanted)}; they are 1 to ${EXERCISES.length}.\n`);
    process.exitCode = 2;
  } else if (argumentsGiven.includes('--solution')) {
    process.stdout.write(readFileSync(new URL(`../solutions/${solutionFile(exercise)}`, import.meta.url), 'utf8'));
  } else {
    say(`Exercise ${exercise.number}: ${exercise.title}`);
    say(`  edit packages/course/learn/exercises/${exercise.file}`);
    say();
    const outcome = await runCheck(exercise);
    if (outcome.solved) {
      say('Solved. What it shows:');
      for (const line of exercise.learned) say(`  - ${line}`);
    } else {
      say(`Not yet: ${outcome.problem}`);
      process.exitCode = 1;
    }
  }
}
