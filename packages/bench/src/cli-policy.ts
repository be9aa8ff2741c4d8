// The policy a `kitchen run` starts with, built by the CLI's own code: its flags parsed by the CLI's
// parser, the repository's kitchen.config.json rules, createKitchenPolicy. App side, borrowed so the
// bench times the loop as users run it (gate rules, approver, tree budget, seatbelts, workers).

import { fileURLToPath } from 'node:url';
import { parseCliArguments } from '@kitchen/app/cli-arguments';
import { loadKitchenConfig } from '@kitchen/app/kitchen-config';
import type { KitchenRunPolicy } from '@kitchen/app/kitchen-host';
import { createKitchenPolicy, type KitchenPolicy } from '@kitchen/app/kitchen-policy';

const CONFIG_FILE = fileURLToPath(new URL('../../../kitchen.config.json', import.meta.url));

/**
 * `kitchen run --yes TASK` with the repository's config: a fresh tree budget (600,000 tokens) each
 * call, since a budget belongs to one run. The CLI caps --max-iterations at 200 and the tool-call
 * seatbelt at its default; the bench's long runs raise both past `limit` on the host's own options.
 */
export function cliPolicy(task: string, limit: number): KitchenPolicy & KitchenRunPolicy {
  const parsed = parseCliArguments(['run', '--yes', task]);
  if (!parsed.ok) throw new Error(`The bench's CLI flags were refused: ${parsed.message}`);
  if (parsed.command.name !== 'run') throw new Error('The bench expected a run command.');
  const config = loadKitchenConfig(CONFIG_FILE);
  if (!config.ok) throw new Error(config.message);
  const policy = createKitchenPolicy(parsed.command.flags, { config: config.config, environment: {} });
  return { ...policy, seatbelts: { ...policy.seatbelts, maxToolCalls: limit } };
}
