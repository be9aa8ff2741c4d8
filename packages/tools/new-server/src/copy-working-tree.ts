// Test support: a temporary copy of the repository as git would commit it, for the end-to-end
// tests that scaffold a server and run the root scripts in it. Tooling, on neither side.

import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Every file git would commit from the working tree (tracked or new, not ignored), nothing else. */
export function copyWorkingTree(from: string, to: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: from,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of files.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    try {
      copyFileSync(join(from, file), join(to, file));
    } catch (error) {
      // Deleted in the working tree but still tracked: not part of what would be committed.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
