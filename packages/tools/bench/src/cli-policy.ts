// The policy a `kitchen run` starts with, built by the runtime's own code: the settings the CLI reads
// from `kitchen run --yes` (its defaults, approval yes), the repository's kitchen.config.json rules,
// createKitchenPolicy. So the bench times the loop as users run it (gate rules, approver, tree
// budget, seatbelts, workers).

import { fileURLToPath } from 'node:url';
import { loadKitchenConfig } from '@kitchen/runtime/config/kitchen-config';
import { createKitchenPolicy, type KitchenPolicy } from '@kitchen/runtime/config/kitchen-policy';
import type { KitchenRunPolicy } from '@kitchen/runtime/kitchen-host';
import type { KitchenSettings } from '@kitchen/runtime/kitchen-settings';

const CONFIG_FILE = fileURLToPath(new URL('../../../../kitchen.config.json', import.meta.url));

/**
 * `kitchen run --yes TASK` with the repository's config: a fresh tree budget (600,000 tokens) each
 * call, since a budget belongs to one run. The CLI caps --max-iterations at 200 and the tool-call
 * seatbelt at its default; the bench's long runs raise both past `limit` on the host's own options.
 */
export function cliPolicy(limit: number): KitchenPolicy & KitchenRunPolicy {
  // `kitchen run --yes TASK`: the CLI's defaults (apps/cli's flag table), approval yes; the task
  // itself is the bench's to give the loop.
  const settings: KitchenSettings = {
    json: false,
    model: 'auto',
    seed: 1729,
    jars: 80,
    latencyMs: 0,
    rules: [],
    approval: 'yes',
  };
  const config = loadKitchenConfig(CONFIG_FILE);
  if (!config.ok) throw new Error(config.message);
  const policy = createKitchenPolicy(settings, { config: config.config, environment: {} });
  return { ...policy, seatbelts: { ...policy.seatbelts, maxToolCalls: limit } };
}
