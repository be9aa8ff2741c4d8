// END TO END, SLOW (a pack, an npm install from the registry: a minute or two): the section "A
// server in its own repository" of docs/write-your-own-server.md, run as written. Its ```bash
// commands in order: `pack:kitchen` in this repository, then, in an empty folder outside it, its
// ```json package.json and ```js files written, one `npm i` of the tarballs, and npx kitchen
// against the plain-JS server on the kit (from the config kitchen init writes, and by URL), the
// kit's test helpers under `node --test`, and the reference server over stdio by command. One
// install for every check: it needs the npm registry, and no warm pnpm or npm cache.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOC = readFileSync(join(ROOT, 'docs', 'write-your-own-server.md'), 'utf8');
const SECTION = DOC.slice(DOC.indexOf('## A server in its own repository'));
/** A pack (turbo build, tsc) and an install on a busy 2-core machine: generous, but bounded. */
const SETUP_TIMEOUT_MS = 600_000;
const STEP_TIMEOUT_MS = 180_000;
const PACKS_IN_DOC = '/tmp/kitchen-packs';
const URL_IN_DOC = 'http://127.0.0.1:4100/mcp';

/** The commands this test runs, in the section's order; the section must show exactly these. */
const PACK = `pnpm pack:kitchen ${PACKS_IN_DOC}`;
/** The root script it names, run as pnpm runs it (from the root, its bin folder on PATH). */
const PACK_SCRIPT = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts['pack:kitchen'];
const OUTSIDE = [
  `npm i ${PACKS_IN_DOC}/*.tgz @modelcontextprotocol/server@2.4.0 zod@4.6.7 @modelcontextprotocol/server-everything@2026.8.31`,
  'npx kitchen init',
  'npx kitchen tools tea-timer',
  'npx kitchen call tea-timer steep_time tea=green',
  'npm test',
  `npx kitchen call tea steep_time tea=oolong --server tea=${URL_IN_DOC}`,
  'npx kitchen call everything echo message=hello --server "everything=node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio"',
];
/** The ```js blocks, in order, are these files (the section names each just before it). */
const JS_FILES = ['build-server.js', 'server.js', 'server.test.js'];

function fencedBlocks(markdown, language) {
  return [...markdown.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map(
    (match) => match[1] ?? '',
  );
}

const fencedCommands = (language) =>
  fencedBlocks(SECTION, language).flatMap((block) => block.split('\n').filter((line) => line.trim() !== ''));

/** The folder's environment: nothing of the pnpm or vitest that runs this test reaches npm. */
function outsideEnvironment() {
  return Object.fromEntries(
    Object.entries({ ...process.env, NO_COLOR: '1' }).filter(
      ([name]) => !/^npm_/i.test(name) && !name.startsWith('VITEST') && name !== 'ANTHROPIC_API_KEY',
    ),
  );
}

/** Runs a command line through bash (the doc's `*.tgz` is a shell glob); resolves with its output. */
function shell(line, cwd, timeoutMs = STEP_TIMEOUT_MS) {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', line], { cwd, env: outsideEnvironment() });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text) => (stderr += text));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, output: `${stdout}\n${stderr}` });
    });
  });
}

/** `node server.js --port 0` in the folder, until its listening line; the URL the doc's --server line gets. */
function startServer(cwd) {
  const child = spawn(process.execPath, ['server.js', '--port', '0'], { cwd, env: outsideEnvironment() });
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (text) => {
      stdout += text;
      const url = /listening on (\S+)/.exec(stdout)?.[1];
      if (url !== undefined) resolve({ url, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`server.js exited (${code}) before listening`)));
  });
}

let packs;
let folder;
const results = new Map();
const run = async (index, replace = (line) => line) => {
  const line = OUTSIDE[index];
  const result = await shell(replace(line.replaceAll(PACKS_IN_DOC, packs)), folder);
  results.set(line, result);
  return result;
};

/** apps/cli/dist/cli.js's inode and modification time, or undefined when the CLI is not built. */
const CLI_BUNDLE = join(ROOT, 'apps', 'cli', 'dist', 'cli.js');
const bundleStamp = () =>
  existsSync(CLI_BUNDLE) ? `${statSync(CLI_BUNDLE).ino}:${statSync(CLI_BUNDLE).mtimeMs}` : undefined;
let cliBundleBefore;

