// Runs the planned scenarios against a server and judges each one: the whole suite against the
// fixture, the generic scenarios against any other server. Test side.

import { serveMcp } from '@kitchen/server-kit';
import { buildFixtureServer, FIXTURE_SERVER_NAME } from './build-fixture-server.js';
import { judgeScenario, type ScenarioVerdict } from './judge-scenario.js';
import { runConformanceSuite } from './run-conformance-suite.js';
import { EXCLUDED_SCENARIOS, expectationFor, plannedScenarios, type ServerKind } from './scenario-plan.js';
import type { SpecVersion } from './suite-runtime.js';

/**
 * Judges every planned scenario of `kind` at revision `era` against the server at `url`; a
 * planned scenario that did not run fails.
 */
export async function checkConformance(
  server: string,
  url: string,
  kind: ServerKind,
  era: SpecVersion = '2025-11-25',
): Promise<ScenarioVerdict[]> {
  const planned = plannedScenarios(kind, era);
  // The fixture runs the whole suite in one process; the rest run only what applies to them.
  const runs = await runConformanceSuite(url, kind === 'fixture' ? 'all' : planned, { specVersion: era });
  return planned.map((scenario) => {
    const run = runs.find((candidate) => candidate.scenario === scenario) ?? { scenario, checks: [] };
    return judgeScenario(server, run, expectationFor(scenario, kind));
  });
}

/** Serves the fixture with the kit on 127.0.0.1, runs the suite, and closes it again. */
export async function checkFixture(): Promise<ScenarioVerdict[]> {
  // Errors only: the suite's own probes (a foreign Host, a closed stream) are expected refusals.
  const served = await serveMcp({
    name: FIXTURE_SERVER_NAME,
    buildServer: buildFixtureServer,
    log: { level: 'error' },
  });
  try {
    return await checkConformance(FIXTURE_SERVER_NAME, served.url, 'fixture');
  } finally {
    await served.close();
  }
}

/** The scenarios of the suite that no server is checked against, with the reason (for the table's footer). */
export function describeExclusions(): string[] {
  return Object.entries(EXCLUDED_SCENARIOS).map(([scenario, reason]) => `${scenario}: not run, ${reason}.`);
}
