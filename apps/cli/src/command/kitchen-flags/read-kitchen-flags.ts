// Checks the flags of one command line against the flag table with one zod object and reads them
// into KitchenFlags, or into the first refusal naming the flag, the value and the fix. App side.

import { z } from 'zod';
import { FLAG_NAMES, type FlagName, flagSpec, KITCHEN_FLAGS, type KitchenFlags } from '../kitchen-flags.js';
import type { FlagSpec } from './flag-spec.js';

/** The one zod object a command line's flags are checked with, keyed by flag name. */
export const kitchenFlagsSchema = z.strictObject(
  Object.fromEntries(
    FLAG_NAMES.map((name) => {
      const spec = flagSpec(name);
      const schema =
        spec.kind === 'switch' ? z.literal(true) : spec.kind === 'list' ? z.array(spec.schema) : spec.schema;
      return [name, schema.optional()];
    }),
  ),
);

/**
 * Reads parseArgs' values into KitchenFlags, or the first refusal naming the flag, the value and
 * the fix. `values` holds only flags that were given.
 */
export function readKitchenFlags(
  values: Record<string, unknown>,
): { ok: true; flags: KitchenFlags } | { ok: false; message: string } {
  const result = kitchenFlagsSchema.safeParse(values);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? '') as FlagName;
    const given = issue?.path.length === 2 ? (values[name] as unknown[])[Number(issue.path[1])] : values[name];
    const spec = KITCHEN_FLAGS[name] as FlagSpec | undefined;
    const fix = spec !== undefined && spec.kind !== 'switch' ? spec.fix : 'see kitchen --help';
    return { ok: false, message: `kitchen: --${name} ${JSON.stringify(given)} is not allowed; ${fix}` };
  }
  const flags: Record<string, unknown> = {};
  for (const name of FLAG_NAMES) {
    const spec = flagSpec(name);
    if (spec.default !== undefined && !(spec.key in flags)) flags[spec.key] = spec.kind === 'list' ? [] : spec.default;
  }
  for (const [name, value] of Object.entries(result.data)) {
    if (value === undefined) continue;
    const spec = flagSpec(name as FlagName);
    flags[spec.key] = spec.kind === 'switch' ? spec.sets : value;
  }
  return { ok: true, flags: flags as KitchenFlags };
}
