// Which conformance scenarios (suite @modelcontextprotocol/conformance, pinned in the catalog)
// the kitchen runs against which server in which era, what counts as a pass beyond "no failed
// check", and what is left out and why. Test side: the servers under test only ever see the
// suite's HTTP requests.

import type { SpecVersion } from './suite-runtime.js';

/** Scenarios of revision 2025-11-25 that apply to any server, whatever tools it offers. */
export const GENERIC_SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'dns-rebinding-protection',
  'server-sse-multiple-streams',
  // Pending in the suite, but its checks are the point of a resumable stream; see EXPECTATIONS.
  'server-sse-polling',
] as const;

/**
 * What any server is checked against in 2025-11-25, one not built on the kit included (a URL or a
 * command, `pnpm conformance URL`): the generic scenarios less the two about resumable SSE streams,
 * which a server need not offer (the protocol lets it answer with plain JSON).
 */
export const ANY_SERVER_SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'] as const;

/** Scenarios of the suite the kitchen does not run, each with the reason: none at present. */
export const EXCLUDED_SCENARIOS: Readonly<Record<string, string>> = {};

/**
 * Every server scenario of revision 2025-11-25 the fixture must pass: the active suite plus the
 * two pending ones (server-sse-polling, json-schema-2020-12) and server-session-lifecycle (added
 * after the revision's release), in the suite's order.
 */
export const FIXTURE_SCENARIOS = [
  'server-initialize',
  'server-session-lifecycle',
  'logging-set-level',
  'ping',
  'completion-complete',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-with-logging',
  'tools-call-error',
  'tools-call-with-progress',
  'tools-call-sampling',
  'tools-call-elicitation',
  'elicitation-sep1034-defaults',
  'server-sse-polling',
  'server-sse-multiple-streams',
  'elicitation-sep1330-enums',
  'resources-list',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'resources-subscribe',
  'resources-unsubscribe',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
  'dns-rebinding-protection',
  // Pending in the suite: a hand-written 2020-12 input schema listed verbatim (register-verbatim-schema-tool.ts).
  'json-schema-2020-12',
] as const;

/** What a scenario must show besides "no FAILURE check". */
export interface ScenarioExpectation {
  /** Checks that must be SUCCESS: the suite reports some missing SHOULDs only as warnings. */
  mustSucceed?: readonly string[];
  /** Failed checks that are expected here, with the reason. */
  tolerated?: Readonly<Record<string, string>>;
}

/** fixture: every scenario; example: a kitchen server on the kit; any: a server from anywhere. */
export type ServerKind = 'fixture' | 'example' | 'any';

/** Scenarios of revision 2026-07-28 that apply to any server that serves it. */
export const MODERN_GENERIC_SCENARIOS = [
  'server-stateless',
  'tools-list',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
  // Pending in the suite: Mcp-Method / Mcp-Name headers that disagree with the body are refused.
  'http-header-validation',
] as const;

/** Every server scenario of revision 2026-07-28 (the suite's `--suite all`), in the suite's order. */
export const MODERN_FIXTURE_SCENARIOS = [
  'server-stateless',
  'completion-complete',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-error',
  'tools-call-with-progress',
  'json-schema-2020-12',
  'server-sse-multiple-streams',
  'resources-list',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'sep-2164-resource-not-found',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
  'dns-rebinding-protection',
  'caching',
  'http-header-validation',
  'http-custom-header-server-validation',
  'input-required-result-basic-elicitation',
  'input-required-result-basic-sampling',
  'input-required-result-basic-list-roots',
  'input-required-result-request-state',
  'input-required-result-multiple-input-requests',
  'input-required-result-multi-round',
  'input-required-result-missing-input-response',
  'input-required-result-non-tool-request',
  'input-required-result-result-type',
  'input-required-result-unsupported-methods',
  'input-required-result-tampered-state',
  'input-required-result-capability-check',
  'input-required-result-ignore-extra-params',
  'input-required-result-validate-input',
] as const;

/** What each kind of server is checked against, per revision. */
export function plannedScenarios(kind: ServerKind, era: SpecVersion): readonly string[] {
  if (era === '2026-07-28') return kind === 'fixture' ? MODERN_FIXTURE_SCENARIOS : MODERN_GENERIC_SCENARIOS;
  return kind === 'fixture' ? FIXTURE_SCENARIOS : kind === 'any' ? ANY_SERVER_SCENARIOS : GENERIC_SCENARIOS;
}

const EXPECTATIONS: Readonly<Record<string, Partial<Record<ServerKind, ScenarioExpectation>>>> = {
  // A stream without a priming event or retry field cannot be resumed, yet the suite only warns.
  'server-sse-polling': {
    fixture: {
      mustSucceed: ['server-sse-priming-event', 'server-sse-retry-field', 'server-sse-disconnect-resume'],
    },
    example: {
      mustSucceed: ['server-sse-priming-event', 'server-sse-retry-field'],
      tolerated: {
        'incoming-sse-event':
          'the scenario calls the fixture tool test_reconnection; a server without it answers with an isError result on the stream',
      },
    },
  },
};

/** The diagnostic tools server-stateless calls; a server without them leaves four checks "not testable". */
const STATELESS_DIAGNOSTICS_MISSING =
  "not testable here: the check calls a diagnostic tool of the suite's reference server (test_missing_capability, test_streaming_elicitation or test_logging_tool) that this server does not offer";

const MODERN_EXPECTATIONS: Readonly<Record<string, Partial<Record<ServerKind, ScenarioExpectation>>>> = {
  // The fixture offers the diagnostic tools (modern-fixture/register-stateless-diagnostics.ts).
  'server-stateless': { example: { tolerated: statelessDiagnostics() }, any: { tolerated: statelessDiagnostics() } },
};

function statelessDiagnostics(): Record<string, string> {
  return Object.fromEntries(
    [
      'sep-2575-server-rejects-undeclared-capability',
      'sep-2575-missing-capability-http-400',
      'sep-2575-http-server-no-independent-requests-on-stream',
      'sep-2575-server-no-log-without-loglevel',
    ].map((id) => [id, STATELESS_DIAGNOSTICS_MISSING]),
  );
}

export function expectationFor(
  scenario: string,
  kind: ServerKind,
  era: SpecVersion = '2025-11-25',
): ScenarioExpectation {
  const expectations = era === '2026-07-28' ? MODERN_EXPECTATIONS : EXPECTATIONS;
  return expectations[scenario]?.[kind] ?? {};
}
