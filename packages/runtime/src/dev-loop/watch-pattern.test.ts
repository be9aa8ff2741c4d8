// Globs as kitchen dev reads a server's "dev.watch". Pure, no file system.

import { describe, expect, it } from 'vitest';
import { watchPattern } from './watch-pattern.js';

describe('watchPattern', () => {
  it('watches the folder before the first wildcard, relative to the config folder', () => {
    expect(watchPattern('src/**/*.ts', '/repo/servers/dice').root).toBe('/repo/servers/dice/src');
    expect(watchPattern('/abs/*.mjs', '/elsewhere').root).toBe('/abs');
  });

  it('matches ** across folders and * within one', () => {
    const pattern = watchPattern('src/**/*.ts', '/repo');
    expect(pattern.matches('main.ts')).toBe(true);
    expect(pattern.matches('tools/roll.ts')).toBe(true);
    expect(pattern.matches('tools/roll.js')).toBe(false);
    expect(watchPattern('*.ts', '/repo').matches('tools/roll.ts')).toBe(false);
  });

  it('reads {a,b} as either', () => {
    const pattern = watchPattern('**/*.{ts,mjs}', '/repo');
    expect(pattern.matches('server.mjs')).toBe(true);
    expect(pattern.matches('a/b.ts')).toBe(true);
    expect(pattern.matches('a/b.json')).toBe(false);
  });

  it('takes a plain folder whole, and never node_modules, dist or .git', () => {
    const folder = watchPattern('servers/dice', '/repo');
    expect(folder.root).toBe('/repo/servers/dice');
    expect(folder.matches('src/main.ts')).toBe(true);
    expect(folder.matches('node_modules/zod/index.js')).toBe(false);
    expect(folder.matches('dist/main.js')).toBe(false);
    expect(watchPattern('**/*.js', '/repo').matches('dist/main.js')).toBe(false);
  });
});
