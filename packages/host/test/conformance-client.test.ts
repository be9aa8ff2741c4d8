// The conformance suite's client scenarios (@modelcontextprotocol/conformance, pinned in the
// catalog, run under Node 22) against the host's Toolbox through test/conformance-client.ts, in
// both revisions: 2025-11-25 and 2026-07-28. The client is bundled once so each scenario starts a
// plain node process; the suite's test servers run in a private network namespace, loopback only.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CLIENT_SCENARIOS,
  clientExpectationFor,
  formatVerdictTable,
  isOffTimeline,
  judgeScenario,
  runClientScenario,
  SPEC_VERSIONS,
} from '@kitchen/conformance';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

const hostDirectory = fileURLToPath(new URL('..', import.meta.url));
// Inside the package, so the bundle's bare imports resolve from the host's node_modules.
const bundleDirectory = join(hostDirectory, 'node_modules', '.cache', 'conformance-client');
let command = '';
// A few runs at a time: each mostly waits on its test server, but each is three processes.
const CONCURRENT_RUNS = 3;
let running = 0;
const waiting: (() => void)[] = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < CONCURRENT_RUNS) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = waiting.shift();
    if (next === undefined) running -= 1;
    else next();
  }
}

beforeAll(async () => {
  mkdirSync(bundleDirectory, { recursive: true });
  const outfile = join(bundleDirectory, 'conformance-client.mjs');
  await build({
    entryPoints: [join(hostDirectory, 'test', 'conformance-client.ts')],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  command = `node ${outfile}`;
});

for (const era of SPEC_VERSIONS) {
  describe.concurrent(`conformance client scenarios at revision ${era}`, { timeout: 600_000 }, () => {
    for (const scenario of CLIENT_SCENARIOS[era]) {
      const expectation = clientExpectationFor(scenario, era);
      const expected = Object.keys(expectation.tolerated ?? {});
      const title = expected.length === 0 ? `passes ${scenario}` : `passes ${scenario} but for ${expected.join(', ')}`;
      it(title, async () => {
        const run = await inTurn(() =>
          runClientScenario({
            command,
            scenario,
            specVersion: era,
            cwd: hostDirectory,
            force: isOffTimeline(scenario),
          }),
        );
        const verdict = judgeScenario('host', run, expectation);
        expect(verdict.problems, formatVerdictTable([verdict])).toEqual([]);
        // An expected failure that stopped failing is news: move it out of the list.
        const stillFailing = run.checks.filter((check) => check.status === 'FAILURE').map((check) => check.id);
        expect([...new Set(stillFailing)].sort()).toEqual([...expected].sort());
      });
    }
  });
}
