// The suite's generic scenarios against every servers/<name> package, each started from its own
// main.ts as a person would, in every revision it serves (its health endpoint says which). Test
// side; everything on 127.0.0.1.

import { describe, expect, it } from 'vitest';
import { checkConformance, servedEras } from './check-conformance.js';
import { discoverServers } from './discover-servers.js';
import { formatVerdictTable } from './format-verdict-table.js';
import { plannedScenarios } from './scenario-plan.js';
import { startServerPackage } from './start-server-package.js';

const servers = discoverServers();

describe('example servers under the generic conformance scenarios', { timeout: 240_000 }, () => {
  it('finds the example servers in servers/', () => {
    expect(servers.map((server) => server.name)).toEqual(
      expect.arrayContaining(['cookie-jars', 'dice', 'pantry', 'pastry-chef']),
    );
  });

  it.each(servers.map((server) => [server.name, server] as const))('%s passes them all', async (_name, server) => {
    const running = await startServerPackage(server);
    try {
      const eras = await servedEras(running.url);
      // Every example server still speaks 2025-11-25; those on the v2 SDK speak 2026-07-28 too.
      expect(eras).toContain('2025-11-25');
      for (const era of eras) {
        const verdicts = await checkConformance(server.name, running.url, 'example', era);
        expect(verdicts.map((verdict) => verdict.scenario)).toEqual([...plannedScenarios('example', era)]);
        expect(
          verdicts.filter((verdict) => !verdict.passed),
          formatVerdictTable(verdicts),
        ).toEqual([]);
      }
    } finally {
      await running.stop();
    }
  });

  it('checks dice in revision 2026-07-28 as well (it is on the v2 server SDK)', async () => {
    const dice = servers.find((server) => server.name === 'dice');
    expect(dice).toBeDefined();
    const running = await startServerPackage(dice!);
    try {
      expect(await servedEras(running.url)).toEqual(['2025-11-25', '2026-07-28']);
    } finally {
      await running.stop();
    }
  });
});
