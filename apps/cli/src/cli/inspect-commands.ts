// The inspector-style commands of the kitchen CLI — tools, call, resources, read, prompts,
// complete — for trying a server by hand: each declared once, as in kitchen-commands.ts, and
// run by inspect/run-inspect-command.ts (loaded only when one runs).

import { withDefined } from '@kitchen/host';
import type { CliCommand, CommandContext, CommandSpec, InspectCommand } from '../command/cli-command.js';
import type { FlagName } from '../command/kitchen-flags.js';

const INSPECT_FLAGS = [
  'json',
  'config',
  'server',
  'log-level',
  'protocol',
  'root',
  'open-browser',
  'seed',
  'jars',
  'approval-timeout',
  'start-timeout',
] as const satisfies readonly FlagName[];

/** What a call by hand needs to answer a server that asks for a model call (sampling) or a form. */
const BY_HAND_FLAGS = ['yes', 'no', 'model', 'model-name', 'max-tree-tokens'] as const satisfies readonly FlagName[];

async function executeInspect(command: InspectCommand, context: CommandContext): Promise<number> {
  const { runInspectCommand } = await import('../inspect/run-inspect-command.js');
  return runInspectCommand(command, context.output, context.signal);
}

/** Reads `SERVER` plus `count` more words for an inspector-style command, or the refusal. */
export function serverWords(name: string, usage: string, words: readonly string[], count: number): string[] | string {
  const needed = [
    'the server name',
    ...(name === 'read' ? ['the resource URI'] : []),
    ...(name === 'prompt' ? ['the prompt name'] : []),
  ];
  if (words.length < count + 1) return `kitchen ${name}: ${needed[words.length] ?? 'a word'} is missing; use ${usage}`;
  if (words.length > count + 1) {
    return `kitchen ${name}: unexpected ${JSON.stringify(words.slice(count + 1).join(' '))}; use ${usage}`;
  }
  return [...words];
}

export const tools: CommandSpec<Extract<CliCommand, { name: 'tools' }>> = {
  forms: [{ usage: 'kitchen tools [SERVER]', summary: ['list the tools of every server, or of one'] }],
  flags: INSPECT_FLAGS,
  examples: [
    'kitchen tools',
    'kitchen tools dice --json',
    'kitchen tools everything --server "everything=npx -y @modelcontextprotocol/server-everything"',
  ],
  read: (words, flags) => {
    if (words.length > 1)
      return `kitchen tools: unexpected ${JSON.stringify(words.slice(1).join(' '))}; use kitchen tools [SERVER]`;
    const [server] = words;
    return { name: 'tools', ...withDefined({ server }), flags };
  },
  execute: executeInspect,
};

const CALL_USAGE = "kitchen call SERVER TOOL [k=v …] [--args '{…}']";
export const call: CommandSpec<Extract<CliCommand, { name: 'call' }>> = {
  forms: [
    {
      usage: CALL_USAGE,
      summary: [
        'call one tool by hand (arguments checked against its',
        'schema); prints progress, log lines and the whole result;',
        "answers the server's sampling (offline model unless",
        '--model, priced, --yes/--no or asked) and its forms',
      ],
    },
  ],
  flags: [...INSPECT_FLAGS, 'args', ...BY_HAND_FLAGS, 'app'],
  examples: [
    'kitchen call dice roll_dice count=3 sides=20',
    `kitchen call dice roll_dice --args '{"count": 3}'`,
    "kitchen call pastry-chef critique_recipe recipe='lemon tart' --yes",
    'kitchen call dice show_dice_tray count=3 --app',
  ],
  read: (words, flags) => {
    const [server, tool, ...pairs] = words;
    if (server === undefined) return `kitchen call: the server name is missing; use ${CALL_USAGE}`;
    if (tool === undefined) return `kitchen call: the tool name is missing; use ${CALL_USAGE}`;
    const notPair = pairs.find((word) => !/^[^=]+=/.test(word));
    if (notPair !== undefined)
      return `kitchen call: ${JSON.stringify(notPair)} is not a k=v argument; use ${CALL_USAGE}`;
    return { name: 'call', server, tool, pairs, flags };
  },
  execute: executeInspect,
};

