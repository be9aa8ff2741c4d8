// The server kit's stand-in for the v2 SDK's Node shims, as the kitchen's bundles use it: tool
// inputs against a raw JSON Schema are still validated, every failure named, with no Ajv loaded.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const BUILD = fileURLToPath(new URL('../../../scripts/build-package.mjs', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/json-schema-input.ts', import.meta.url));
const outside = mkdtempSync(join(tmpdir(), 'kit-shims-'));
writeFileSync(join(outside, 'package.json'), '{ "type": "module" }\n');
afterAll(() => rmSync(outside, { recursive: true, force: true }));

describe('a bundled v2 server', () => {
  it('validates tool inputs against JSON Schema, naming every failure, without loading Ajv', {
    timeout: 60_000,
  }, () => {
    execFileSync(process.execPath, [BUILD, FIXTURE], { cwd: outside, stdio: 'pipe' });
    const dist = join(outside, 'dist');
    const code = readdirSync(dist, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(dist, file), 'utf8'))
      .join('\n');
    expect(code).not.toMatch(/Ajv/);
    const [valid, wrong, missing] = JSON.parse(
      execFileSync(process.execPath, [join(dist, 'json-schema-input.js')], { encoding: 'utf8' }),
    );
    expect(valid).toEqual({ value: { sides: 6, colour: 'red' } });
    expect(wrong.issues).toHaveLength(1);
    expect(wrong.issues[0].message).toContain('#/sides: 1 is less than 2');
    expect(wrong.issues[0].message).toContain('#/colour: Instance does not match any of ["red","white"]');
    expect(missing.issues[0].message).toContain('required property "sides"');
  });
});
