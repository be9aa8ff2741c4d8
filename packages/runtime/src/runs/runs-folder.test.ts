import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRunsFolder, RunsFolderError } from './runs-folder.js';

describe('makeRunsFolder', () => {
  it('makes the folder and its missing parents', () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'runs-')), 'a', 'b', 'runs');
    makeRunsFolder(folder);
    makeRunsFolder(folder);
    expect(statSync(folder).isDirectory()).toBe(true);
  });

  it('refuses a folder under /proc with its reason instead of looping', () => {
    expect(() => makeRunsFolder('/proc/self/runs')).toThrow(RunsFolderError);
    expect(() => makeRunsFolder('/proc/self/runs/deeper')).toThrow(
      /the runs folder \/proc\/self\/runs\/deeper cannot be made: /,
    );
  });

  it('refuses a path through a file, with the reason', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'runs-')), 'plain');
    writeFileSync(file, 'x');
    expect(() => makeRunsFolder(join(file, 'runs'))).toThrow(/cannot be made: ENOTDIR/);
    expect(() => makeRunsFolder(file)).toThrow(`${file} is a file, not a folder`);
  });
});
