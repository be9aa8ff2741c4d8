// typecheck.mjs on a small workspace of its own: the tsconfigs the packages' typecheck scripts
// name become as few programs as their options allow, and a file that does not check fails it.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./typecheck.mjs', import.meta.url));
const OPTIONS = { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: [] };

/** A workspace with packages `libs/a` (exports `twice`) and `libs/b` (imports it); `b` as given. */
function workspace({
  bSource = "import { twice } from '../../a/src/index.js';\nexport const four = twice(2);\n",
  bLib,
} = {}) {
  const root = mkdtempSync(join(tmpdir(), 'kitchen-typecheck-'));
  writeFileSync(join(root, 'pnpm-workspace.yaml'), 'packages:\n  - libs/*\n');
  const pack = (name, source, options) => {
    mkdirSync(join(root, 'libs', name, 'src'), { recursive: true });
    writeFileSync(
      join(root, 'libs', name, 'package.json'),
      JSON.stringify({ name, type: 'module', scripts: { typecheck: 'tsc -p tsconfig.json' } }),
    );
    writeFileSync(
      join(root, 'libs', name, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: options, include: ['src'] }),
    );
    writeFileSync(join(root, 'libs', name, 'src', 'index.ts'), source);
  };
  pack('a', 'export const twice = (value: number): number => value * 2;\n', OPTIONS);
  pack('b', bSource, bLib ? { ...OPTIONS, lib: bLib } : OPTIONS);
  return root;
}

function typecheck(root) {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, '--root', root], (error, stdout, stderr) =>
      resolve({ code: error ? error.code : 0, stdout, stderr }),
    );
  });
}

// Loading TypeScript takes seconds on a loaded machine: a bound on a hang, not a timing.
describe.concurrent('typecheck.mjs', { timeout: 60_000 }, () => {
  it('checks packages with the same options as one program, each file once', async () => {
    const result = await typecheck(workspace());
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^typecheck: 2 files of 2 tsconfig\(s\) as one program/m);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('fails on a file that does not check, naming it and the error', async () => {
    const result = await typecheck(workspace({ bSource: "export const four: number = 'four';\n" }));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/libs\/b\/src\/index\.ts.*TS2322/);
    expect(result.stderr).toContain('typecheck: 1 error(s)');
  });

  it('gives a package with other options a program of its own', async () => {
    const result = await typecheck(workspace({ bLib: ['ES2023', 'DOM'] }));
    expect(result.code, result.stderr).toBe(0);
    // b's program holds a's file too, as b imports it: two programs, three root files in all.
    expect(result.stdout.trim().split('\n')).toHaveLength(2);
  });
});
