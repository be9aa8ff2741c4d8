// The exercises, in order: each names the one file the learner edits (under exercises/), the check
// that runs it against the real host, and what it teaches once it passes.

import * as closeTheQueue from './checks/01-close-the-queue.js';
import * as reserveAndSettle from './checks/02-reserve-and-settle.js';
import * as spawnAgent from './checks/03-spawn-agent.js';
import * as gateFromAnnotations from './checks/04-gate-from-annotations.js';
import * as localOrServer from './checks/05-local-or-server.js';

export interface Exercise {
  number: number;
  title: string;
  /** The file the learner edits, from the package's exercises/ folder. */
  file: string;
  /** Throws NotYet until the exercise is solved. Gets the exercise file's module. */
  check(module: never): Promise<void>;
  /** Printed once the check passes. */
  learned: readonly string[];
}

export const EXERCISES: readonly Exercise[] = [
  {
    number: 1,
    title: 'Close the event queue on both paths',
    file: '01-close-the-queue/drain-while.ts',
    ...closeTheQueue,
  },
  {
    number: 2,
    title: 'Reserve and settle the tree budget around a model call',
    file: '02-reserve-and-settle/call-within-budget.ts',
    ...reserveAndSettle,
  },
  {
    number: 3,
    title: 'Make spawn_agent a tool whose body is the loop',
    file: '03-spawn-agent/spawn-agent.ts',
    ...spawnAgent,
  },
  {
    number: 4,
    title: 'A gate rule from annotations',
    file: '04-gate-from-annotations/annotation-rule.ts',
    ...gateFromAnnotations,
  },
  {
    number: 5,
    title: 'Decide local vs server for a new tool',
    file: '05-local-or-server/placements.ts',
    ...localOrServer,
  },
];

/** The diff of an exercise's reference solution, from the package's solutions/ folder. */
export function solutionFile(exercise: Exercise): string {
  return `${exercise.file.split('/')[0]}.diff`;
}
