// The README's flag table and the CLI's flag table name the same flags, so the README cannot
// drift from the parser; the help is drawn from the table itself.

import { readFileSync } from 'node:fs';
import { EXIT } from '@kitchen/runtime/kitchen-output';
import { describe, expect, it } from 'vitest';
import { FLAG_NAMES, flagUsage } from '../command/kitchen-flags.js';
import { helpText } from './help-text.js';
import { COMMAND_NAMES, commandSpec } from './kitchen-commands.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** Flags in the first cell of each row of the README's flag table (rows starting "| `--"). */
function readmeFlags(): string[] {
  const rows = README.split('\n').filter((line) => line.startsWith('| `--'));
  const names = rows.flatMap((row) =>
    [...(row.split('|')[1] ?? '').matchAll(/--([a-z][a-z-]*)/g)].map((match) => match[1] ?? ''),
  );
  return [...new Set(names)].sort();
}

describe('the flag table', () => {
  it('names the same flags as the README', () => {
    expect(readmeFlags()).toEqual([...FLAG_NAMES].sort());
  });

  it('is what the general help lists, each flag with its value', () => {
    const help = helpText();
    for (const name of FLAG_NAMES) expect(help).toContain(`  ${flagUsage(name)}`);
    for (const name of COMMAND_NAMES)
      for (const form of commandSpec(name).forms) expect(help).toContain(`  ${form.usage}`);
  });

  it('gives each command its own help: only the flags that apply, and examples', () => {
    const demo = helpText('demo');
    expect(demo).toContain('  --jars N');
    expect(demo).not.toContain('--port');
    expect(demo).toMatch(/Examples:\n {2}kitchen demo\n/);
    const servers = helpText('servers');
    expect(servers).toContain('  --seed N');
    expect(servers).not.toContain('--yes');
  });

  it('says --max-iterations limits each agent', () => {
    expect(helpText()).toMatch(/--max-iterations N\s+model calls EACH agent may make/);
  });
});

describe('the exit codes', () => {
  it('are all named in the help and in the README, so a script can tell a partial run from a complete one', () => {
    const help = helpText().replace(/\s+/g, ' ');
    const readme = README.replace(/\s+/g, ' ');
    for (const code of Object.values(EXIT)) {
      const named = new RegExp(`Exit codes:.*(?<![\\d.])${code} [a-z(]`);
      expect(help).toMatch(named);
      expect(readme).toMatch(named);
    }
    expect(help).toContain('3 stopped before a complete answer');
    expect(readme).toContain('3 stopped before a complete answer');
  });
});
