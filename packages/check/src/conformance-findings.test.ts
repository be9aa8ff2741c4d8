import type { ServedMcp } from '@kitchen/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceFindings } from './conformance-findings.js';
import { serveSloppyServer } from './testing/serve-sloppy-server.js';

// The suite runs as a Node 22 process per scenario: a minute under load is not a hang.
const SUITE_TEST_TIMEOUT_MS = 180_000;

describe('conformanceFindings', () => {
  let sloppy: ServedMcp;
  beforeAll(async () => {
    sloppy = await serveSloppyServer();
  });
  afterAll(() => sloppy.close());

  it(
    'runs the generic scenarios through @kitchen/conformance and reports the sloppy tool list as a failed scenario',
    async () => {
      const { outcomes, findings } = await conformanceFindings('sloppy', sloppy.url, ['2025-11-25']);
      expect(outcomes.map((outcome) => outcome.scenario)).toEqual([
        'server-initialize',
        'ping',
        'tools-list',
        'dns-rebinding-protection',
        'server-sse-multiple-streams',
        'server-sse-polling',
      ]);
      expect(outcomes.find((outcome) => outcome.scenario === 'server-initialize')?.passed).toBe(true);
      const toolsList = findings.find((finding) =>
        finding.message.startsWith('Conformance scenario tools-list (2025-11-25)'),
      );
      expect(toolsList).toMatchObject({ rule: 'conformance/scenario-failed', severity: 'error' });
      expect(toolsList?.message).toContain('missing description');
      expect(toolsList?.fix).toContain('--scenario tools-list');
    },
    SUITE_TEST_TIMEOUT_MS,
  );
});
