// Every command of the kitchen CLI, declared once: its forms and summary (the help), the flags
// that apply, examples, how its words are read and what it runs. Adding a command is one entry.
// App side; what a command runs is loaded only when it runs.

import type { CliCommand, CommandContext, CommandName, CommandSpec } from '../command/cli-command.js';
import type { FlagName, KitchenFlags } from '../command/kitchen-flags.js';
import { check } from './check-command.js';
import { dev } from './dev-command.js';
import { call, complete, prompts, read, resources, serverWords, skills, tools } from './inspect-commands.js';
import { wire } from './wire-command.js';

export type {
  CliCommand,
  CommandContext,
  CommandName,
  CommandSpec,
  DemoScenario,
  InspectCommand,
} from '../command/cli-command.js';

/** The flags of a run: the demo, `kitchen run` and each run of the web UI. */
const RUN_FLAGS = [
  'runs-dir',
  'otlp',
  'worker-model',
  'worker-max-tokens',
  'worker-temperature',
  'worker-tools',
  'worker-report',
  'model',
  'model-name',
  'base-url',
  'seed',
  'jars',
  'latency',
  'max-iterations',
  'config',
  'server',
  'start-timeout',
  'log-level',
  'protocol',
  'root',
  'open-browser',
  'yes',
  'no',
  'rule',
  'rules',
  'trust',
  'approval-timeout',
  'max-tree-tokens',
  'max-tool-calls',
  'max-wall-time',
  'max-result-chars',
  'max-depth',
  'max-workers',
  'no-delegate',
] as const satisfies readonly FlagName[];

const demo: CommandSpec<Extract<CliCommand, { name: 'demo' }>> = {
  forms: [
    { usage: 'kitchen demo', summary: ['inspect every cookie jar and report the tampered ones'] },
    {
      usage: 'kitchen demo pastry',
      summary: [
        'a server that asks the host for a model call (sampling),',
        'asks you a question (a form) and reports progress',
      ],
    },
  ],
  flags: ['json', 'plain', 'verbose', ...RUN_FLAGS],
  examples: [
    'kitchen demo',
    'kitchen demo --jars 20 --seed 7',
    'kitchen demo --no-delegate --max-tool-calls 120',
    'kitchen demo pastry --yes',
    'kitchen demo --json | jq .type',
    'kitchen demo --plain --verbose',
  ],
  read: (words, flags) => {
    const [scenario, ...extra] = words;
    if ((scenario === undefined || scenario === 'jars' || scenario === 'pastry') && extra.length === 0)
      return { name: 'demo', scenario: scenario ?? 'jars', flags };
    return `kitchen demo: unexpected ${JSON.stringify(words.join(' '))}; use kitchen demo, or kitchen demo pastry (see kitchen demo --help)`;
  },
  execute: async (command, context) => {
    const { demoTask, demoToolCallLimit, PASTRY_DEMO_TASK } = await import('@kitchen/runtime/kitchen-task');
    const { runKitchen } = await import('../run-kitchen.js');
    const { flags } = command;
    if (command.scenario === 'pastry') return runKitchen({ task: PASTRY_DEMO_TASK, flags, ...context });
    const maxToolCalls = flags.maxToolCalls ?? demoToolCallLimit(flags.jars);
    return runKitchen({ task: demoTask(flags.jars), flags: { ...flags, maxToolCalls }, ...context });
  },
};

const run: CommandSpec<Extract<CliCommand, { name: 'run' }>> = {
  forms: [{ usage: 'kitchen run "<task>"', summary: ['give the kitchen any task'] }],
  flags: ['json', 'plain', 'verbose', ...RUN_FLAGS],
  examples: [
    'kitchen run "Roll 3 dice"',
    'kitchen run "discard the tampered jars among jars 1-10" --no',
    'kitchen run "Inspect jars 1-5" --model anthropic --max-iterations 5',
    'kitchen run "discard jar 2" --rule allow:cookie-jars/discard_jar',
  ],
  read: (words, flags) => {
    const task = words.join(' ').trim();
    if (task === '') return 'kitchen run: the task is missing; put it in quotes, e.g. kitchen run "Roll 3 dice"';
    return { name: 'run', task, flags };
  },
  execute: async (command, context) => {
    const { runKitchen } = await import('../run-kitchen.js');
    return runKitchen({ task: command.task, flags: command.flags, ...context });
  },
};

