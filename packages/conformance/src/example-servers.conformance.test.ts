// The suite's generic scenarios against every servers/<name> package, each started from its own
// main.ts as a person would. Test side; everything on 127.0.0.1.

import { describe, expect, it } from 'vitest';
import { checkConformance } from './check-conformance.js';
import { discoverServers } from './discover-servers.js';
import { formatVerdictTable } from './format-verdict-table.js';
import { GENERIC_SCENARIOS } from './scenario-plan.js';
import { startServerPackage } from './start-server-package.js';

const servers = discoverServers();

describe('example servers under the generic conformance scenarios', { timeout: 90_000 }, () => {
  it('finds the example servers in servers/', () => {
    expect(servers.map((server) => server.name)).toEqual(
      expect.arrayContaining(['cookie-jars', 'dice', 'pantry', 'pastry-chef']),
    );
  });

  it.each(servers.map((server) => [server.name, server] as const))('%s passes them all', async (_name, server) => {
    const running = await startServerPackage(server);
    try {
      const verdicts = await checkConformance(server.name, running.url, 'example');
      expect(verdicts.map((verdict) => verdict.scenario)).toEqual([...GENERIC_SCENARIOS]);
      expect(
        verdicts.filter((verdict) => !verdict.passed),
        formatVerdictTable(verdicts),
      ).toEqual([]);
    } finally {
      await running.stop();
    }
  });
});
