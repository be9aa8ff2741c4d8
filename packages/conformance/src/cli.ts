// `pnpm conformance [server ...]`: runs the MCP conformance suite (0.1.13) by hand and prints one
// table. No names: the fixture (every scenario) and every servers/<name> (the generic
// scenarios). Exit 0 when every run passed, 1 when one failed, 2 for an unknown name. Test side.

import { FIXTURE_SERVER_NAME } from './build-fixture-server.js';
import { checkConformance, checkFixture, describeExclusions } from './check-conformance.js';
import { discoverServers } from './discover-servers.js';
import { formatVerdictTable } from './format-verdict-table.js';
import type { ScenarioVerdict } from './judge-scenario.js';
import { startServerPackage } from './start-server-package.js';

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

const verdicts: ScenarioVerdict[] = [];
if (wanted.includes(FIXTURE_SERVER_NAME)) {
  process.stderr.write(`${FIXTURE_SERVER_NAME}: every scenario…\n`);
  verdicts.push(...(await checkFixture()));
}
for (const server of servers.filter((candidate) => wanted.includes(candidate.name))) {
  process.stderr.write(`${server.name}: the generic scenarios…\n`);
  const running = await startServerPackage(server);
  try {
    verdicts.push(...(await checkConformance(server.name, running.url, 'example')));
  } finally {
    await running.stop();
  }
}

process.stdout.write(`${formatVerdictTable(verdicts)}\n`);
for (const line of describeExclusions()) process.stdout.write(`${line}\n`);
for (const verdict of verdicts.filter((candidate) => !candidate.passed)) {
  process.stdout.write(
    `\n${verdict.scenario} on ${verdict.server}:\n${verdict.problems.map((problem) => `  - ${problem}`).join('\n')}\n`,
  );
}
process.exitCode = verdicts.every((verdict) => verdict.passed) ? 0 : 1;