const evaluate: CommandSpec<Extract<CliCommand, { name: 'eval' }>> = {
  forms: [
    {
      usage: 'kitchen eval FILE',
      summary: [
        "does a model use the servers' tools right? every case of a",
        'case file on each model, a table of verdicts (docs/evaluate-your-server.md)',
      ],
    },
    {
      usage: 'kitchen eval FILE --web',
      summary: ['the same with the web page watching: one lane per case', 'and model, live, with the verdicts'],
    },
  ],
  flags: ['json', 'junit', 'min-pass-rate', 'concurrency', 'web', 'port', ...RUN_FLAGS],
  repeatable: ['model'],
  examples: [
    'kitchen eval evals/cookie-jars.json',
    'kitchen eval evals/cookie-jars.json --model offline --model anthropic --junit eval.xml',
    'kitchen eval evals/cookie-jars.json --base-url http://localhost:11434 --model-name qwen3:8b',
    'kitchen eval evals/cookie-jars.json --json --min-pass-rate 0.8',
    'kitchen eval evals/cookie-jars.json --web --port 4000',
  ],
  read: (words, flags, lists) => {
    const [file, ...extra] = words;
    if (file === undefined || extra.length > 0)
      return 'kitchen eval: name one case file, e.g. kitchen eval evals/cookie-jars.json (see docs/evaluate-your-server.md)';
    const models = lists.model ?? [];
    if (models.some((model) => model === ''))
      return "kitchen eval: --model needs a model: offline, anthropic, auto or a model's name, e.g. --model offline,claude-haiku-5-5";
    return { name: 'eval', file, models, flags };
  },
  execute: async (command, context) => {
    if (command.flags.evalInPage === true) {
      const { runEvalInPage } = await import('../eval/run-eval-in-page.js');
      return runEvalInPage({ ...command, ...context });
    }
    const { runEvalCommand } = await import('../eval/run-eval-command.js');
    return runEvalCommand({ ...command, ...context });
  },
};

const servers: CommandSpec<Extract<CliCommand, { name: 'servers' }>> = {
  forms: [
    {
      usage: 'kitchen servers',
      summary: ['start the servers and print their URLs until Ctrl-C', '(point the MCP inspector at them)'],
    },
  ],
  flags: ['json', 'config', 'server', 'seed', 'jars', 'start-timeout'],
  examples: ['kitchen servers', 'kitchen servers --json --jars 12', 'kitchen servers --config my.config.json'],
  read: (words, flags) =>
    words.length > 0
      ? `kitchen servers: unexpected ${JSON.stringify(words.join(' '))}; servers takes flags only (see kitchen servers --help)`
      : { name: 'servers', flags },
  execute: async (command, context) => {
    const { serveServers } = await import('../serve-servers.js');
    return serveServers(command.flags, context.output, context.signal);
  },
};

const web: CommandSpec<Extract<CliCommand, { name: 'web' }>> = {
  forms: [
    {
      usage: 'kitchen web [--port N] [--dev SERVER]',
      summary: ['start the servers and the web UI on 127.0.0.1: one', 'lane per agent, approvals answered in the page'],
    },
  ],
  flags: ['port', 'dev', ...RUN_FLAGS],
  examples: ['kitchen web', 'kitchen web --port 4000', 'kitchen web --jars 20 --max-depth 2', 'kitchen web --dev dice'],
  read: (words, flags) =>
    words.length > 0
      ? `kitchen web: unexpected ${JSON.stringify(words.join(' '))}; web takes flags only, and the task is typed in the page`
      : { name: 'web', port: flags.port ?? 0, flags },
  execute: async (command, context) => {
    // The web UI is its own app (apps/web), started as a child process, never imported.
    const { startWebApp } = await import('../start-web-app.js');
    return startWebApp({ flags: command.flags, port: command.port, ...context });
  },
};

/** The flags of a command that reaches servers by hand. */
const prompt: CommandSpec<Extract<CliCommand, { name: 'prompt' }>> = {
  forms: [
    {
      usage: 'kitchen prompt SERVER NAME [--arg k=v …] [--show]',
      summary: ["start a run whose task is that server's prompt", '(--show: print the prompt, run nothing)'],
    },
  ],
  flags: ['json', 'plain', 'verbose', ...RUN_FLAGS, 'arg', 'show'],
  examples: [
    'kitchen prompt cookie-jars audit_shelf --arg shelf=A',
    'kitchen prompt cookie-jars audit_shelf --arg shelf=A --show',
  ],
  read: (words, flags) => {
    const read = serverWords('prompt', 'kitchen prompt SERVER NAME [--arg k=v …] [--show]', words, 1);
    return typeof read === 'string' ? read : { name: 'prompt', server: read[0] ?? '', prompt: read[1] ?? '', flags };
  },
  execute: async (command, context) => {
    if (command.flags.showOnly === true) {
      const { runInspectCommand } = await import('../inspect/run-inspect-command.js');
      return runInspectCommand(command, context.output, context.signal);
    }
    const { runKitchen } = await import('../run-kitchen.js');
    const { promptTask } = await import('../inspect/prompt-task.js');
    return runKitchen({
      task: `the prompt "${command.prompt}" of ${command.server}`,
      resolveTask: promptTask({
        server: command.server,
        prompt: command.prompt,
        promptArgs: command.flags.promptArgs ?? [],
      }),
      flags: command.flags,
      ...context,
    });
  },
};

const init: CommandSpec<Extract<CliCommand, { name: 'init' }>> = {
  forms: [
    {
      usage: 'kitchen init [--force]',
      summary: ['write a starter kitchen.config.json here, from this', "folder's server.json or package.json"],
    },
  ],
  flags: ['force'],
  examples: ['kitchen init', 'kitchen init --force'],
  read: (words, flags) =>
    words.length > 0
      ? `kitchen init: unexpected ${JSON.stringify(words.join(' '))}; init takes flags only and writes in the current folder`
      : { name: 'init', flags },
  execute: async (command, context) => {
    const { runInit } = await import('../init/run-init.js');
    return runInit({ folder: process.cwd(), force: command.flags.force === true, output: context.output });
  },
};

