// Which files a server's developer loop watches: a glob as VS Code's "dev.watch" takes it
// ("src/**/*.ts"), or a folder (everything under it). Pure matching, no file system. Runtime side.

import { isAbsolute, join, sep } from 'node:path';

/** Folders never watched, whatever the pattern: installed packages, build output, git's own files. */
export const IGNORED_FOLDERS = new Set(['node_modules', 'dist', '.git']);

export interface WatchPattern {
  /** The folder to watch: the pattern's leading part without wildcards. */
  root: string;
  /** Whether a path under `root` (with "/" separators) is one of the pattern's files. */
  matches(relativePath: string): boolean;
}

/**
 * Reads a pattern relative to `base`: `**` is any number of folders, `*` any characters but "/",
 * `?` one of them, `{a,b}` either; a pattern without wildcards is a folder or a file to watch whole.
 */
export function watchPattern(pattern: string, base: string): WatchPattern {
  const absolute = isAbsolute(pattern) ? pattern : join(base, pattern);
  const parts = absolute.split(sep);
  const firstWild = parts.findIndex((part) => /[*?{[]/.test(part));
  if (firstWild === -1) {
    return { root: absolute, matches: (relativePath) => !ignored(relativePath) };
  }
  const root = parts.slice(0, firstWild).join(sep) || sep;
  const expression = globExpression(parts.slice(firstWild).join('/'));
  return { root, matches: (relativePath) => !ignored(relativePath) && expression.test(relativePath) };
}

function ignored(relativePath: string): boolean {
  return relativePath.split('/').some((part) => IGNORED_FOLDERS.has(part));
}

function globExpression(glob: string): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index++) {
    const character = glob[index] ?? '';
    if (glob.startsWith('**/', index)) {
      source += '(?:.*/)?';
      index += 2;
    } else if (glob.startsWith('**', index)) {
      source += '.*';
      index += 1;
    } else if (character === '*') source += '[^/]*';
    else if (character === '?') source += '[^/]';
    else if (character === '{') source += '(?:';
    else if (character === '}') source += ')';
    else if (character === ',' && openBraces(glob, index)) source += '|';
    else source += character.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

function openBraces(glob: string, index: number): boolean {
  const before = glob.slice(0, index);
  return before.split('{').length > before.split('}').length;
}