describe('a server in its own repository, from pack:kitchen tarballs installed with npm', () => {
  beforeAll(async () => {
    packs = mkdtempSync(join(tmpdir(), 'kitchen-packs-'));
    folder = mkdtempSync(join(tmpdir(), 'kitchen-own-repository-'));
    cliBundleBefore = bundleStamp();
    const packed = await shell(`${PACK_SCRIPT} ${packs}`, ROOT, SETUP_TIMEOUT_MS);
    expect(packed.code, packed.output).toBe(0);
    const [packageJson] = fencedBlocks(SECTION, 'json');
    writeFileSync(join(folder, 'package.json'), packageJson ?? '');
    for (const [index, source] of fencedBlocks(SECTION, 'js').entries())
      writeFileSync(join(folder, JS_FILES[index] ?? `extra-${index}.js`), source);
    const installed = await run(0);
    expect(installed.code, installed.output).toBe(0);
  }, SETUP_TIMEOUT_MS * 2);

  // Removing the folder's node_modules takes seconds on a busy machine.
  afterAll(async () => {
    await Promise.all(
      [packs, folder].filter((path) => path !== undefined).map((path) => rm(path, { recursive: true, force: true })),
    );
  }, STEP_TIMEOUT_MS);

  it("leaves the CLI's own dist/ alone: tests and kitchens run from it while a pack is made", () => {
    expect(bundleStamp()).toBe(cliBundleBefore);
  });

  it('shows exactly the commands this test runs, and names each file it writes', () => {
    expect(fencedCommands('bash')).toEqual([PACK, ...OUTSIDE]);
    expect(fencedBlocks(SECTION, 'js')).toHaveLength(JS_FILES.length);
    for (const file of JS_FILES) expect(SECTION).toContain(`\`${file}\``);
  });

  it('installs plain JavaScript with type declarations and pinned dependencies, no tsx', () => {
    const kit = JSON.parse(readFileSync(join(folder, 'node_modules/@kitchen/server-kit/package.json'), 'utf8'));
    expect(kit.exports['.']).toEqual({ types: './dist/index.d.ts', default: './dist/index.js' });
    expect(Object.values(kit.dependencies).every((version) => /^\d+\.\d+\.\d+/.test(version))).toBe(true);
    expect(kit.dependencies['@modelcontextprotocol/client']).toMatch(/^\d/);
    readFileSync(join(folder, 'node_modules/@kitchen/server-kit/dist/testing.d.ts'), 'utf8');
    const cli = JSON.parse(readFileSync(join(folder, 'node_modules/@kitchen/cli/package.json'), 'utf8'));
    expect(cli.bin).toEqual({ kitchen: './bin/kitchen.mjs' });
    expect(cli.dependencies).toEqual({});
    // `kitchen call --app`'s preview script, bundled at build time: the packed CLI has no esbuild.
    expect(readFileSync(join(folder, 'node_modules/@kitchen/cli/dist/app-preview.js'), 'utf8')).toContain(
      'postMessage',
    );
    expect(JSON.stringify([kit, cli])).not.toMatch(/workspace:|catalog:/);
  });

  it(
    'writes the config with kitchen init, then lists and calls the server it starts',
    async () => {
      const init = await run(1);
      expect(init.code, init.output).toBe(0);
      expect(JSON.parse(readFileSync(join(folder, 'kitchen.config.json'), 'utf8'))).toEqual({
        mcpServers: { 'tea-timer': { kitchen: { package: '.', entry: 'server.js' } } },
      });
      const tools = await run(2);
      expect(tools.code, tools.output).toBe(0);
      expect(tools.stdout).toContain('tea-timer.steep_time(tea: green|black|white|oolong|herbal*) [read-only]');
      const call = await run(3);
      expect(call.code, call.output).toBe(0);
      expect(call.stdout).toContain('← steep_time: {"tea":"green","minutes":2}');
    },
    STEP_TIMEOUT_MS * 3,
  );

  it(
    "runs the server's own test on the kit's testing helpers under plain node",
    async () => {
      const test = await run(4);
      expect(test.code, test.output).toBe(0);
      expect(test.stdout).toMatch(/# pass 1\b/);
    },
    STEP_TIMEOUT_MS,
  );

  it(
    'calls the server by URL, and the reference server over stdio by command',
    async () => {
      const server = await startServer(folder);
      try {
        const byUrl = await run(5, (line) => line.replace(URL_IN_DOC, server.url));
        expect(byUrl.code, byUrl.output).toBe(0);
        expect(byUrl.stdout).toContain('← steep_time: {"tea":"oolong","minutes":3}');
      } finally {
        server.stop();
      }
      const everything = await run(6);
      expect(everything.code, everything.output).toBe(0);
      expect(everything.stdout).toContain('← echo: Echo: hello');
    },
    STEP_TIMEOUT_MS * 2,
  );
});
