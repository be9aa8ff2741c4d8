// Runs the suite against a server and judges each planned scenario: the whole suite for the
// fixture, the generic scenarios against any other server. Test side.

import { serveMcp } from '@kitchen/server-kit';
import { buildFixtureServer, FIXTURE_SERVER_NAME } from './build-fixture-server.js';
import { judgeScenario, type ScenarioVerdict } from './judge-scenario.js';
import { buildModernFixtureServer, MODERN_FIXTURE_SERVER_NAME } from './modern-fixture/build-modern-fixture-server.js';
import { runConformanceSuite } from './run-conformance-suite.js';
import { EXCLUDED_SCENARIOS, expectationFor, plannedScenarios, type ServerKind } from './scenario-plan.js';
import { SPEC_VERSIONS, type SpecVersion } from './suite-runtime.js';

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
  // The whole suite in one process, for any server, and only the planned scenarios judged: a
  // process per scenario took about twice as long (each starts Node 22 and the suite), and the
  // scenarios that do not apply to an example server (they call the fixture's tools) fail fast.
  const runs = await runConformanceSuite(url, 'all', { specVersion: era });
  // A suite that crashed wrote no scenario: each planned one fails with the suite's output.
  const crashed = runs.find((candidate) => candidate.scenario === '(suite)');
  return planned.map((scenario) => {
    const run = runs.find((candidate) => candidate.scenario === scenario) ?? {
      scenario,
      checks: crashed?.checks ?? [],
    };
    return judgeScenario(server, run, expectationFor(scenario, kind, era));
  });
}

/**
 * Serves the era's fixture with the kit on 127.0.0.1, runs the suite at that revision, and closes
 * it again: the v1 fixture for 2025-11-25, the v2 one (served statelessly) for 2026-07-28.
 */
export async function checkFixture(era: SpecVersion = '2025-11-25'): Promise<ScenarioVerdict[]> {
  // Errors only: the suite's own probes (a foreign Host, a closed stream) are expected refusals.
  const served =
    era === '2025-11-25'
      ? await serveMcp({ name: FIXTURE_SERVER_NAME, buildServer: buildFixtureServer, log: { level: 'error' } })
      : await serveMcp({
          name: MODERN_FIXTURE_SERVER_NAME,
          buildServer: buildModernFixtureServer,
          eras: ['2026-07-28'],
          log: { level: 'error' },
        });
  try {
    const name = era === '2025-11-25' ? FIXTURE_SERVER_NAME : MODERN_FIXTURE_SERVER_NAME;
    return await checkConformance(name, served.url, 'fixture', era);
  } finally {
    await served.close();
  }
}

/**
 * The revisions a running server serves, from its health endpoint (the kit lists them); a server
 * with no such endpoint (one not on the kit) is checked in 2025-11-25, which every server speaks.
 */
export async function servedEras(url: string): Promise<SpecVersion[]> {
  const fallback: SpecVersion[] = ['2025-11-25'];
  try {
    const response = await fetch(new URL('/healthz', url));
    const health = (await response.json()) as { eras?: unknown };
    if (!Array.isArray(health.eras)) return fallback;
    const eras = SPEC_VERSIONS.filter((era) => (health.eras as unknown[]).includes(era));
    return eras.length === 0 ? fallback : eras;
  } catch {
    return fallback;
  }
}

/** The scenarios of the suite that no server is checked against, with the reason (for the table's footer). */
export function describeExclusions(): string[] {
  return Object.entries(EXCLUDED_SCENARIOS).map(([scenario, reason]) => `${scenario}: not run, ${reason}.`);
}
