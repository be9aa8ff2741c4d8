// The generic scenarios of the MCP conformance suite, in each revision the server speaks, through
// @kitchen/conformance (the suite runs under Node 22 as its own process and is the client). Host
// side of the check; the suite reaches the server only over HTTP, so a stdio server is not run.

import { type Finding, finding } from './finding.js';
import type { Era } from './server-offer.js';

export interface ConformanceOutcome {
  era: Era;
  scenario: string;
  passed: boolean;
  problems: string[];
}

/** Runs the planned generic scenarios of each era; one finding per scenario that did not pass. */
export async function conformanceFindings(
  server: string,
  url: string,
  eras: readonly Era[],
): Promise<{ outcomes: ConformanceOutcome[]; findings: Finding[] }> {
  // Loaded only when asked for: the conformance package brings its fixtures and the server SDKs.
  const { checkConformance } = await import('@kitchen/conformance');
  const outcomes: ConformanceOutcome[] = [];
  for (const era of eras) {
    const verdicts = await checkConformance(server, url, 'example', era);
    outcomes.push(
      ...verdicts.map((verdict) => ({
        era,
        scenario: verdict.scenario,
        passed: verdict.passed,
        problems: verdict.problems,
      })),
    );
  }
  const findings = outcomes
    .filter((outcome) => !outcome.passed)
    .map((outcome) =>
      finding('conformance/scenario-failed', {
        message: `Conformance scenario ${outcome.scenario} (${outcome.era}) failed: ${outcome.problems.map(shortProblem).join('; ')}`,
        fix: `Run it alone to see every check: conformance server --url URL --spec-version ${outcome.era} --scenario ${outcome.scenario}.`,
      }),
    );
  return { outcomes, findings };
}

/** A check's message can quote a whole response; the finding keeps its start. */
const PROBLEM_CHARS = 300;
const shortProblem = (problem: string) =>
  problem.length > PROBLEM_CHARS ? `${problem.slice(0, PROBLEM_CHARS)}…` : problem;
