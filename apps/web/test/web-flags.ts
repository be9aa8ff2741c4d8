// The settings `kitchen web` hands the web app, built for the web's tests without the CLI's parser.

import type { KitchenSettings } from '@kitchen/runtime/kitchen-settings';

/**
 * The settings `kitchen web` hands the web app for these flags (the tests give only --jars and
 * --model), over the CLI's defaults; shaped as the CLI's parse result.
 */
export function webFlags(args: string[]): { ok: true; command: { name: 'web'; flags: KitchenSettings } } {
  const flags: KitchenSettings = { json: false, model: 'auto', seed: 1729, jars: 80, latencyMs: 0, rules: [] };
  for (let index = 0; index < args.length; index += 2) {
    const [flag, value] = [args[index], args[index + 1] ?? ''];
    if (flag === '--jars') flags.jars = Number(value);
    else if (flag === '--model' && (value === 'offline' || value === 'auto' || value === 'anthropic'))
      flags.model = value;
    else throw new Error(`webFlags: ${flag} is not one these tests give`);
  }
  return { ok: true, command: { name: 'web', flags } };
}
