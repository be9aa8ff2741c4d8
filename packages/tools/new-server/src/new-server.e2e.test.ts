// `pnpm new-server` end to end, in a temporary copy of the working tree: scaffold, install (from
// the local store, with the registry for metadata a cold cache lacks), the new package's typecheck and tests, lint, and the server started by
// `kitchen servers`: its tool listed over MCP and the generic conformance scenarios passed.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkConformance, formatVerdictTable, GENERIC_SCENARIOS } from '@kitchen/conformance';
import { connectHttpClient, runProcess } from '@kitchen/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyWorkingTree } from './copy-working-tree.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const NAME = 'tea-timer';
/** Installing, typechecking and testing a package on a busy 2-core machine: generous, but bounded. */
const STEP_TIMEOUT_MS = 180_000;
/** vitest colours its summary. */
const ANSI_ESCAPES = /\u001b\[[0-9;]*m/g;
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

let copy: string;
let packageDirectory: string;
let scaffold: { code: number | null; stdout: string; stderr: string };

const run = (command: string, args: string[], cwd: string) =>
  runProcess(command, args, { cwd, timeoutMs: STEP_TIMEOUT_MS });
const output = (end: { stdout: string; stderr: string }) => `${end.stdout}\n${end.stderr}`;

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'kitchen-new-server-'));
  copyWorkingTree(ROOT, copy);
  packageDirectory = join(copy, 'servers', NAME);
  scaffold = await run(process.execPath, ['--import', TSX, 'packages/tools/new-server/src/cli.ts', NAME], copy);
}, STEP_TIMEOUT_MS);

afterAll(async () => {
  if (copy !== undefined) await rm(copy, { recursive: true, force: true });
}, STEP_TIMEOUT_MS);

describe('pnpm new-server, in a copy of the repository', { timeout: STEP_TIMEOUT_MS }, () => {
  it('scaffolds, adds the config entry and installs, exit 0', () => {
    expect(scaffold.code, output(scaffold)).toBe(0);
    expect(scaffold.stdout).toContain(`Created servers/${NAME} (@kitchen/server-${NAME})`);
    const config = JSON.parse(readFileSync(join(copy, 'kitchen.config.json'), 'utf8'));
    expect(config.mcpServers[NAME]).toEqual({
      trust: true,
      kitchen: { package: `servers/${NAME}`, entry: 'src/main.ts' },
    });
  });

  it('passes its own typecheck and tests', async () => {
    const typecheck = await run(
      join(packageDirectory, 'node_modules', '.bin', 'tsc'),
      ['-p', 'tsconfig.json'],
      packageDirectory,
    );
    expect(typecheck.code, output(typecheck)).toBe(0);
    const tests = await run(join(packageDirectory, 'node_modules', '.bin', 'vitest'), ['run'], packageDirectory);
    expect(tests.code, output(tests)).toBe(0);
    const summary = tests.stdout.replace(ANSI_ESCAPES, '');
    expect(summary).toMatch(/Tests\s+\d+ passed \(\d+\)/);
    expect(summary).not.toMatch(/\d+ failed/);
  });

  it('leaves the tree lint-clean: formatting, lint rules and the host/server boundary', async () => {
    const lint = await run(process.execPath, ['scripts/check-boundary.mjs'], copy);
    expect(lint.code, output(lint)).toBe(0);
    const biome = await run(
      join(copy, 'node_modules', '.bin', 'biome'),
      ['check', `servers/${NAME}`, 'kitchen.config.json'],
      copy,
    );
    expect(biome.code, output(biome)).toBe(0);
  });

  it('is started by the kitchen with the others (kitchen servers), lists its tool and passes the generic conformance scenarios', async () => {
    const kitchen = spawn(process.execPath, ['--import', 'tsx', 'apps/cli/src/cli.ts', 'servers', '--json'], {
      cwd: copy,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await waitForServerLine(kitchen, NAME);
      const client = await connectHttpClient(url);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['count_words']);
      await client.close();
      const verdicts = await checkConformance(NAME, url, 'example');
      expect(verdicts.map((verdict) => verdict.scenario)).toEqual([...GENERIC_SCENARIOS]);
      expect(
        verdicts.filter((verdict) => !verdict.passed),
        formatVerdictTable(verdicts),
      ).toEqual([]);
    } finally {
      kitchen.kill('SIGINT');
      await new Promise((resolve) => kitchen.once('close', resolve));
    }
  });

  it('refuses the same name again with exit code 2 and the fix', async () => {
    const again = await run(process.execPath, ['--import', TSX, 'packages/tools/new-server/src/cli.ts', NAME], copy);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(
      `servers/${NAME} already exists; pick another name, or remove servers/${NAME} first`,
    );
  });
});

/** Reads `kitchen servers --json` lines until the named server's; rejects if the kitchen exits first. */
function waitForServerLine(kitchen: ChildProcess, name: string): Promise<string> {
  let stdout = '';
  let stderr = '';
  kitchen.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    kitchen.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      for (const line of stdout.split('\n').slice(0, -1)) {
        const server = JSON.parse(line) as { name: string; url: string };
        if (server.name === name) resolve(server.url);
      }
    });
    kitchen.once('exit', (code) => reject(new Error(`kitchen servers exited with ${code}: ${stderr}`)));
  });
}
