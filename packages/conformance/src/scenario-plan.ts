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

export type ServerKind = 'fixture' | 'example';

/** What each kind of server is checked against, per revision. */
export function plannedScenarios(kind: ServerKind, era: SpecVersion): readonly string[] {
  if (era === '2026-07-28') return [];
  return kind === 'fixture' ? FIXTURE_SCENARIOS : GENERIC_SCENARIOS;
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

export function expectationFor(scenario: string, kind: ServerKind): ScenarioExpectation {
  return EXPECTATIONS[scenario]?.[kind] ?? {};
}
