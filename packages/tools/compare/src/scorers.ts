// How right a compare case's final report is, with the scorers `kitchen eval` shares
// (@kitchen/eval): for the jars, the set scorer against the seed's known answer (worked out from
// the cookie-jars server's own generator); for other tasks, a pattern the report must hold.

import { reportedJars, type Score, scorePattern, scoreSet } from '@kitchen/eval';
import { generateJars, groundTruth } from '@kitchen/server-cookie-jars';
import type { EvalCase } from './eval-case.js';

export type { Score } from '@kitchen/eval';

export function tamperedJars(seed: number, jars: number): number[] {
  return groundTruth(generateJars(seed, jars))
    .tampered.map((jar) => jar.id)
    .sort((left, right) => left - right);
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
  return 'pattern' in expected ? scorePattern(expected.pattern, report) : { correct: true, score: 1 };
}
