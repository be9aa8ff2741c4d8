// `kitchen check`: a server seen the way other hosts and models will — connection steps, what
// other hosts refuse, descriptions and hints, the tool list's cost, and named calls with what the
// model receives. Declared here as the other commands are; run by check/run-check-command.ts
// (loaded only when it runs). App side.

import type { CheckCommand, CommandSpec } from '../command/cli-command.js';
import type { FlagName } from '../command/kitchen-flags.js';

const CHECK_FLAG_NAMES = [
  'call',
  'conformance',
  'json',
  'config',
  'server',
  'start-timeout',
  'seed',
  'jars',
] as const satisfies readonly FlagName[];

export const check: CommandSpec<CheckCommand> = {
  forms: [
    {
      usage: 'kitchen check [SERVER…]',
      summary: [
        'check servers the way other hosts and models see them',
        '(SERVER: a config name, a URL or a command); exits 1',
        'on any error finding',
      ],
    },
  ],
  flags: CHECK_FLAG_NAMES,
  examples: [
    'kitchen check dice',
    'kitchen check --server mine=http://127.0.0.1:3000/mcp',
    'kitchen check "node my-server/dist/main.js"',
    `kitchen check dice --call 'roll_dice={"count": 3}' --json`,
  ],
  read: (words, flags) => {
    if (words.length === 0 && (flags.servers ?? []).length === 0)
      return 'kitchen check: name a server (a config name, a URL or a command), or add one with --server NAME=URL';
    return { name: 'check', servers: [...words], flags };
  },
  execute: async (command, context) => {
    const { runCheckCommand } = await import('../check/run-check-command.js');
    return runCheckCommand(command, context.output, context.signal);
  },
};
