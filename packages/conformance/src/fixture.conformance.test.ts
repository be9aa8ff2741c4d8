// The conformance suite (revision 2025-11-25) against the fixture served by @kitchen/server-kit: every
// planned scenario passes. Test side; everything on 127.0.0.1.

import { serveMcp } from '@kitchen/server-kit';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { checkFixture } from './check-conformance.js';
import { formatVerdictTable } from './format-verdict-table.js';
import { judgeScenario } from './judge-scenario.js';
import { runConformanceSuite } from './run-conformance-suite.js';
import { FIXTURE_SCENARIOS } from './scenario-plan.js';

describe('conformance fixture', { timeout: 120_000 }, () => {
  it('passes every planned scenario of the suite', async () => {
    const verdicts = await checkFixture();
    expect(verdicts.map((verdict) => verdict.scenario)).toEqual([...FIXTURE_SCENARIOS]);
    expect(
      verdicts.filter((verdict) => !verdict.passed),
      formatVerdictTable(verdicts),
    ).toEqual([]);
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
