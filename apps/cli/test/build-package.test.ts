// scripts/build-package.mjs, the bundler behind every package's `build`: a bundle keeps zod's
// English messages while it leaves out the other locales; --minify shortens names and writes the
// source map that gives them back.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_DIRECTORY, PROCESS_TEST_TIMEOUT_MS } from '@kitchen/probe-kit/cli-process';
import { afterAll, describe, expect, it } from 'vitest';

const BUILD = join(CLI_DIRECTORY, '..', '..', 'scripts', 'build-package.mjs');
const FIXTURE = join(CLI_DIRECTORY, 'test', 'fixtures', 'zod-messages.ts');
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

  it('with --minify, runs the same, smaller, with a linked source map', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
    execFileSync(process.execPath, [BUILD, FIXTURE], { cwd: outside, stdio: 'pipe' });
    const bundle = join(outside, 'dist', 'zod-messages.js');
    const plainSize = readFileSync(bundle, 'utf8').length;
    expect(existsSync(`${bundle}.map`)).toBe(false);
    execFileSync(process.execPath, [BUILD, '--minify', FIXTURE], { cwd: outside, stdio: 'pipe' });
    const minified = readFileSync(bundle, 'utf8');
    expect(minified.length).toBeLessThan(plainSize * 0.8);
    expect(minified).toMatch(/\/\/# sourceMappingURL=zod-messages\.js\.map\s*$/);
    expect(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')).sources).toContainEqual(
      expect.stringMatching(/fixtures\/zod-messages\.ts$/),
    );
    const said = JSON.parse(execFileSync(process.execPath, [bundle], { encoding: 'utf8' }));
    expect(said).toEqual({ message: 'Invalid input: expected number, received string', locales: ['en'] });
  });
});
