// The host reports; the app words. The host core is a library other hosts build on, so its own
// text (messages, comments, constants) never names the kitchen CLI's flags, commands, environment
// variables or repo paths: those belong to the app, which turns the host's data into advice.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE = fileURLToPath(new URL('../src/', import.meta.url));

// Model selection from flags and environment moves to the app with the offline model (issue 8).
const MOVING_TO_THE_APP = new Set(['create-model.ts']);

const APP_WORDS: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'a CLI flag', pattern: /(^|[^\w-])--[a-z][\w-]*/ },
  { what: 'a repo path', pattern: /\b(servers|apps|packages)\/[\w<>*-]+/ },
  { what: 'a command to type', pattern: /\b(npx|pnpm|tsx) [\w-]/ },
  { what: 'a kitchen command', pattern: /\bkitchen (run|web|demo)\b/ },
  { what: "the app's environment", pattern: /\bKITCHEN_[A-Z]+/ },
];

function hostSourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return hostSourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe("the host core's own words", () => {
  it('name no CLI flag, command, app environment variable or repo path', () => {
    const files = hostSourceFiles(SOURCE).filter((path) => !MOVING_TO_THE_APP.has(relative(SOURCE, path)));
    expect(files.length).toBeGreaterThan(30);
    const found = files.flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          APP_WORDS.filter(({ pattern }) => pattern.test(line)).map(
            ({ what }) => `${relative(SOURCE, path)}:${index + 1}: ${what}: ${line.trim()}`,
          ),
        ),
    );
    expect(found).toEqual([]);
  });

  it('would catch each kind of app word', () => {
    const samples = [
      'raise --max-tool-calls',
      'start it with npx tsx servers/<name>/src/main.ts',
      'run `kitchen web`',
      'set KITCHEN_MODEL',
    ];
    for (const sample of samples) expect(APP_WORDS.some(({ pattern }) => pattern.test(sample))).toBe(true);
    expect(APP_WORDS.some(({ pattern }) => pattern.test('a well-known tool; x--y; 5 -- 3'))).toBe(false);
  });
});
