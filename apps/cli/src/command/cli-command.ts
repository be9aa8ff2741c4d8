// The shapes every command shares: what a parsed command line is (CliCommand), what a command
// runs with (CommandContext) and what a command declares (CommandSpec). The bottom of the CLI,
// with the flag table beside it (kitchen-flags.ts): the command table (cli/kitchen-commands.ts)
// and each command's own file import these, and nothing here imports a command. App side.

import type { KitchenOutput } from '@kitchen/runtime/kitchen-output';
import type { FlagName, KitchenFlags } from './kitchen-flags.js';

/** Every command's name, in the order of the help; cli/kitchen-commands.ts has one entry for each. */
export type CommandName =
  | 'demo'
  | 'run'
  | 'eval'
  | 'servers'
  | 'web'
  | 'runs'
  | 'replay'
  | 'rerun'
  | 'tools'
  | 'call'
  | 'resources'
  | 'read'
  | 'prompts'
  | 'prompt'
  | 'complete'
  | 'wire'
  | 'check'
  | 'dev'
  | 'help';

/** `kitchen demo` (the cookie jars) or `kitchen demo pastry` (sampling, elicitation, progress). */
export type DemoScenario = 'jars' | 'pastry';

export type CliCommand =
  | { name: 'demo'; scenario: DemoScenario; flags: KitchenFlags }
  | { name: 'run'; task: string; flags: KitchenFlags }
  /** Every case of a case file on each model; `models` as --model gave them (empty: the one --model auto picks). */
  | { name: 'eval'; file: string; models: string[]; flags: KitchenFlags }
  | { name: 'servers'; flags: KitchenFlags }
  /** The web UI; port 0 picks a free one. */
  | { name: 'web'; port: number; flags: KitchenFlags }
  /** Inspector-style commands: try one server by hand (see inspect/run-inspect-command.ts). */
  | InspectCommand
  /** A run that starts from a server's prompt (prompts/get with --arg k=v). */
  | { name: 'prompt'; server: string; prompt: string; flags: KitchenFlags }
  /** The general help, or one command's. */
  | { name: 'help'; topic?: CommandName }
  /** The recorded runs; a recorded run shown again; a recorded run executed again. */
  | { name: 'runs'; flags: KitchenFlags }
  | { name: 'replay'; run: string; flags: KitchenFlags }
  | { name: 'rerun'; run: string; flags: KitchenFlags }
  /** One tool call in each protocol revision, its wire exchanges side by side. */
  | WireCommand
  /** A server seen the way other hosts and models will (check/run-check-command.ts). */
  | CheckCommand
  /** The developer loop: one server watched, restarted on change, its tool list compared. */
  | DevCommand
  | { name: 'version' };

export type InspectCommand =
  | { name: 'tools'; server?: string; flags: KitchenFlags }
  /** `pairs`: k=v words, merged over --args; both are checked against the tool's input schema. */
  | { name: 'call'; server: string; tool: string; pairs: string[]; flags: KitchenFlags }
  | { name: 'resources'; server: string; flags: KitchenFlags }
  | { name: 'read'; server: string; uri: string; flags: KitchenFlags }
  | { name: 'prompts'; server: string; flags: KitchenFlags }
  /** completion/complete for a prompt's argument or a resource template's variable (--arg k=v: the others). */
  | {
      name: 'complete';
      server: string;
      kind: 'prompt' | 'resource';
      /** The prompt's name, or the resource template's URI template. */
      target: string;
      argument: string;
      prefix: string;
      flags: KitchenFlags;
    };

export interface CommandContext {
  output: KitchenOutput;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
}

export interface CommandSpec<Command extends CliCommand = CliCommand> {
  /** How it is typed, each with what it does (the help's first column and its summary). */
  forms: ReadonlyArray<{ usage: string; summary: readonly string[] }>;
  /** The flags that apply; any other flag is refused. */
  flags: readonly FlagName[];
  examples: readonly string[];
  /**
   * Flags this command takes more than once, or as a comma list, although the table gives them one
   * value (`kitchen eval --model offline --model anthropic`): read as words, not by the table.
   */
  repeatable?: readonly FlagName[];
  /** Reads the words after the command's name; a string is the refusal. `lists`: the repeatable flags' values. */
  read(words: readonly string[], flags: KitchenFlags, lists: Partial<Record<FlagName, string[]>>): Command | string;
  /** Runs it; resolves to the exit code. */
  execute(command: Command, context: CommandContext): Promise<number>;
}

export interface DevCommand {
  name: 'dev';
  /** A server of the config or of --server; absent, the one --server given. */
  server?: string;
  flags: KitchenFlags;
}

export interface WireCommand {
  name: 'wire';
  server: string;
  tool: string;
  /** k=v words, merged over --args and checked against the tool's input schema. */
  pairs: string[];
  flags: KitchenFlags;
}

export interface CheckCommand {
  name: 'check';
  /** Config names, URLs or commands; empty: the servers added with --server. */
  servers: string[];
  flags: KitchenFlags;
}
