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
      'kitchen: --rules needs a value; write it as --rules FILE (name a JSON file of rules, e.g. --rules kitchen.rules.json)',
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

  it("shows help for --help, help, or nothing at all, and a command's own help for COMMAND --help", () => {
    for (const argv of [['--help'], ['-h'], ['help'], []]) {
      expect(parseCliArguments(argv)).toEqual({ ok: true, command: { name: 'help' } });
    }
    for (const argv of [
      ['demo', '--help'],
      ['help', 'demo'],
      ['demo', 'pastry', '-h'],
      ['demo', '--jars', '-5', '--help'],
    ]) {
      expect(parseCliArguments(argv)).toEqual({ ok: true, command: { name: 'help', topic: 'demo' } });
    }
    expect(parseCliArguments(['--version'])).toEqual({ ok: true, command: { name: 'version' } });
    expect(messageFor(['help', 'bake'])).toBe(
      'kitchen help: no command "bake"; the commands are demo, run, eval, servers, web, runs, replay, rerun, tools, call, resources, read, prompts, prompt, complete, skills, wire, check, dev, init, help',
    );
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
      'kitchen: --yes and --no contradict each other; give one: --yes approves every call that needs approval, --no refuses them all (with neither, a terminal asks you and, without a terminal, such calls are refused)',
    );
    expect(messageFor(['demo', '--max-tool-calls', '0'])).toBe(
      'kitchen: --max-tool-calls "0" is not allowed; use a whole number from 1 to 100000, e.g. --max-tool-calls 200',
    );
  });

  it('names an unknown flag, a missing value and a value given to a switch', () => {
    expect(messageFor(['demo', '--jar', '5'])).toBe(
      'kitchen: unknown flag --jar (did you mean --jars?); see kitchen --help for the flags',
    );
    expect(messageFor(['demo', '--frobnicate'])).toBe(
      'kitchen: unknown flag --frobnicate; see kitchen --help for the flags',
    );
    expect(messageFor(['demo', '--seed'])).toBe(
      'kitchen: --seed needs a value; write it as --seed N (use a whole number from 0 to 2147483647, e.g. --seed 7)',
    );
    expect(messageFor(['demo', '--json=yes'])).toBe(
      'kitchen: --json takes no value; write it alone, e.g. kitchen demo --json',
    );
  });

  it('refuses an unknown command, a run without a task and stray words', () => {
    expect(messageFor(['bake'])).toBe(
      'kitchen: unknown command "bake"; the commands are demo, run, eval, servers, web, runs, replay, rerun, tools, call, resources, read, prompts, prompt, complete, skills, wire, check, dev, init, help (see kitchen --help)',
    );
    expect(messageFor(['dmeo'])).toBe(
      'kitchen: unknown command "dmeo" (did you mean demo?); the commands are demo, run, eval, servers, web, runs, replay, rerun, tools, call, resources, read, prompts, prompt, complete, skills, wire, check, dev, init, help (see kitchen --help)',
    );
    expect(messageFor(['run'])).toBe(
      'kitchen run: the task is missing; put it in quotes, e.g. kitchen run "Roll 3 dice"',
    );
    expect(messageFor(['demo', 'now'])).toBe(
      'kitchen demo: unexpected "now"; use kitchen demo, or kitchen demo pastry (see kitchen demo --help)',
    );
  });

  it('answers a negative number with the range the flag allows, not with a missing value', () => {
    expect(messageFor(['demo', '--jars', '-5'])).toBe(
      'kitchen: --jars "-5" is not allowed; use a whole number from 1 to 500, e.g. --jars 80',
    );
    expect(messageFor(['demo', '--max-iterations', '-5'])).toBe(
      'kitchen: --max-iterations "-5" is not allowed; use a whole number from 1 to 200, e.g. --max-iterations 20',
    );
    expect(messageFor(['demo', '--seed=-1'])).toBe(
      'kitchen: --seed "-1" is not allowed; use a whole number from 0 to 2147483647, e.g. --seed 7',
    );
  });

  it('says what a rule looks like when --rule has no colon', () => {
    expect(messageFor(['demo', '--rule', 'allow'])).toBe(
      'kitchen: --rule "allow" is not allowed; a rule is ACTION:[SERVER/]TOOL with ACTION allow, ask or deny, e.g. --rule allow:pantry/place_order or --rule deny:discard_*',
    );
    expect(messageFor(['demo', '--rule', 'allow:dice/roll_dice', '--rule', 'deny'])).toContain(
      '--rule "deny" is not allowed',
    );
  });

  it('refuses a single-value flag given twice, naming both values', () => {
    expect(messageFor(['demo', '--seed', '5', '--seed', '6'])).toBe(
      'kitchen: --seed was given more than once ("5" and "6"); give it once',
    );
    expect(messageFor(['run', 'x', '--config=a.json', '--config', 'b.json'])).toBe(
      'kitchen: --config was given more than once ("a.json" and "b.json"); give it once',
    );
  });

  it('refuses a flag the command does not take, naming the commands that do', () => {
    expect(messageFor(['servers', '--yes'])).toBe(
      'kitchen servers: --yes does not apply to servers; it is for kitchen demo, kitchen run, kitchen eval, kitchen web, kitchen rerun, kitchen call, kitchen prompt, kitchen wire (see kitchen servers --help)',
    );
    expect(messageFor(['demo', '--port', '4000'])).toBe(
      'kitchen demo: --port does not apply to demo; it is for kitchen eval, kitchen web (see kitchen demo --help)',
    );
    expect(messageFor(['web', '--json'])).toBe(
      'kitchen web: --json does not apply to web; it is for kitchen demo, kitchen run, kitchen eval, kitchen servers, kitchen runs, kitchen replay, kitchen rerun, kitchen tools, kitchen call, kitchen resources, kitchen read, kitchen prompts, kitchen prompt, kitchen complete, kitchen skills, kitchen wire, kitchen check (see kitchen web --help)',
    );
  });

  it('every refusal is one line', () => {
    for (const argv of [
      ['demo', '--jars', '0'],
      ['--nope'],
      ['run'],
      ['bake'],
      ['demo', '--seed'],
      ['demo', '--jars', '-5'],
    ]) {
      expect(messageFor(argv)).not.toContain('\n');
    }
  });
});

