// `kitchen wire`: one tool call made once per MCP protocol revision, its HTTP exchanges printed
// side by side. Declared here as the other commands are; run by wire/run-wire-command.ts (loaded
// only when it runs). App side.

import type { CommandSpec, WireCommand } from '../command/cli-command.js';
import type { FlagName } from '../command/kitchen-flags.js';

/** The call `kitchen wire` makes when given none: the pastry chef asks the host for a model call. */
export const DEFAULT_WIRE_CALL = { server: 'pastry-chef', tool: 'critique_recipe', pairs: ['recipe=lemon tart'] };

const WIRE_USAGE = "kitchen wire [SERVER TOOL [k=v …]] [--era ERA] [--args '{…}']";

const WIRE_FLAGS = [
  'era',
  'args',
  'json',
  'yes',
  'no',
  'approval-timeout',
  'config',
  'server',
  'seed',
  'jars',
] as const satisfies readonly FlagName[];

export const wire: CommandSpec<WireCommand> = {
  forms: [
    {
      usage: WIRE_USAGE,
      summary: [
        'make one tool call in each MCP revision and print',
        'what crossed the wire, side by side (default: the',
        'pastry chef critiques the lemon tart)',
      ],
    },
  ],
  flags: WIRE_FLAGS,
  examples: [
    'kitchen wire --yes',
    'kitchen wire pastry-chef critique_recipe recipe="tarte tatin" --era 2026-07-28 --yes',
    'kitchen wire pastry-chef choose_filling',
    'kitchen wire --json --yes | jq .era',
  ],
  read: (words, flags) => {
    if (words.length === 0) return { name: 'wire', ...DEFAULT_WIRE_CALL, flags };
    const [server, tool, ...pairs] = words;
    if (server === undefined || tool === undefined)
      return `kitchen wire: name the tool too, or neither; use ${WIRE_USAGE}`;
    const notPair = pairs.find((word) => !/^[^=]+=/.test(word));
    if (notPair !== undefined)
      return `kitchen wire: ${JSON.stringify(notPair)} is not a k=v argument; use ${WIRE_USAGE}`;
    return { name: 'wire', server, tool, pairs, flags };
  },
  execute: async (command, context) => {
    const { runWireCommand } = await import('../wire/run-wire-command.js');
    return runWireCommand(command, context.output, context.signal);
  },
};
