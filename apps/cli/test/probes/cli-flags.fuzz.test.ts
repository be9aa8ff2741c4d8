// Fuzzing the kitchen's command line: random argv built from the real command and flag names,
// values at their edges and plain noise. Every one is either parsed or refused with one line; never
// a throw. A few refused ones go through the real CLI process: exit code 2, that line on stderr.

import { PROCESS_TEST_TIMEOUT_MS, runCli } from '@kitchen/probe-kit/cli-process';
import { probeSize, reportTried } from '@kitchen/probe-kit/probe-size';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../src/cli/kitchen-commands.js';
import { parseCliArguments } from '../../src/cli/parse-cli-arguments.js';
import { FLAG_NAMES } from '../../src/command/kitchen-flags.js';

const edgeValues = [
  '',
  ' ',
  '0',
  '1',
  '-1',
  '-5',
  '1e3',
  '0x10',
  '3.5',
  'NaN',
  'Infinity',
  '999999999999999999999',
  'a b',
  'yes',
  'auto',
  'offline',
  'anthropic',
  'cookie-jars=http://127.0.0.1:1/mcp',
  '=',
  '--',
  '-',
  '\u0000',
  '\u001b[2J',
  '\u202e',
  'é',
  '🍪',
];

const word: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FLAG_NAMES.map((name) => `--${name}`)) },
  { weight: 2, arbitrary: fc.constantFrom(...edgeValues) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...FLAG_NAMES), fc.constantFrom(...edgeValues))
      .map(([name, value]) => `--${name}=${value}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('--help', '-h', '--version', '-v', '-x', '--no-such-flag', '---jars') },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
);

const argv: fc.Arbitrary<string[]> = fc
  .tuple(
    fc.oneof(fc.constantFrom(...COMMAND_NAMES), fc.constantFrom('ru', 'Run', 'serve', ''), fc.string({ maxLength: 6 })),
    fc.array(word, { maxLength: 8 }),
  )
  .map(([command, words]) => [command, ...words]);

/** A refusal a person can act on: one non-empty line, no stack, no leaked object. */
function expectOneClearLine(message: string): void {
  expect(message.trim()).not.toBe('');
  expect(message).not.toMatch(/^\s+at /m);
  expect(message).not.toContain('[object Object]');
  expect(message).not.toMatch(/\bundefined\b/);
}

describe('the CLI flags parser under random argv', () => {
  it('parses or refuses in words every argv, and never throws', () => {
    let tried = 0;
    let refused = 0;
    fc.assert(
      fc.property(argv, (args) => {
        tried += 1;
        const parsed = parseCliArguments(args);
        if (parsed.ok) {
          expect([...COMMAND_NAMES, 'help', 'version']).toContain(parsed.command.name);
        } else {
          refused += 1;
          expectOneClearLine(parsed.message);
        }
      }),
      { numRuns: probeSize(2_000, 50_000), seed: 1729 },
    );
    reportTried('kitchen argv', tried);
    // Not vacuous: most random argv are refused, and some are read.
    expect(refused).toBeGreaterThan(tried / 4);
    expect(refused).toBeLessThan(tried);
  });

  it('refuses random bad argv through the real CLI with exit code 2 and the same line on stderr', {
    timeout: PROCESS_TEST_TIMEOUT_MS * 2,
  }, async () => {
    const samples = fc.sample(
      argv.filter((args) => !parseCliArguments(args).ok),
      { numRuns: probeSize(1, 20), seed: 42 },
    );
    for (const args of samples) {
      const parsed = parseCliArguments(args);
      if (parsed.ok) throw new Error('the sample was filtered to refused argv');
      // Node's argv cannot carry a NUL byte; the parser's own answer to it is checked above.
      if (args.some((arg) => arg.includes('\u0000'))) continue;
      const result = await runCli(args);
      expect(result.code, JSON.stringify(args)).toBe(2);
      expect(result.stderr).toBe(`${parsed.message}\n`);
      expect(result.stdout).toBe('');
    }
    reportTried('kitchen argv through the CLI process', samples.length);
  });
});