export const resources: CommandSpec<Extract<CliCommand, { name: 'resources' }>> = {
  forms: [{ usage: 'kitchen resources SERVER', summary: ["list a server's resources and resource templates"] }],
  flags: INSPECT_FLAGS,
  examples: ['kitchen resources cookie-jars', 'kitchen resources cookie-jars --json'],
  read: (words, flags) => {
    const read = serverWords('resources', 'kitchen resources SERVER', words, 0);
    return typeof read === 'string' ? read : { name: 'resources', server: read[0] ?? '', flags };
  },
  execute: executeInspect,
};

export const read: CommandSpec<Extract<CliCommand, { name: 'read' }>> = {
  forms: [{ usage: 'kitchen read SERVER URI', summary: ['read one resource'] }],
  flags: INSPECT_FLAGS,
  examples: ['kitchen read cookie-jars jar://7'],
  read: (words, flags) => {
    const read = serverWords('read', 'kitchen read SERVER URI', words, 1);
    return typeof read === 'string' ? read : { name: 'read', server: read[0] ?? '', uri: read[1] ?? '', flags };
  },
  execute: executeInspect,
};

export const prompts: CommandSpec<Extract<CliCommand, { name: 'prompts' }>> = {
  forms: [{ usage: 'kitchen prompts SERVER', summary: ["list a server's prompts and their arguments"] }],
  flags: INSPECT_FLAGS,
  examples: ['kitchen prompts cookie-jars'],
  read: (words, flags) => {
    const read = serverWords('prompts', 'kitchen prompts SERVER', words, 0);
    return typeof read === 'string' ? read : { name: 'prompts', server: read[0] ?? '', flags };
  },
  execute: executeInspect,
};

export const skills: CommandSpec<Extract<CliCommand, { name: 'skills' }>> = {
  forms: [
    {
      usage: 'kitchen skills SERVER',
      summary: [
        "list a server's skills (SEP-2640), each file read and",
        "verified against the server's size and digest",
      ],
    },
  ],
  flags: INSPECT_FLAGS,
  examples: ['kitchen skills pastry-chef', 'kitchen skills pastry-chef --json'],
  read: (words, flags) => {
    const read = serverWords('skills', 'kitchen skills SERVER', words, 0);
    return typeof read === 'string' ? read : { name: 'skills', server: read[0] ?? '', flags };
  },
  execute: executeInspect,
};

const COMPLETE_USAGE = 'kitchen complete SERVER prompt|resource NAME ARGUMENT [PREFIX] [--arg k=v …]';
export const complete: CommandSpec<Extract<CliCommand, { name: 'complete' }>> = {
  forms: [
    {
      usage: COMPLETE_USAGE,
      summary: [
        "suggest values for a prompt's argument or a resource",
        "template's variable (the server's completions)",
      ],
    },
  ],
  flags: [...INSPECT_FLAGS, 'arg'],
  examples: [
    'kitchen complete cookie-jars prompt audit_shelf shelf',
    "kitchen complete cookie-jars resource 'jar://{id}' id 1",
  ],
  read: (words, flags) => {
    const [server, kind, target, argument, prefix = '', ...extra] = words;
    const missing = [
      [server, 'the server name'],
      [kind, 'prompt or resource'],
      [target, 'the prompt name or the URI template'],
      [argument, 'the argument name'],
    ].find(([word]) => word === undefined)?.[1];
    if (missing !== undefined) return `kitchen complete: ${missing} is missing; use ${COMPLETE_USAGE}`;
    if (kind !== 'prompt' && kind !== 'resource')
      return `kitchen complete: ${JSON.stringify(kind)} must be prompt or resource; use ${COMPLETE_USAGE}`;
    if (extra.length > 0)
      return `kitchen complete: unexpected ${JSON.stringify(extra.join(' '))}; use ${COMPLETE_USAGE}`;
    return {
      name: 'complete',
      server: server ?? '',
      kind,
      target: target ?? '',
      argument: argument ?? '',
      prefix,
      flags,
    };
  },
  execute: executeInspect,
};
