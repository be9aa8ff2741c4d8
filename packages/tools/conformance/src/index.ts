// @kitchen/conformance: the conformance fixture server and a runner for the MCP conformance suite
// (@modelcontextprotocol/conformance, pinned in the catalog, run under Node 22) against it and against any kitchen server. Test side.

export { buildFixtureServer, FIXTURE_SERVER_NAME } from './build-fixture-server.js';
export { checkConformance, checkFixture, describeExclusions, servedEras } from './check-conformance.js';
export { CLIENT_SCENARIOS, clientExpectationFor, isOffTimeline } from './client-scenario-plan.js';
export type { ServerPackage } from './discover-servers.js';
export { discoverServers, KITCHEN_ROOT } from './discover-servers.js';
export { formatVerdictTable } from './format-verdict-table.js';
export type { ScenarioVerdict } from './judge-scenario.js';
export { judgeScenario } from './judge-scenario.js';
export {
  buildModernFixtureServer,
  MODERN_FIXTURE_SERVER_NAME,
} from './modern-fixture/build-modern-fixture-server.js';
export type { ClientScenarioOptions } from './run-client-scenario.js';
export { runClientScenario } from './run-client-scenario.js';
export type { CheckStatus, ConformanceCheck, ScenarioRun } from './run-conformance-suite.js';
export { runConformanceSuite } from './run-conformance-suite.js';
export type { ScenarioExpectation, ServerKind } from './scenario-plan.js';
export {
  EXCLUDED_SCENARIOS,
  expectationFor,
  FIXTURE_SCENARIOS,
  GENERIC_SCENARIOS,
  MODERN_FIXTURE_SCENARIOS,
  MODERN_GENERIC_SCENARIOS,
  plannedScenarios,
} from './scenario-plan.js';
export { startServerPackage } from './start-server-package.js';
export type { SpecVersion } from './suite-runtime.js';
export { conformanceCliPath, SPEC_VERSIONS, suiteCommand, suiteNodePath } from './suite-runtime.js';
