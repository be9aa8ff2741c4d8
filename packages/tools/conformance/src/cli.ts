// `pnpm conformance [server ...]`: runs the MCP conformance suite by hand, in both revisions
// (2025-11-25 and 2026-07-28), and prints one table per revision. No names: the fixtures (every
// scenario) and every servers/<name> (the generic scenarios, in each revision it serves). Exit 0
// when every run passed, 1 when one failed, 2 for an unknown name. Test side.

import { FIXTURE_SERVER_NAME } from './build-fixture-server.js';
import { checkConformance, checkFixture, describeExclusions, servedEras } from './check-conformance.js';
import { discoverServers } from './discover-servers.js';
import { formatVerdictTable } from './format-verdict-table.js';
import type { ScenarioVerdict } from './judge-scenario.js';
import { startServerPackage } from './start-server-package.js';
import { SPEC_VERSIONS, type SpecVersion } from './suite-runtime.js';

const EXIT_USAGE = 2;

const servers = discoverServers();
const known = [FIXTURE_SERVER_NAME, ...servers.map((server) => server.name)];
const asked = process.argv.slice(2).filter((argument) => argument !== '--');
if (asked.includes('--help') || asked.includes('-h')) {
  process.stdout.write(`Usage: pnpm conformance [server ...]\nServers: ${known.join(', ')}\n`);
  process.exit(0);
}
const unknown = asked.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  process.stderr.write(
    `conformance: no server named ${unknown.map((name) => `"${name}"`).join(', ')}; choose from ${known.join(', ')} (or give none for all).\n`,
  );
  process.exit(EXIT_USAGE);
}
const wanted = asked.length === 0 ? known : asked;

const verdicts = new Map<SpecVersion, ScenarioVerdict[]>(SPEC_VERSIONS.map((era) => [era, []]));
if (wanted.includes(FIXTURE_SERVER_NAME)) {
  for (const era of SPEC_VERSIONS) {
    process.stderr.write(`${FIXTURE_SERVER_NAME}: every scenario of ${era}…\n`);
    verdicts.get(era)?.push(...(await checkFixture(era)));
  }
}
for (const server of servers.filter((candidate) => wanted.includes(candidate.name))) {
  const running = await startServerPackage(server);
  try {
    for (const era of await servedEras(running.url)) {
      process.stderr.write(`${server.name}: the generic scenarios of ${era}…\n`);
      verdicts.get(era)?.push(...(await checkConformance(server.name, running.url, 'example', era)));
    }
  } finally {
    await running.stop();
  }
}

for (const [era, eraVerdicts] of verdicts) {
  if (eraVerdicts.length === 0) continue;
  process.stdout.write(`\nRevision ${era}\n\n${formatVerdictTable(eraVerdicts)}\n`);
  for (const verdict of eraVerdicts.filter((candidate) => !candidate.passed)) {
    process.stdout.write(
      `\n${verdict.scenario} on ${verdict.server}:\n${verdict.problems.map((problem) => `  - ${problem}`).join('\n')}\n`,
    );
  }
}
for (const line of describeExclusions()) process.stdout.write(`${line}\n`);
const all = [...verdicts.values()].flat();
process.exitCode = all.every((verdict) => verdict.passed) ? 0 : 1;
