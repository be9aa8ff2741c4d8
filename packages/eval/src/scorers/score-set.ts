// Scoring a reported set against a known one: precision, recall and F1 (how `pnpm compare` scores
// the tampered jars a report names). Host side, pure: the known answer comes from the caller.

/** How right a report is: `correct` when it is exactly right, `score` from 0 to 1. */
export interface Score {
  correct: boolean;
  /** 0..1: F1 for a set, 1 or 0 for a pattern. */
  score: number;
  precision?: number;
  recall?: number;
}

/** Jar ids a report names on "- jar N:" lines, in order, each once. */
export function reportedJars(report: string): number[] {
  return [...new Set([...report.matchAll(/^\s*-\s*jar (\d+)\b/gim)].map((match) => Number(match[1])))].sort(
    (left, right) => left - right,
  );
}

/** Precision and recall of `reported` against `expected`; an empty pair is a perfect score. */
export function scoreSet(reported: readonly number[], expected: readonly number[]): Score {
  const truth = new Set(expected);
  const hits = reported.filter((id) => truth.has(id)).length;
  const precision = reported.length === 0 ? (expected.length === 0 ? 1 : 0) : hits / reported.length;
  const recall = expected.length === 0 ? 1 : hits / expected.length;
  const score = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { correct: precision === 1 && recall === 1, score, precision, recall };
}
