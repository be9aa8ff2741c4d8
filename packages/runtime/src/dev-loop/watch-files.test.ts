// The developer loop's watcher on a real temporary folder: a change under the pattern is reported
// once per burst; one under node_modules or outside the pattern is not.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FileWatch, watchFiles } from './watch-files.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function folder(): string {
  const made = mkdtempSync(join(tmpdir(), 'kitchen-watch-'));
  mkdirSync(join(made, 'src'));
  mkdirSync(join(made, 'node_modules'));
  cleanups.push(() => rmSync(made, { recursive: true, force: true }));
  return made;
}

function watching(patterns: string[], base: string, batches: string[][]): FileWatch {
  const watch = watchFiles({ patterns, base, onChange: (files) => batches.push(files) });
  cleanups.push(() => watch.close());
  return watch;
}

describe('watchFiles', () => {
  it('reports the files a burst of changes touched', async () => {
    const base = folder();
    const batches: string[][] = [];
    expect(watching(['src/**/*.ts'], base, batches).roots).toEqual([join(base, 'src')]);
    writeFileSync(join(base, 'src', 'a.ts'), 'one');
    writeFileSync(join(base, 'src', 'b.ts'), 'two');
    writeFileSync(join(base, 'src', 'a.ts'), 'three');
    await vi.waitFor(() => expect(batches.flat()).toContain(join(base, 'src', 'b.ts')), { timeout: 20_000 });
    expect(batches.flat()).toContain(join(base, 'src', 'a.ts'));
  });

  it('ignores node_modules and files outside the pattern', async () => {
    const base = folder();
    const batches: string[][] = [];
    watching(['.'], base, batches);
    writeFileSync(join(base, 'node_modules', 'x.js'), 'installed');
    writeFileSync(join(base, 'src', 'main.mjs'), 'edited');
    await vi.waitFor(() => expect(batches).not.toHaveLength(0), { timeout: 20_000 });
    expect(batches.flat()).toEqual([join(base, 'src', 'main.mjs')]);
  });

  it('watches a folder made after the watch began', async () => {
    const base = folder();
    const batches: string[][] = [];
    watching(['src'], base, batches);
    mkdirSync(join(base, 'src', 'tools'));
    await vi.waitFor(() => expect(batches).not.toHaveLength(0), { timeout: 20_000 });
    writeFileSync(join(base, 'src', 'tools', 'weigh.ts'), 'new');
    await vi.waitFor(() => expect(batches.flat()).toContain(join(base, 'src', 'tools', 'weigh.ts')), {
      timeout: 20_000,
    });
  });
});
