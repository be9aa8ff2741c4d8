// Scenario 12: how long `kitchen check` takes on a server with 100 tools, without --call: both
// revisions reached, every list call, every rule, the tool list priced (the kitchen's estimate).
// The server is served in this process on 127.0.0.1 (stateful SSE for 2025-11-25, stateless for
// 2026-07-28); the check reaches it over HTTP as the CLI does. Host side (the server only over MCP).

import { checkServer } from '@kitchen/check';
import { buildManyToolServer } from '@kitchen/check/testing';
import { serveMcp } from '@kitchen/server-kit';
import { percentile } from './measure.js';

export const CHECK_TOOLS = 100;
const ROUNDS = 7;

export interface CheckSpeed {
  tools: number;
  /** The first check in the run: the check's own code paths not yet warm. */
  firstMs: number;
  /** The median of the rounds after the first. */
  medianMs: number;
  /** Every round after the first, in ms. */
  roundsMs: number[];
  /** Findings per check (the fixture is clean: its count only shows every rule ran). */
  findings: number;
}

export async function measureCheckSpeed(tools = CHECK_TOOLS, rounds = ROUNDS): Promise<CheckSpeed> {
  const served = await serveMcp({
    name: 'many-tools',
    buildServer: () => buildManyToolServer(tools),
    log: { level: 'silent' },
  });
  try {
    const timings: number[] = [];
    let findings = 0;
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      const report = await checkServer({ name: 'many-tools', url: served.url });
      timings.push(performance.now() - started);
      if (report.tools.length !== tools) throw new Error(`the check listed ${report.tools.length} tools, not ${tools}`);
      if (report.eras.length !== 2) throw new Error(`the check reached ${report.eras.join(', ') || 'no revision'}`);
      findings = report.findings.length;
    }
    const [firstMs = 0, ...roundsMs] = timings;
    return { tools, firstMs, medianMs: percentile(roundsMs, 0.5), roundsMs, findings };
  } finally {
    await served.close();
  }
}
