// What a run whose servers all speak revision 2026-07-28 loads: the v2 client, and not the v1
// client SDK (the 2025-11-25 client, its transports and the Ajv it validates with), which the host
// imports only when a server falls back to or is pinned to 2025-11-25. Watched in the CLI's own
// process (from source under tsx) by a resolve hook, since module loading is the behaviour.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES, PROCESS_TEST_TIMEOUT_MS, runCli, serversConfig } from '@kitchen/probe-kit/cli-process';
import { describe, expect, it } from 'vitest';

const WATCHED = ['@modelcontextprotocol/', 'ajv'];

describe('the 2025-11-25 client loads only when used', () => {
  it('a demo run against 2026 servers never loads the v1 client SDK or Ajv', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'kitchen-imports-')), 'imports.log');
    writeFileSync(log, '');
    const runsDir = mkdtempSync(join(tmpdir(), 'kitchen-lazy-sdk-runs-'));
    const result = await runCli(
      ['demo', '--jars', '10', '--config', serversConfig('cookie-jars'), '--runs-dir', runsDir],
      {
        NODE_OPTIONS: `--import ${join(FIXTURES, 'watch-imports.mjs')}`,
        KITCHEN_IMPORT_LOG: log,
        KITCHEN_IMPORT_WATCH: WATCHED.join(','),
      },
      // The bundle has no imports to watch: which modules load is a question about the source.
      { fromSource: true },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('cookie-jars · 2026-07-28');
    // Only the CLI's own process: the server it starts inherits the hook too, and loads what it likes.
    const cliFiles = /\/apps\/kitchen\/|\/packages\/host\//;
    const loaded = readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(' ') as [string, string])
      .filter(([, from]) => cliFiles.test(from ?? ''))
      .map(([specifier]) => specifier);
    // The hook saw the host's imports: the v2 client that connected.
    expect(loaded).toContain('@modelcontextprotocol/client');
    // (sdk/client/streamableHttp.js still loads: its error class is what 2025 failures are told apart by.)
    expect(loaded).not.toContain('@modelcontextprotocol/sdk/client/index.js');
    expect(loaded).not.toContain('@modelcontextprotocol/sdk/client/stdio.js');
    expect(loaded.filter((specifier) => specifier.startsWith('ajv'))).toEqual([]);
  });
});