describe('the inspector-style commands', () => {
  it('reads each with its words and flags', () => {
    expect(parseCliArguments(['tools'])).toMatchObject({ ok: true, command: { name: 'tools' } });
    expect(parseCliArguments(['tools', 'dice', '--json'])).toMatchObject({
      ok: true,
      command: { name: 'tools', server: 'dice', flags: { json: true } },
    });
    expect(parseCliArguments(['call', 'dice', 'roll_dice', 'count=3', '--args', '{"sides":6}'])).toMatchObject({
      ok: true,
      command: {
        name: 'call',
        server: 'dice',
        tool: 'roll_dice',
        pairs: ['count=3'],
        flags: { toolArgs: '{"sides":6}' },
      },
    });
    expect(parseCliArguments(['read', 'everything', 'demo://x'])).toMatchObject({
      ok: true,
      command: { name: 'read', server: 'everything', uri: 'demo://x' },
    });
    expect(parseCliArguments(['prompt', 'cookie-jars', 'audit_shelf', '--arg', 'shelf=A'])).toMatchObject({
      ok: true,
      command: { name: 'prompt', server: 'cookie-jars', prompt: 'audit_shelf', flags: { promptArgs: ['shelf=A'] } },
    });
  });

  it('names what is missing or misplaced', () => {
    expect(parseCliArguments(['call', 'dice'])).toEqual({
      ok: false,
      message: "kitchen call: the tool name is missing; use kitchen call SERVER TOOL [k=v …] [--args '{…}']",
    });
    expect(parseCliArguments(['call', 'dice', 'roll', 'three'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('"three" is not a k=v argument'),
    });
    expect(parseCliArguments(['read', 'everything'])).toEqual({
      ok: false,
      message: 'kitchen read: the resource URI is missing; use kitchen read SERVER URI',
    });
    expect(parseCliArguments(['resources', 'dice', '--arg', 'a=b'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('--arg does not apply to resources'),
    });
  });

  it('reads kitchen dev with a server name, or none when one --server names it', () => {
    expect(parseCliArguments(['dev', 'dice'])).toMatchObject({ ok: true, command: { name: 'dev', server: 'dice' } });
    expect(parseCliArguments(['dev', '--server', 'mine=node server.mjs'])).toMatchObject({
      ok: true,
      command: { name: 'dev', flags: { servers: ['mine=node server.mjs'] } },
    });
    expect(parseCliArguments(['dev', 'dice', 'pantry'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('kitchen dev: unexpected "pantry"'),
    });
  });

  it('reads kitchen wire: the pastry chef by default, or a call of your own, in one era or both', () => {
    expect(parseCliArguments(['wire'])).toMatchObject({
      ok: true,
      command: { name: 'wire', server: 'pastry-chef', tool: 'critique_recipe', pairs: ['recipe=lemon tart'] },
    });
    expect(parseCliArguments(['wire', 'dice', 'roll_dice', 'count=2', '--era', '2026-07-28', '--json'])).toMatchObject({
      ok: true,
      command: {
        name: 'wire',
        server: 'dice',
        tool: 'roll_dice',
        pairs: ['count=2'],
        flags: { era: '2026-07-28', json: true },
      },
    });
    expect(parseCliArguments(['wire', 'dice'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('kitchen wire: name the tool too, or neither'),
    });
    expect(parseCliArguments(['wire', '--era', '2024-11-05'])).toEqual({
      ok: false,
      message: 'kitchen: --era "2024-11-05" is not allowed; use 2025-11-25, 2026-07-28 or both, e.g. --era both',
    });
  });
});

describe('kitchen eval on the command line', () => {
  it('takes --model more than once and as a comma list, every model in order', () => {
    const parsed = parseCliArguments([
      'eval',
      'cases.json',
      '--model',
      'offline,claude-haiku-5-5',
      '--model',
      'anthropic',
    ]);
    expect(parsed).toMatchObject({
      ok: true,
      command: { name: 'eval', file: 'cases.json', models: ['offline', 'claude-haiku-5-5', 'anthropic'] },
    });
  });

  it('reads its own flags and refuses a bad pass rate', () => {
    const parsed = parseCliArguments([
      'eval',
      'cases.json',
      '--junit',
      'eval.xml',
      '--min-pass-rate',
      '0.8',
      '--concurrency',
      '2',
      '--base-url',
      'http://localhost:11434',
    ]);
    expect(parsed).toMatchObject({
      ok: true,
      command: {
        models: [],
        flags: { junitFile: 'eval.xml', minPassRate: 0.8, concurrency: 2, baseUrl: 'http://localhost:11434' },
      },
    });
    expect(parseCliArguments(['eval', 'cases.json', '--min-pass-rate', '1.5'])).toEqual({
      ok: false,
      message: 'kitchen: --min-pass-rate "1.5" is not allowed; use a number from 0 to 1, e.g. --min-pass-rate 0.8',
    });
    expect(parseCliArguments(['eval'])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/name one case file/),
    });
    // Every other command still takes --model once.
    expect(parseCliArguments(['run', 'x', '--model', 'offline', '--model', 'anthropic'])).toMatchObject({ ok: false });
  });
});
