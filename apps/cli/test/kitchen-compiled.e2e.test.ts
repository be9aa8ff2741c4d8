// The quick start's run-time path: the CLI bundled to dist/ (as `pnpm build` makes it) starts a
// built server from its own dist/ under plain node, and falls back to tsx for a server nobody
// built, saying so as each one becomes ready.

import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CLI_DIRECTORY,
  type CliResult,
  cliEnvironment,
  PROCESS_TEST_TIMEOUT_MS,
  parseEvents,
  reportedJarIds,
  TESTS_COMPILED_CLI,
  tamperedJarIds,
  writeConfig,
} from '@kitchen/probe-kit/cli-process';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(CLI_DIRECTORY, '..', '..');
const BUILD = join(ROOT, 'scripts', 'build-package.mjs');

/** The package's own `build` script, run directly (turbo is not needed to test what it runs). */
function build(packageDirectory: string, ...entries: string[]): void {
  execFileSync(process.execPath, [BUILD, ...entries], { cwd: packageDirectory, stdio: 'pipe' });
}

function runCompiledCli(args: string[]): Promise<CliResult> {
  const child = spawn(process.execPath, [join(CLI_DIRECTORY, 'dist', 'cli.js'), ...args], {
    cwd: CLI_DIRECTORY,
    env: cliEnvironment(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

let unbuiltPackage: string;

beforeAll(() => {
  // Under the package's test script turbo has built both already, and other test files are
  // running those bundles: building them again here would pull them from under those runs.
  if (!TESTS_COMPILED_CLI) {
    build(
      CLI_DIRECTORY,
      'src/cli.ts',
      '../../packages/runtime/src/server-processes/exit-with-parent.ts',
      '../../packages/runtime/src/server-processes/defer-fetch-parser.ts',
    );
    build(join(ROOT, 'servers', 'cookie-jars'), 'src/main.ts');
  }
  // A server package with no dist/: its entry is the dice server's TypeScript.
  unbuiltPackage = mkdtempSync(join(tmpdir(), 'kitchen-unbuilt-'));
  mkdirSync(join(unbuiltPackage, 'src'));
  writeFileSync(join(unbuiltPackage, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(
    join(unbuiltPackage, 'src', 'main.ts'),
    `import ${JSON.stringify(join(ROOT, 'servers', 'dice', 'src', 'main.ts'))};\n`,
  );
}, PROCESS_TEST_TIMEOUT_MS);

describe('the compiled kitchen', () => {
  it('runs a built server from its dist/ with plain node and an unbuilt one under tsx, and finishes the run', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const config = writeConfig({
      mcpServers: {
        'cookie-jars': {
          trust: true,
          kitchen: { package: join(ROOT, 'servers', 'cookie-jars'), entry: 'src/main.ts' },
        },
        dice: { trust: true, kitchen: { package: unbuiltPackage, entry: 'src/main.ts' } },
      },
    });
    const result = await runCompiledCli([
      'run',
      '--json',
      '--jars',
      '20',
      '--config',
      config,
      'Inspect all 20 cookie jars and report which ones were tampered with, and why',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const started = result.stderr
      .split('\n')
      .filter((line) => line.startsWith('{"type":"server'))
      .map((line) => JSON.parse(line) as { type: string; server?: string; runtime?: string });
    expect(started[0]).toMatchObject({ type: 'servers-start', servers: ['cookie-jars', 'dice'] });
    expect(started.find((event) => event.server === 'cookie-jars')).toMatchObject({
      type: 'server-ready',
      runtime: 'node',
    });
    expect(started.find((event) => event.server === 'dice')).toMatchObject({ type: 'server-ready', runtime: 'tsx' });
    expect(started.at(-1)).toMatchObject({ type: 'servers-ready', count: 2 });
    const done = parseEvents(result.stdout).at(-1);
    expect(done?.type).toBe('done');
    expect(reportedJarIds(done?.type === 'done' ? done.finalText : '')).toEqual(tamperedJarIds(1729, 20));
  });
});
