// scripts/build-package.mjs, the bundler behind every package's `build`: a bundle keeps zod's
// English messages while it leaves out the other locales.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_DIRECTORY, PROCESS_TEST_TIMEOUT_MS } from './cli-process.js';

const BUILD = join(APP_DIRECTORY, '..', '..', 'scripts', 'build-package.mjs');
const FIXTURE = join(APP_DIRECTORY, 'test', 'fixtures', 'zod-messages.ts');
const outside = mkdtempSync(join(tmpdir(), 'kitchen-build-'));
writeFileSync(join(outside, 'package.json'), '{ "type": "module" }\n');
afterAll(() => rmSync(outside, { recursive: true, force: true }));

describe('build-package', () => {
  it("bundles zod with its English messages and only the 'en' locale", { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
    execFileSync(process.execPath, [BUILD, FIXTURE], { cwd: outside, stdio: 'pipe' });
    const bundle = join(outside, 'dist', 'zod-messages.js');
    expect(readFileSync(bundle, 'utf8')).not.toMatch(/Nieprawidłowe|Ungültige Eingabe/);
    const said = JSON.parse(execFileSync(process.execPath, [bundle], { encoding: 'utf8' }));
    expect(said).toEqual({ message: 'Invalid input: expected number, received string', locales: ['en'] });
  });
});
