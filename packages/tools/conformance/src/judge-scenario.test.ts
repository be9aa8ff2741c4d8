// Verdicts from checks: failures, tolerated failures, checks that must succeed, and the table.
// Test side, pure.

import { describe, expect, it } from 'vitest';
import { formatVerdictTable } from './format-verdict-table.js';
import { judgeScenario } from './judge-scenario.js';
import type { CheckStatus, ConformanceCheck } from './run-conformance-suite.js';
import { expectationFor } from './scenario-plan.js';

const check = (id: string, status: CheckStatus, errorMessage?: string): ConformanceCheck => ({
  id,
  name: id,
  description: `the ${id} check`,
  status,
  ...(errorMessage === undefined ? {} : { errorMessage }),
});

describe('judgeScenario', () => {
  it('passes a scenario whose checks succeeded, warnings and notes included', () => {
    const verdict = judgeScenario(
      'dice',
      { scenario: 'ping', checks: [check('ping', 'SUCCESS'), check('x', 'INFO')] },
      {},
    );
    expect(verdict).toMatchObject({ passed: true, succeeded: 1, failed: 0, problems: [] });
  });

  it('fails a scenario with a failed check and quotes its message', () => {
    const verdict = judgeScenario('dice', { scenario: 'ping', checks: [check('ping', 'FAILURE', 'no pong')] }, {});
    expect(verdict).toMatchObject({ passed: false, failed: 1, problems: ['ping failed: no pong'] });
  });

  it('fails a scenario that reported no checks at all', () => {
    expect(judgeScenario('dice', { scenario: 'ping', checks: [] }, {}).problems).toEqual([
      'the scenario reported no checks',
    ]);
  });

  it('fails an example server whose SSE stream has no priming event, which the suite only warns about', () => {
    const checks = [
      check('incoming-sse-event', 'FAILURE', 'Tool call failed'),
      check('server-sse-priming-event', 'WARNING', 'no priming event'),
      check('server-sse-retry-field', 'SUCCESS'),
    ];
    const verdict = judgeScenario(
      'dice',
      { scenario: 'server-sse-polling', checks },
      expectationFor('server-sse-polling', 'example'),
    );
    expect(verdict.passed).toBe(false);
    expect(verdict.problems).toEqual(['server-sse-priming-event must succeed, but it was WARNING: no priming event']);
  });

  it('tolerates the missing fixture tool on an example server, but not on the fixture', () => {
    const checks = [
      check('incoming-sse-event', 'FAILURE', 'Tool call failed'),
      check('server-sse-priming-event', 'SUCCESS'),
      check('server-sse-retry-field', 'SUCCESS'),
    ];
    const run = { scenario: 'server-sse-polling', checks };
    expect(judgeScenario('dice', run, expectationFor('server-sse-polling', 'example'))).toMatchObject({
      passed: true,
      failed: 0,
      tolerated: 1,
    });
    expect(judgeScenario('fixture', run, expectationFor('server-sse-polling', 'fixture')).problems).toEqual([
      'incoming-sse-event failed: Tool call failed',
      'server-sse-disconnect-resume must succeed, but it did not run',
    ]);
  });
});

describe('formatVerdictTable', () => {
  it('prints one aligned row per run and a count of the passed ones', () => {
    const table = formatVerdictTable([
      judgeScenario('dice', { scenario: 'ping', checks: [check('ping', 'SUCCESS')] }, {}),
      judgeScenario('pantry', { scenario: 'tools-list', checks: [check('tools-list', 'FAILURE', 'no tools')] }, {}),
    ]);
    expect(table.split('\n')).toEqual([
      'scenario    server  result  checks          note',
      '----------  ------  ------  --------------  ---------------------------',
      'ping        dice    pass    1 ok',
      'tools-list  pantry  FAIL    0 ok, 1 failed  tools-list failed: no tools',
      '',
      '1 of 2 scenario runs passed.',
    ]);
  });
});
