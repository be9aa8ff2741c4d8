// The mistakes a new user makes at the command line: each is answered with one line that says
// what is wrong and what is allowed, and exit code 2, before anything is started; help and the
// version answer with exit code 0. Flag mistakes are refused by the parser (every message is in
// parse-cli-arguments.test.ts; here the real CLI shows the exit code), file mistakes by the run.

import { PROCESS_TEST_TIMEOUT_MS, runCli, writeConfig } from '@kitchen/probe-kit/cli-process';
import { describe, expect, it } from 'vitest';
import { parseCliArguments } from '../src/cli/parse-cli-arguments.js';
import { runInProcess } from './in-process-kitchen.js';

const flagMistakes: Array<{ argv: string[]; says: string }> = [
  { argv: ['demo', '--jar', '5'], says: 'kitchen: unknown flag --jar (did you mean --jars?)' },
  { argv: ['dmeo'], says: 'kitchen: unknown command "dmeo" (did you mean demo?)' },
  { argv: ['demo', '--jars', '-5'], says: 'kitchen: --jars "-5" is not allowed; use a whole number from 1 to 500' },
  {
    argv: ['demo', '--max-iterations', '-5'],
    says: 'kitchen: --max-iterations "-5" is not allowed; use a whole number from 1 to 200',
  },
  { argv: ['demo', '--rule', 'allow'], says: 'a rule is ACTION:[SERVER/]TOOL with ACTION allow, ask or deny' },
  { argv: ['demo', '--yes', '--no'], says: '--yes approves every call that needs approval, --no refuses them all' },
  { argv: ['demo', '--seed', '5', '--seed', '6'], says: '--seed was given more than once ("5" and "6"); give it once' },
];

describe('the kitchen CLI answers mistakes', () => {
  it('refuses each flag mistake with one line that says what is allowed', () => {
    for (const { argv, says } of flagMistakes) {
      const parsed = parseCliArguments(argv);
      expect(parsed.ok ? 'accepted' : parsed.message).toContain(says);
      expect(parsed.ok ? '' : parsed.message).not.toContain('\n');
    }
  });

  it('exits 2 for a flag mistake, printing only that line', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await runCli(['demo', '--jars', '-5']);
    expect(result).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'kitchen: --jars "-5" is not allowed; use a whole number from 1 to 500, e.g. --jars 80\n',
    });
  });

  it.concurrent.each(flagMistakes.map((mistake) => [mistake.argv.join(' '), mistake] as const))(
    'exits 2 for `kitchen %s`, with one line on stderr and nothing on stdout',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async (_typed, { argv, says }) => {
      const result = await runCli(argv);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(says);
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    },
  );

  it('exits 2 from the real CLI for a --config file that does not exist, naming the path', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['demo', '--config', 'nope.json']);
    expect(result).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'nope.json: the file does not exist; check the path given to --config\n',
    });
  });

  it('exits 2 for a flag the command does not take, naming the commands that do', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['servers', '--plain']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'kitchen servers: --plain does not apply to servers; it is for kitchen demo, kitchen run, kitchen replay, kitchen prompt (see kitchen servers --help)\n',
    );
  });

  it('exits 2 for a config file that does not exist, and says so', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await runInProcess({ task: 'Roll 3 dice', args: ['--config', 'nope.json'] });
    expect(result).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'nope.json: the file does not exist; check the path given to --config\n',
    });
  });

  it('exits 2 for a rules file with an unknown top-level field, naming it', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const rules = writeConfig({ rule: [{ tool: 'discard_jar', action: 'allow' }] });
    const result = await runInProcess({ task: 'Roll 3 dice', args: ['--rules', rules] });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `kitchen: ${rules}: unknown field "rule"; a rules file is a list of rules or { "rules": [...] }\n`,
    );
  });

  it("prints a command's own help with examples, and exits 0", { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await runCli(['demo', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Examples:\n  kitchen demo\n');
    expect(result.stdout).toMatch(/--max-iterations N\s+model calls EACH agent may make/);
    expect(result.stdout).toMatch(/--plain\s+a plain log even on a terminal: no live board/);
    expect(result.stdout).not.toContain('--port');
    // `kitchen help demo` is the same page.
    expect((await runCli(['help', 'demo'])).stdout).toBe(result.stdout);
  });

  it('prints its version and exits 0', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await runCli(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: 'kitchen 0.1.0\n', stderr: '' });
  });
});
