// `pnpm pack:kitchen DIR`: writes the tarballs a server in its own repository installs with npm,
// outside this workspace (docs/write-your-own-server.md, "A server in its own repository"):
//
//   kitchen-cli-0.1.0.tgz         the `kitchen` command: the CLI's compiled bundle (its own build
//                                 script, into a staging folder), which carries its workspace packages and its npm
//                                 dependencies inside it, so the package depends on nothing
//   kitchen-server-kit-0.1.0.tgz  @kitchen/server-kit: JavaScript and type declarations from tsc
//                                 (packages/server-kit/tsconfig.pack.json), its npm dependencies
//                                 pinned by `pnpm pack` from the catalog in pnpm-workspace.yaml
//
//   node scripts/pack-kitchen.mjs DIR     (from the repository root; DIR is made when missing)

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'node_modules', '.bin');

const [destinationArgument] = process.argv.slice(2);
if (destinationArgument === undefined) {
  process.stderr.write('pack:kitchen: name the folder for the tarballs, e.g. pnpm pack:kitchen /tmp/kitchen-packs\n');
  process.exit(2);
}
// pnpm runs the script from the root; a relative DIR is read from where it was typed.
const destination = resolve(process.env.INIT_CWD ?? process.cwd(), destinationArgument);
mkdirSync(destination, { recursive: true });

const cli = packCli();
const kit = packServerKit();
process.stdout.write(`${[cli, kit].map((file) => join(destination, file)).join('\n')}\n`);

/** The CLI from its bundle: a manifest of its own (no workspace dependencies to rewrite: they are inside dist/). */
function packCli() {
  const source = join(ROOT, 'apps', 'cli');
  const manifest = readJson(join(source, 'package.json'));
  const staging = mkdtempSync(join(tmpdir(), 'kitchen-cli-pack-'));
  try {
    // The CLI's own build (scripts/build-package.mjs, plain node: no pnpm or turbo needed on PATH),
    // into the staging folder: apps/cli/dist may be in use by a kitchen or a test while this runs.
    run('bash', ['-c', manifest.scripts.build], source, { KITCHEN_BUILD_DIST: join(staging, 'dist') });
    cpSync(join(source, 'README.md'), join(staging, 'README.md'));
    mkdirSync(join(staging, 'bin'));
    writeFileSync(
      join(staging, 'bin', 'kitchen.mjs'),
      "#!/usr/bin/env node\n// The installed `kitchen` command: the CLI's compiled bundle.\nimport '../dist/cli.js';\n",
      { mode: 0o755 },
    );
    writeJson(join(staging, 'package.json'), {
      name: manifest.name,
      version: manifest.version,
      description: 'The kitchen CLI: an MCP host that starts, lists, calls and runs a model against MCP servers.',
      type: 'module',
      bin: { kitchen: './bin/kitchen.mjs' },
      files: ['bin', 'dist', 'README.md'],
      engines: readJson(join(ROOT, 'package.json')).engines,
      // Bundled: the workspace packages and npm dependencies the CLI loads are in dist/.
      dependencies: {},
    });
    return lastLine(run('npm', ['pack', '--silent', '--pack-destination', destination], staging));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The kit, compiled by tsc, packed by pnpm (which rewrites catalog: to the pinned versions and applies publishConfig). */
function packServerKit() {
  const source = join(ROOT, 'packages', 'server-kit');
  rmSync(join(source, 'dist'), { recursive: true, force: true });
  run(join(BIN, 'tsc'), ['-p', 'tsconfig.pack.json'], source);
  const pnpm = readJson(join(ROOT, 'package.json')).packageManager;
  const packed = run('npx', ['-y', pnpm, 'pack', '--pack-destination', destination], source);
  return lastLine(packed).split('/').pop();
}

function run(command, args, cwd, environment = {}) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env, ...environment },
  });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}\n`);
    process.stderr.write(`pack:kitchen: ${command} ${args.join(' ')} failed (in ${cwd})\n`);
    process.exit(1);
  }
  return result.stdout;
}

function lastLine(text) {
  return text.trim().split('\n').pop().trim();
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function writeJson(file, value) {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}
