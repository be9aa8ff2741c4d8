// The conformance suite against the fixtures served by @kitchen/server-kit, in both revisions:
// every planned scenario passes, but for the failures listed with a reason in scenario-plan.ts,
// which must still fail. Test side; everything on 127.0.0.1.

import { serveMcp } from '@kitchen/server-kit';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { checkFixture } from './check-conformance.js';
import { formatVerdictTable } from './format-verdict-table.js';
import { judgeScenario } from './judge-scenario.js';
import { runConformanceSuite } from './run-conformance-suite.js';
import { expectationFor, plannedScenarios } from './scenario-plan.js';
import { SPEC_VERSIONS } from './suite-runtime.js';

describe('conformance fixture', { timeout: 120_000 }, () => {
  it.each(SPEC_VERSIONS)('passes every planned scenario of revision %s', async (era) => {
    const verdicts = await checkFixture(era);
    expect(verdicts.map((verdict) => verdict.scenario)).toEqual([...plannedScenarios('fixture', era)]);
    expect(
      verdicts.filter((verdict) => !verdict.passed),
      formatVerdictTable(verdicts),
    ).toEqual([]);
    // An expected failure that stopped failing is news: take it off the list in scenario-plan.ts.
    const expectedFailures = verdicts.map((verdict) => [
      verdict.scenario,
      Object.keys(expectationFor(verdict.scenario, 'fixture', era).tolerated ?? {}).length,
    ]);
    expect(verdicts.map((verdict) => [verdict.scenario, verdict.tolerated])).toEqual(expectedFailures);
  });

  it('reports a failed scenario when a server lacks the prompt the scenario gets', async () => {
    const served = await serveMcp({
      name: 'bare',
      buildServer: () => {
        const server = new McpServer({ name: 'bare', version: '0.0.0' });
        server.registerPrompt('something_else', { description: 'Not what the suite asks for.' }, () => ({
          messages: [],
        }));
        return server;
      },
    });
    try {
      const [run] = await runConformanceSuite(served.url, ['prompts-get-simple'], { specVersion: '2025-11-25' });
      const verdict = judgeScenario('bare', run!, {});
      expect(verdict.passed).toBe(false);
      expect(verdict.problems.join('\n')).toContain('test_simple_prompt');
    } finally {
      await served.close();
    }
  });
});
