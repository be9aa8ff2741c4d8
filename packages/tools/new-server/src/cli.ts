// `pnpm new-server <name> [--offline] [--no-install]`: scaffolds servers/<name>, adds it to
// kitchen.config.json, formats it the way `pnpm lint` wants, and links it into the workspace with
// `pnpm install --prefer-offline` (a new server needs only packages the workspace already has, so
// the store has them; the registry is asked only for metadata the cache lacks, as on a fresh
// machine, where --offline fails with ERR_PNPM_NO_OFFLINE_META). Exit 0 done, 1 the install failed (the server is there: run pnpm install),
// 2 a bad or taken name or a bad flag.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CONFIG_FILE_NAME, scaffoldServer } from './scaffold-server.js';

const EXIT_FAILED = 1;
const EXIT_USAGE = 2;
const PNPM = 'pnpm@10.34.9';
const USAGE = `Usage: pnpm new-server <name> [--offline] [--no-install]

Creates servers/<name> (a tool, a resource, a prompt, tests, a README), adds it to
${CONFIG_FILE_NAME}, and runs pnpm install so the workspace links it.
  <name>         lowercase words joined by dashes, e.g. tea-timer
  --offline      install from the local pnpm store and metadata cache only, no registry
  --no-install   skip pnpm install (run it yourself before using the server)`;

const root = fileURLToPath(new URL('../../../../', import.meta.url));

let parsed: ReturnType<typeof parseCommandLine>;
try {
  parsed = parseCommandLine(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`new-server: ${(error as Error).message}\n\n${USAGE}\n`);
  process.exit(EXIT_USAGE);
}
if (parsed.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (parsed.name === undefined) {
  process.stderr.write(`new-server: give the new server a name, e.g. pnpm new-server tea-timer\n\n${USAGE}\n`);
  process.exit(EXIT_USAGE);
}

const result = scaffoldServer(root, parsed.name);
if (!result.ok) {
  process.stderr.write(`new-server: ${result.message}.\n`);
  process.exit(EXIT_USAGE);
}
const folder = `servers/${parsed.name}`;
process.stdout.write(`Created ${folder} (${result.packageName}):\n`);
for (const file of result.files) process.stdout.write(`  ${file}\n`);
process.stdout.write(`Added "${parsed.name}" to ${CONFIG_FILE_NAME}.\n`);

const nextSteps = [
  `  pnpm --filter ${result.packageName} test     # typecheck with: pnpm --filter ${result.packageName} typecheck`,
  '  pnpm kitchen servers                 # the kitchen starts it with the others',
  `  pnpm conformance ${parsed.name}`,
];
if (parsed.install) {
  const [command, prefix] = pnpmCommand();
  // A new workspace package always changes the lockfile, which pnpm refuses by default under CI=true.
  const args = [...prefix, 'install', '--no-frozen-lockfile', parsed.offline ? '--offline' : '--prefer-offline'];
  process.stdout.write(`Linking it into the workspace: pnpm ${args.slice(prefix.length).join(' ')}\n`);
  const install = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (install.status !== 0) {
    process.stderr.write(`new-server: pnpm install failed; ${folder} is in place: run pnpm install, then try it.\n`);
    process.exit(EXIT_FAILED);
  }
} else {
  nextSteps.unshift('  pnpm install                         # links the new package into the workspace');
}
// The template is formatted for its placeholder; the real name can change line lengths and import
// order. After the install, which brings biome to a fresh clone.
const biome = join(root, 'node_modules', '.bin', 'biome');
if (existsSync(biome)) spawnSync(biome, ['check', '--write', folder, CONFIG_FILE_NAME], { cwd: root, stdio: 'ignore' });

process.stdout.write(`\nNext:\n${nextSteps.join('\n')}\n`);

function parseCommandLine(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      offline: { type: 'boolean', default: false },
      'no-install': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 1) throw new Error(`give one name, not ${positionals.length}`);
  return { name: positionals[0], offline: values.offline, install: !values['no-install'], help: values.help };
}

/** The pnpm that is running this script (`pnpm new-server`), else the pinned one through npx. */
function pnpmCommand(): [string, string[]] {
  const running = process.env.npm_execpath;
  if (running !== undefined && basename(running).startsWith('pnpm')) return [process.execPath, [running]];
  return ['npx', ['-y', PNPM]];
}
