// `kitchen dev`: the developer loop for one server — watch its files, restart it on change, list
// its tools again and say what changed. Declared here as the other commands are; run by
// dev/run-dev-command.ts (loaded only when it runs). App side.

import { withDefined } from '@kitchen/host';
import type { CommandSpec, DevCommand } from '../command/cli-command.js';
import type { FlagName } from '../command/kitchen-flags.js';

const DEV_USAGE = 'kitchen dev [SERVER]';

const DEV_FLAGS = [
  'config',
  'server',
  'start-timeout',
  'log-level',
  'protocol',
  'root',
  'seed',
  'jars',
] as const satisfies readonly FlagName[];

export const dev: CommandSpec<DevCommand> = {
  forms: [
    {
      usage: DEV_USAGE,
      summary: [
        "watch a server's files; on change restart it, list its",
        'tools again and print what changed (its stderr shown),',
        'until Ctrl-C (SERVER: from the config, or one --server)',
      ],
    },
  ],
  flags: DEV_FLAGS,
  examples: [
    'kitchen dev dice',
    'kitchen dev --server "mine=node server.mjs"',
    'kitchen dev mine --config ./kitchen.config.json',
  ],
  read: (words, flags) => {
    if (words.length > 1)
      return `kitchen dev: unexpected ${JSON.stringify(words.slice(1).join(' '))}; use ${DEV_USAGE}`;
    const [server] = words;
    return { name: 'dev', ...withDefined({ server }), flags };
  },
  execute: async (command, context) => {
    const { runDevCommand } = await import('../dev/run-dev-command.js');
    return runDevCommand(command, context.output, context.signal);
  },
};
