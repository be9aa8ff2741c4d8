// Which of the conformance suite's client scenarios the kitchen's host is checked against in each
// revision, and the checks expected to fail there, each with the reason. Test side: the host
// under test only ever sees the suite's test servers over loopback.

import type { ScenarioExpectation } from './scenario-plan.js';
import type { SpecVersion } from './suite-runtime.js';

/** OAuth 2.1 scenarios both revisions share. */
const SHARED_AUTH_SCENARIOS = [
  'auth/metadata-default',
  'auth/metadata-var1',
  'auth/metadata-var2',
  'auth/metadata-var3',
  'auth/basic-cimd',
  'auth/scope-from-www-authenticate',
  'auth/scope-from-scopes-supported',
  'auth/scope-omitted-when-undefined',
  'auth/scope-step-up',
  'auth/scope-retry-limit',
  'auth/token-endpoint-auth-basic',
  'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none',
  'auth/pre-registration',
] as const;

/**
 * Scenarios the suite places on no revision's timeline: the 2025-03-26 back-compat pair and the
 * client-credentials extension. The host still supports them, so they run (with `--force`)
 * beside revision 2025-11-25.
 */
const OFF_TIMELINE_SCENARIOS = [
  'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback',
  'auth/client-credentials-basic',
  'auth/client-credentials-jwt',
] as const;

/** True for a scenario the suite must be told to run at a revision it is not part of. */
export function isOffTimeline(scenario: string): boolean {
  return (OFF_TIMELINE_SCENARIOS as readonly string[]).includes(scenario);
}

/** Every client scenario of the suite for each revision (its `list --client --spec-version`), plus extensions. */
export const CLIENT_SCENARIOS: Readonly<Record<SpecVersion, readonly string[]>> = {
  '2025-11-25': [
    'initialize',
    'tools_call',
    'elicitation-sep1034-client-defaults',
    'sse-retry',
    'json-schema-2020-12-preservation',
    ...SHARED_AUTH_SCENARIOS,
    ...OFF_TIMELINE_SCENARIOS,
  ],
  '2026-07-28': [
    'tools_call',
    'request-metadata',
    'sep-2322-client-request-state',
    'http-standard-headers',
    'http-custom-headers',
    'http-invalid-tool-headers',
    'json-schema-ref-no-deref',
    'json-schema-2020-12-preservation',
    ...SHARED_AUTH_SCENARIOS,
    'auth/resource-mismatch',
    'auth/offline-access-scope',
    'auth/offline-access-not-supported',
    'auth/authorization-server-migration',
    'auth/iss-supported',
    'auth/iss-not-advertised',
    'auth/iss-supported-missing',
    'auth/iss-wrong-issuer',
    'auth/iss-unexpected',
    'auth/iss-normalized',
    'auth/metadata-issuer-mismatch',
  ],
};

/** Checks known to fail on the host, per revision and scenario, with the reason. */
const EXPECTED_CLIENT_FAILURES: Readonly<Record<SpecVersion, Readonly<Record<string, Record<string, string>>>>> = {
  '2025-11-25': {},
  '2026-07-28': {
    'sep-2322-client-request-state': {
      'client-exited-with-error':
        'every check passes, but the v2 client SDK (2.4) turns a 2026 result without resultType into an error ("servers implementing 2026-07-28 MUST include it") where the scenario wants it read as complete',
    },
    'auth/scope-step-up': {
      'suite-overall-failed':
        'every check passes, but the re-authorization for the new scope drops the scope granted before (SEP-2350 says SHOULD ask for the union), a warning the suite fails the run on',
    },
    'auth/authorization-server-migration': {
      'sep-2352-reregister-on-as-change':
        'the host keeps its registration when the protected resource names a new authorization server (SEP-2352 not implemented)',
    },
    'auth/metadata-issuer-mismatch': {
      'sep-2468-client-validate-metadata-issuer':
        'the host uses authorization server metadata whose issuer differs from the URL it was fetched from (SEP-2468 not implemented)',
    },
  },
};

/** What the host's run of `scenario` must show: no failed check but the expected ones. */
export function clientExpectationFor(scenario: string, era: SpecVersion): ScenarioExpectation {
  const tolerated = EXPECTED_CLIENT_FAILURES[era][scenario];
  return tolerated === undefined ? {} : { tolerated };
}
