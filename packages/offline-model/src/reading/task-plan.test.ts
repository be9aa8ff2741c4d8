import { describe, expect, it } from 'vitest';
import { readTaskPlan, splitClauses } from './task-plan.js';

describe('splitClauses', () => {
  it.each([
    ['check jars 3 and 4, then roll a die', ['check jars 3 and 4', 'roll a die']],
    ['roll 2d6 and 1d20', ['roll 2d6 and 1d20']],
    ['check jars 1-5 and also 77-80', ['check jars 1-5 and also 77-80']],
    ["check jars 1-3 but don't discard any", ['check jars 1-3', "don't discard any"]],
    ['check jars 1-2 and sing me a song', ['check jars 1-2', 'sing me a song']],
    [
      'Inspect all 80 cookie jars and report which ones were tampered with, and why',
      ['Inspect all 80 cookie jars and report which ones were tampered with, and why'],
    ],
    ['Critique "a tart, a pie" then bake it', ['Critique "a tart, a pie"', 'bake it']],
  ])('reads "%s" as %j', (task, clauses) => {
    expect(splitClauses(task)).toEqual(clauses);
  });

  it("keeps a worker's brief, briefing sentences and all, as one clause", () => {
    const brief =
      'Inspect cookie jars 1-20 and report which ones were tampered with, and why.\n\n' +
      'Reply with a short report, not a transcript. If you run out of room, report what you DID establish.';
    expect(splitClauses(brief)).toHaveLength(1);
  });
});

describe('readTaskPlan', () => {
  it('reads each part, with its negation and what it asks for', () => {
    const plan = readTaskPlan("roll a d6, but don't check any jars, then make me a sandwich", []);
    expect(plan.map((part) => [part.text, part.negated, part.request.kind])).toEqual([
      ['roll a d6', false, 'dice'],
      ["don't check any jars", true, 'jar-audit'],
      ['make me a sandwich', false, 'unknown'],
    ]);
    expect(plan[1]?.asked).toBe('check any jars');
  });

  it('keeps a preamble that asks for nothing with the request that follows it', () => {
    const plan = readTaskPlan('In order to plan, check jars 1-3', []);
    expect(plan).toHaveLength(1);
    expect(plan[0]?.request.kind).toBe('jar-audit');
  });
});
