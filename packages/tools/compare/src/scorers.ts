// Scorers: how right a final report is. For the jars, precision and recall of the reported
// tampered set against the seed's known answer; for other tasks, a pattern the report must hold.

import { generateJars, groundTruth } from '@kitchen/server-cookie-jars';
import type { EvalCase } from './eval-case.js';

export interface Score {
  correct: boolean;
  /** 0..1: F1 for the jars, 1 or 0 for a pattern. */
  score: number;
  precision?: number;
  recall?: number;
}

/** Jar ids a report names on "- jar N:" lines. */
export function reportedJars(report: string): number[] {
  return [...new Set([...report.matchAll(/^\s*-\s*jar (\d+)\b/gim)].map((match) => Number(match[1])))].sort(
    (left, right) => left - right,
  );
}

export function tamperedJars(seed: number, jars: number): number[] {
  return groundTruth(generateJars(seed, jars))
    .tampered.map((jar) => jar.id)
    .sort((left, right) => left - right);
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

export function scoreReport(evalCase: EvalCase, report: string): Score {
  const { expected } = evalCase;
  if (evalCase.scorer === 'jars') {
    const jars = evalCase.servers['cookie-jars'];
    const truth =
      'tampered' in expected
        ? expected.tampered
        : 'tamperedFromSeed' in expected && jars !== undefined
          ? tamperedJars(jars.seed, jars.jars)
          : [];
    return scoreSet(reportedJars(report), truth);
  }
  const pattern = 'pattern' in expected ? new RegExp(expected.pattern, 'i') : /./;
  const correct = pattern.test(report);
  return { correct, score: correct ? 1 : 0 };
}
