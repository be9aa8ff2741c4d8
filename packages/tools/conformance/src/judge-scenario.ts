// Turns one scenario's checks into a verdict: passed when no check failed (bar the tolerated
// ones) and every check the kitchen insists on succeeded. Test side, pure.

import type { ScenarioRun } from './run-conformance-suite.js';
import type { ScenarioExpectation } from './scenario-plan.js';

export interface ScenarioVerdict {
  scenario: string;
  server: string;
  passed: boolean;
  succeeded: number;
  /** Failed checks other than the tolerated ones. */
  failed: number;
  /** Failed checks expected on this kind of server (see scenario-plan.ts). */
  tolerated: number;
  warnings: number;
  /** One line per reason it did not pass; empty when it passed. */
  problems: string[];
}

export function judgeScenario(server: string, run: ScenarioRun, expectation: ScenarioExpectation): ScenarioVerdict {
  const tolerated = expectation.tolerated ?? {};
  const problems: string[] = [];
  for (const check of run.checks) {
    if (check.status === 'FAILURE' && !(check.id in tolerated)) {
      problems.push(`${check.id} failed: ${check.errorMessage ?? check.description}`);
    }
  }
  for (const id of expectation.mustSucceed ?? []) {
    const statuses = run.checks.filter((check) => check.id === id).map((check) => check.status);
    if (!statuses.includes('SUCCESS')) {
      const seen = statuses.length === 0 ? 'it did not run' : `it was ${statuses.join(', ')}`;
      const message = run.checks.find((check) => check.id === id)?.errorMessage;
      problems.push(`${id} must succeed, but ${seen}${message === undefined ? '' : `: ${message}`}`);
    }
  }
  if (run.checks.length === 0) problems.push('the scenario reported no checks');
  const count = (status: string) => run.checks.filter((check) => check.status === status).length;
  const toleratedCount = run.checks.filter((check) => check.status === 'FAILURE' && check.id in tolerated).length;
  return {
    scenario: run.scenario,
    server,
    passed: problems.length === 0,
    succeeded: count('SUCCESS'),
    failed: count('FAILURE') - toleratedCount,
    tolerated: toleratedCount,
    warnings: count('WARNING'),
    problems,
  };
}