const help: CommandSpec<Extract<CliCommand, { name: 'help' }>> = {
  forms: [
    { usage: 'kitchen --help', summary: ['this text'] },
    { usage: 'kitchen COMMAND --help', summary: ["a command's flags and examples"] },
    { usage: 'kitchen --version', summary: ["the kitchen's version"] },
  ],
  flags: [],
  examples: ['kitchen --help', 'kitchen help demo', 'kitchen demo --help'],
  read: (words) => {
    const [topic, ...extra] = words;
    if (topic === undefined) return { name: 'help' };
    if (extra.length === 0 && isCommandName(topic)) return { name: 'help', topic };
    return `kitchen help: no command ${JSON.stringify(words.join(' '))}; the commands are ${COMMAND_NAMES.join(', ')}`;
  },
  execute: async (command, context) => {
    const { helpText } = await import('./help-text.js');
    context.output.stdout.write(helpText(command.topic));
    return 0;
  },
};

const runs: CommandSpec<Extract<CliCommand, { name: 'runs' }>> = {
  forms: [
    {
      usage: 'kitchen runs',
      summary: ['the recorded runs: task, model, when, outcome, tokens,', 'cost, time, workers'],
    },
  ],
  flags: ['runs-dir', 'json'],
  examples: ['kitchen runs', 'kitchen runs --json | jq .outcome'],
  read: (words, flags) =>
    words.length > 0
      ? `kitchen runs: unexpected ${JSON.stringify(words.join(' '))}; runs takes flags only`
      : { name: 'runs', flags },
  execute: async (command, context) => {
    const { runsCommand } = await import('../runs/runs-commands.js');
    return runsCommand(command.flags, context);
  },
};

const readRunWord =
  <Name extends 'replay' | 'rerun'>(name: Name) =>
  (words: readonly string[], flags: KitchenFlags): { name: Name; run: string; flags: KitchenFlags } | string => {
    const [which, ...extra] = words;
    if (which === undefined || extra.length > 0)
      return `kitchen ${name}: name one run, e.g. kitchen ${name} last (kitchen runs lists them)`;
    return { name, run: which, flags };
  };

const replay: CommandSpec<Extract<CliCommand, { name: 'replay' }>> = {
  forms: [
    {
      usage: 'kitchen replay RUN',
      summary: ['show a recorded run again (RUN: an id, a prefix,', '"last" or a .jsonl file)'],
    },
  ],
  flags: ['speed', 'runs-dir', 'json', 'plain', 'verbose'],
  examples: ['kitchen replay last', 'kitchen replay last --speed 0', 'kitchen replay 2026-11-30T12 --speed 4'],
  read: readRunWord('replay'),
  execute: async (command, context) => {
    const { replayCommand } = await import('../runs/runs-commands.js');
    return replayCommand(command.run, command.flags, context);
  },
};

const rerun: CommandSpec<Extract<CliCommand, { name: 'rerun' }>> = {
  forms: [
    {
      usage: 'kitchen rerun RUN',
      summary: [
        'run a recorded task again against live servers with',
        'the recorded model answers; report what changed',
      ],
    },
  ],
  flags: [
    'runs-dir',
    'json',
    'config',
    'server',
    'protocol',
    'yes',
    'no',
    'rule',
    'rules',
    'trust',
    'approval-timeout',
    'max-tree-tokens',
    'max-tool-calls',
    'max-wall-time',
  ],
  examples: ['kitchen rerun last', 'kitchen rerun last --yes'],
  read: readRunWord('rerun'),
  execute: async (command, context) => {
    const { rerunCommand } = await import('../runs/runs-commands.js');
    return rerunCommand(command.run, command.flags, context);
  },
};

export const KITCHEN_COMMANDS = {
  demo,
  run,
  eval: evaluate,
  servers,
  web,
  runs,
  replay,
  rerun,
  tools,
  call,
  resources,
  read,
  prompts,
  prompt,
  complete,
  skills,
  wire,
  check,
  dev,
  init,
  help,
} as const satisfies Record<CommandName, unknown>;

export const COMMAND_NAMES = Object.keys(KITCHEN_COMMANDS) as CommandName[];

export function isCommandName(word: string): word is CommandName {
  return Object.hasOwn(KITCHEN_COMMANDS, word);
}

/** The table's entry for a command, seen through the union every entry accepts. */
export function commandSpec(name: CommandName): CommandSpec {
  // Each entry reads and runs only its own command; the name ties a command to its entry.
  return KITCHEN_COMMANDS[name] as unknown as CommandSpec;
}

/** Runs a parsed command (not `version`, which cli.ts answers itself). */
export function executeCommand(command: Exclude<CliCommand, { name: 'version' }>, context: CommandContext) {
  return commandSpec(command.name).execute(command, context);
}
