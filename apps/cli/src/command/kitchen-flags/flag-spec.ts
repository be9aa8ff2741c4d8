// The shape of one row of the kitchen CLI's flag table: a switch, a value or a repeatable list,
// with what the help says and what to tell someone whose value was refused. App side.

import type { z } from 'zod';

/** Where a flag is listed in the help. */
export type FlagGroup = 'run' | 'limits' | 'web' | 'traces';

interface FlagBase {
  /** The KitchenFlags property the flag sets. */
  key: string;
  group: FlagGroup;
  /** What the help says, one entry per line. */
  help: readonly string[];
}

/** A flag that stands alone (`--json`) and sets its property to `sets`. */
export interface SwitchFlag extends FlagBase {
  kind: 'switch';
  sets: unknown;
  default?: unknown;
}

/** A flag with one value (`--jars 80`), given at most once. */
export interface ValueFlag extends FlagBase {
  kind: 'value';
  /** The placeholder in the help (`N`, `FILE`). */
  value: string;
  schema: z.ZodType;
  /** What to tell someone whose value was refused: the allowed values and an example. */
  fix: string;
  default?: unknown;
}

/** A flag that may be repeated (`--rule a --rule b`); its property is the list. */
export interface ListFlag extends FlagBase {
  kind: 'list';
  value: string;
  schema: z.ZodType;
  fix: string;
  /** With a default, the property is always a list; without one, it is absent when none was given. */
  default?: readonly [];
}

export type FlagSpec = SwitchFlag | ValueFlag | ListFlag;
