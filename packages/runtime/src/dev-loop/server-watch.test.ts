// The default of what kitchen dev watches, per kind of server entry.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WATCHED_FILES, serverWatch } from './server-watch.js';

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('serverWatch', () => {
  it("is the config's own dev.watch when it has one", () => {
    expect(serverWatch({ kind: 'remote', name: 'far', url: 'http://127.0.0.1:1/mcp', watch: ['/x/*.ts'] })).toEqual([
      '/x/*.ts',
    ]);
  });

  it("is the source files of a launched server's package folder, and nothing for one reached by url", () => {
    const launched = {
      kind: 'launch' as const,
      name: 'dice',
      packageDirectory: '/repo/servers/dice',
      entryFile: '/repo/servers/dice/src/main.ts',
      args: [],
      env: {},
      port: 0,
    };
    expect(serverWatch(launched)).toEqual(['/repo/servers/dice/**/*.{ts,mts,cts,js,mjs,cjs,json,py}']);
    expect(serverWatch({ kind: 'remote', name: 'far', url: 'http://127.0.0.1:1/mcp' })).toBeUndefined();
  });

  it("is the source files beside the script a command runs, else in the command's folder", () => {
    const folder = mkdtempSync(join(tmpdir(), 'kitchen-watch-'));
    made.push(folder);
    mkdirSync(join(folder, 'src'));
    writeFileSync(join(folder, 'src', 'main.ts'), '');
    const stdio = { kind: 'stdio' as const, name: 'mine', command: 'npx', env: {}, cwd: folder };
    expect(serverWatch({ ...stdio, args: ['tsx', 'src/main.ts'] })).toEqual([
      join(folder, 'src', DEFAULT_WATCHED_FILES),
    ]);
    expect(serverWatch({ ...stdio, args: ['-y', '@modelcontextprotocol/server-everything'] })).toEqual([
      join(folder, DEFAULT_WATCHED_FILES),
    ]);
  });
});
