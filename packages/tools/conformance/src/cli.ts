// `pnpm conformance [server ...]`: runs the MCP conformance suite by hand, in both revisions
// (2025-11-25 and 2026-07-28), and prints one table per revision. No names: the fixtures (every
// scenario) and every servers/<name> (the generic scenarios, in each revision it serves). A server
// from anywhere is named by its URL (running already) or by the command that starts it (it must
// print the kit's `MCP server "NAME" listening on URL` line): the scenarios that apply to any
// server. Exit 0 when every run passed, 1 when one failed, 2 for an unknown name. Test side.

import { startServerProcess } from '@kitchen/server-kit/testing';
import { FIXTURE_SERVER_NAME } from './build-fixture-server.js';
import { checkConformance, checkFixture, describeExclusions, servedEras } from './check-conformance.js';
import { discoverServers } from './discover-servers.js';
import { formatVerdictTable } from './format-verdict-table.js';
import type { ScenarioVerdict } from './judge-scenario.js';
import { startServerPackage } from './start-server-package.js';
import { SPEC_VERSIONS, type SpecVersion } from './suite-runtime.js';

const EXIT_USAGE = 2;
const USAGE = `Usage: pnpm conformance [server ...]
  a name        an example server (servers/<name>), or ${FIXTURE_SERVER_NAME}
  a URL         a server running already, e.g. http://127.0.0.1:4100/mcp
  "a command"   a server to start, e.g. "node server.js": it must print MCP server "NAME" listening on URL
                (what @kitchen/server-kit prints); quote words with spaces inside it
`;

const servers = discoverServers();
const known = [FIXTURE_SERVER_NAME, ...servers.map((server) => server.name)];
const asked = process.argv.slice(2).filter((argument) => argument !== '--');
if (asked.includes('--help') || asked.includes('-h')) {
  process.stdout.write(`${USAGE}Servers: ${known.join(', ')}\n`);
  process.exit(0);
}
const isUrl = (argument: string) => /^https?:\/\//.test(argument);
const isCommand = (argument: string) => /\s/.test(argument.trim()) || /[/\\.]/.test(argument);
const unknown = asked.filter((name) => !known.includes(name) && !isUrl(name) && !isCommand(name));
if (unknown.length > 0) {
  process.stderr.write(
    `conformance: no server named ${unknown.map((name) => `"${name}"`).join(', ')}; choose from ${known.join(', ')}, give a URL or a command in quotes (or give none for all).\n`,
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
for (const target of wanted.filter((argument) => !known.includes(argument))) {
  const running = isUrl(target) ? { url: target, stop: async () => {} } : await startCommand(target);
  try {
    for (const era of await servedEras(running.url)) {
      process.stderr.write(`${target}: the scenarios for any server, ${era}…\n`);
      verdicts.get(era)?.push(...(await checkConformance(target, running.url, 'any', era)));
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

/** Starts `node server.js …` (shell-like words: "double" or 'single' quotes keep spaces) and waits for its listening line. */
async function startCommand(text: string): Promise<{ url: string; stop(): Promise<unknown> }> {
  const words = [...text.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)].map(
    (match) => match[1]?.replace(/\\(.)/g, '$1') ?? match[2] ?? match[3] ?? '',
  );
  const [command = '', ...args] = words;
  try {
    return await startServerProcess(command, args);
  } catch (error) {
    process.stderr.write(`conformance: ${text} did not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
