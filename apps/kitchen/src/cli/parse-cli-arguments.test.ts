// The command line: defaults, every flag, and one-line refusals that name the flag, value and fix.

import { describe, expect, it } from 'vitest';
import { parseCliArguments } from './parse-cli-arguments.js';

function messageFor(argv: string[]): string {
  const parsed = parseCliArguments(argv);
  if (parsed.ok) throw new Error(`expected ${argv.join(' ')} to be refused`);
  return parsed.message;
}

describe('parseCliArguments', () => {
  it('reads the demo with its defaults', () => {
    expect(parseCliArguments(['demo'])).toEqual({
      ok: true,
      command: {
        name: 'demo',
        scenario: 'jars',
        flags: { json: false, rules: [], model: 'auto', seed: 1729, jars: 80, latencyMs: 0 },
      },
    });
    expect(parseCliArguments(['demo', 'pastry', '--yes'])).toMatchObject({
      ok: true,
      command: { name: 'demo', scenario: 'pastry', flags: { approval: 'yes' } },
    });
  });

  it('reads the rules file, the approval timeout in seconds and the worker limits', () => {
    expect(
      parseCliArguments([
        'run',
        'x',
        '--rules',
        'my-rules.json',
        '--approval-timeout',
        '30',
        '--max-depth',
        '2',
        '--max-workers',
        '4',
      ]),
    ).toMatchObject({
      ok: true,
      command: { flags: { rulesFile: 'my-rules.json', approvalTimeoutMs: 30_000, maxDepth: 2, maxWorkers: 4 } },
    });
    expect(parseCliArguments(['demo', '--no-delegate'])).toMatchObject({
      ok: true,
      command: { flags: { delegate: false } },
    });
    expect(messageFor(['demo', '--max-depth', '5'])).toBe(
      'kitchen: --max-depth "5" is not allowed; use a whole number from 1 to 4, e.g. --max-depth 1 (only the main agent hires)',
    );
    expect(messageFor(['demo', '--max-workers', '0'])).toBe(
      'kitchen: --max-workers "0" is not allowed; use a whole number from 1 to 1000, e.g. --max-workers 16',
    );
    expect(messageFor(['demo', '--approval-timeout', '1.5'])).toBe(
      'kitchen: --approval-timeout "1.5" is not allowed; use whole seconds from 1 to 86400, e.g. --approval-timeout 300',
    );
    expect(messageFor(['demo', '--no-delegate', '--max-depth', '2'])).toBe(
      'kitchen: --no-delegate runs without workers, so --max-depth and --max-workers have nothing to limit; drop one side',
    );
    expect(messageFor(['demo', '--no-delegate=yes'])).toBe(
      'kitchen: --no-delegate takes no value; write it alone, e.g. kitchen demo --no-delegate',
    );
    expect(messageFor(['demo', '--rules'])).toBe(
      'kitchen: --rules needs a value; write it as --rules VALUE (see kitchen --help)',
    );
  });

  it('reads every flag', () => {
    expect(
      parseCliArguments([
        'run',
        'Roll',
        '3 dice',
        '--json',
        '--model',
        'offline',
        '--model-name',
        'claude-x',
        '--seed',
        '7',
        '--jars',
        '12',
        '--latency',
        '150',
        '--max-iterations',
        '5',
        '--config',
        'my.json',
        '--yes',
        '--rule',
        'allow:pantry/place_order',
        '--rule',
        'deny:roll_dice',
        '--max-tree-tokens',
        '90000',
        '--max-tool-calls',
        '300',
        '--max-wall-time',
        '60000',
        '--server',
        'far=http://127.0.0.1:4100/mcp',
        '--server',
        'everything=npx -y @modelcontextprotocol/server-everything',
        '--log-level',
        'debug',
      ]),
    ).toEqual({
      ok: true,
      command: {
        name: 'run',
        task: 'Roll 3 dice',
        flags: {
          json: true,
          model: 'offline',
          modelName: 'claude-x',
          seed: 7,
          jars: 12,
          latencyMs: 150,
          maxIterations: 5,
          configPath: 'my.json',
          approval: 'yes',
          rules: ['allow:pantry/place_order', 'deny:roll_dice'],
          maxTreeTokens: 90_000,
          maxToolCalls: 300,
          maxWallTimeMs: 60_000,
          servers: ['far=http://127.0.0.1:4100/mcp', 'everything=npx -y @modelcontextprotocol/server-everything'],
          logLevel: 'debug',
        },
      },
    });
    expect(parseCliArguments(['servers', '--seed=3'])).toMatchObject({
      ok: true,
      command: { name: 'servers', flags: { seed: 3 } },
    });
  });

  it('shows help for --help, help, or nothing at all', () => {
    for (const argv of [['--help'], ['-h'], ['help'], [], ['demo', '--help']]) {
      expect(parseCliArguments(argv)).toEqual({ ok: true, command: { name: 'help' } });
    }
  });

  it('names the flag, the value and the fix for a bad value', () => {
    expect(messageFor(['demo', '--jars', '0'])).toBe(
      'kitchen: --jars "0" is not allowed; use a whole number from 1 to 500, e.g. --jars 80',
    );
    expect(messageFor(['demo', '--jars', 'lots'])).toBe(
      'kitchen: --jars "lots" is not allowed; use a whole number from 1 to 500, e.g. --jars 80',
    );
    expect(messageFor(['demo', '--model', 'gpt'])).toBe(
      'kitchen: --model "gpt" is not allowed; use offline, anthropic or auto',
    );
    expect(messageFor(['demo', '--seed', '1.5'])).toBe(
      'kitchen: --seed "1.5" is not allowed; use a whole number from 0 to 2147483647, e.g. --seed 7',
    );
    expect(messageFor(['demo', '--latency', '99999'])).toBe(
      'kitchen: --latency "99999" is not allowed; use milliseconds from 0 to 60000, e.g. --latency 150',
    );
    expect(messageFor(['demo', '--max-iterations', '0'])).toBe(
      'kitchen: --max-iterations "0" is not allowed; use a whole number from 1 to 200, e.g. --max-iterations 20',
    );
  });

  it('reads --no, and refuses --yes with --no', () => {
    expect(parseCliArguments(['demo', '--no'])).toMatchObject({ ok: true, command: { flags: { approval: 'no' } } });
    expect(messageFor(['demo', '--yes', '--no'])).toBe(
      'kitchen: --yes and --no contradict each other; give one of them (or neither, to refuse only what needs asking)',
    );
    expect(messageFor(['demo', '--max-tool-calls', '0'])).toBe(
      'kitchen: --max-tool-calls "0" is not allowed; use a whole number from 1 to 100000, e.g. --max-tool-calls 200',
    );
  });

  it('names an unknown flag, a missing value and a value given to a switch', () => {
    expect(messageFor(['demo', '--jar', '5'])).toBe('kitchen: unknown flag --jar; see kitchen --help for the flags');
    expect(messageFor(['demo', '--seed'])).toBe(
      'kitchen: --seed needs a value; write it as --seed VALUE (see kitchen --help)',
    );
    expect(messageFor(['demo', '--json=yes'])).toBe(
      'kitchen: --json takes no value; write it alone, e.g. kitchen demo --json',
    );
  });

  it('refuses an unknown command, a run without a task and stray words', () => {
    expect(messageFor(['bake'])).toBe(
      'kitchen: unknown command "bake"; use demo, run "<task>", servers, web or --help',
    );
    expect(messageFor(['run'])).toBe(
      'kitchen run: the task is missing; put it in quotes, e.g. kitchen run "Roll 3 dice"',
    );
    expect(messageFor(['demo', 'now'])).toBe(
      'kitchen demo: unexpected "now"; use kitchen demo, or kitchen demo pastry (see kitchen --help)',
    );
  });

  it('every refusal is one line', () => {
    for (const argv of [['demo', '--jars', '0'], ['--nope'], ['run'], ['bake'], ['demo', '--seed']]) {
      expect(messageFor(argv)).not.toContain('\n');
    }
  });
});
