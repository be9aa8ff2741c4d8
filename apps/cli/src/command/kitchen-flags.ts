// Every flag of the kitchen CLI, declared once: the parser's options, the help text, the README
// check and the KitchenFlags type all come from this table. Its rows sit in kitchen-flags/, one
// file a theme; read-kitchen-flags.ts checks a command line's flags against it. App side.

import type { KitchenSettings } from '@kitchen/runtime/kitchen-settings';
import type { z } from 'zod';
import { APPROVAL_FLAGS } from './kitchen-flags/approval-flags.js';
import type { FlagSpec } from './kitchen-flags/flag-spec.js';
import { LIMIT_FLAGS } from './kitchen-flags/limit-flags.js';
import { MODEL_FLAGS } from './kitchen-flags/model-flags.js';
import { ARGUMENT_FLAGS, CHECK_FLAGS, EVAL_FLAGS, WEB_FLAGS, WIRE_FLAGS } from './kitchen-flags/one-command-flags.js';
import { OUTPUT_FLAGS } from './kitchen-flags/output-flags.js';
import { SERVER_FLAGS } from './kitchen-flags/server-flags.js';
import { REPLAY_FLAGS, TRACE_FLAGS } from './kitchen-flags/trace-flags.js';
import { WORKER_FLAGS } from './kitchen-flags/worker-flags.js';

/**
 * The order of the rows is the order of the flags in the help (within each group), of the
 * suggestions for a mistyped flag and of the checks when two values are wrong at once.
 */
export const KITCHEN_FLAGS = {
  ...OUTPUT_FLAGS,
  ...MODEL_FLAGS,
  ...SERVER_FLAGS,
  ...APPROVAL_FLAGS,
  ...LIMIT_FLAGS,
  ...ARGUMENT_FLAGS,
  ...EVAL_FLAGS,
  ...WEB_FLAGS,
  ...WORKER_FLAGS,
  ...TRACE_FLAGS,
  ...WIRE_FLAGS,
  ...CHECK_FLAGS,
  ...REPLAY_FLAGS,
} as const satisfies Record<string, FlagSpec>;

export type FlagName = keyof typeof KITCHEN_FLAGS;
type Table = typeof KITCHEN_FLAGS;

/** The value a flag gives its property. */
type FlagValue<Spec> = Spec extends { kind: 'switch'; sets: infer Sets }
  ? Sets | (Spec extends { default: infer Default } ? Default : never)
  : Spec extends { kind: 'list'; schema: infer Schema extends z.ZodType }
    ? Array<z.output<Schema>>
    : Spec extends { schema: infer Schema extends z.ZodType }
      ? z.output<Schema>
      : never;

type KeyWithDefault<Name extends FlagName> = Table[Name] extends { default: unknown } ? Table[Name]['key'] : never;
type KeyWithoutDefault<Name extends FlagName> = Table[Name] extends { default: unknown } ? never : Table[Name]['key'];

/** The flags of a command line, read and checked: one property per row of KITCHEN_FLAGS. */
export type KitchenFlags = { [Name in FlagName as KeyWithDefault<Name>]: FlagValue<Table[Name]> } & {
  [Name in FlagName as KeyWithoutDefault<Name>]?: FlagValue<Table[Name]>;
};

export const FLAG_NAMES = Object.keys(KITCHEN_FLAGS) as FlagName[];

export function flagSpec(name: FlagName): FlagSpec {
  return KITCHEN_FLAGS[name];
}

/** `--jars N`, `--json`: how a flag is written in the help and the README. */
export function flagUsage(name: FlagName): string {
  const spec = flagSpec(name);
  return spec.kind === 'switch' ? `--${name}` : `--${name} ${spec.value}`;
}

/**
 * The runtime's settings (@kitchen/runtime/kitchen-settings) are these flags read: written out
 * there, kept equal here, so a new row of the table fails to compile until the runtime knows it.
 */
type Same<Left, Right> = [Left] extends [Right] ? ([Right] extends [Left] ? true : false) : false;
export const FLAGS_ARE_SETTINGS: Same<KitchenFlags, KitchenSettings> = true;
