// The model settings a web run and an eval's runs are made with, from the flags and the config,
// as the runtime's chooseModel takes them. App side.

import { withDefined } from '@kitchen/host';
import type { ModelSection } from '@kitchen/runtime/config/model-section';
import type { KitchenSettings } from '@kitchen/runtime/kitchen-settings';

export function modelOptions(flags: KitchenSettings, config: { model?: ModelSection }) {
  return {
    latencyMs: flags.latencyMs,
    ...withDefined({ modelName: flags.modelName, baseUrl: flags.baseUrl, configured: config.model }),
  };
}
