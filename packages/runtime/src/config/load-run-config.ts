// The config a command runs with: kitchen.config.json (or --config FILE) plus the servers given
// with --server, each speaking the MCP revision --protocol names when it is given. Runtime side; every
// command that reaches servers reads its config here.

import type { KitchenSettings } from '../kitchen-settings.js';
import { type ConfigResult, findConfigFile, loadKitchenConfig } from './kitchen-config.js';
import { parseServerFlag, type ServerEntry } from './mcp-servers.js';

export function loadRunConfig(flags: KitchenSettings, environment: NodeJS.ProcessEnv = process.env): ConfigResult {
  const loaded = loadKitchenConfig(flags.configPath ?? findConfigFile(), environment);
  if (!loaded.ok) return loaded;
  const added: ServerEntry[] = [];
  for (const text of flags.servers ?? []) {
    const entry = parseServerFlag(text);
    if (typeof entry === 'string') return { ok: false, message: `kitchen: ${entry}` };
    if ([...loaded.config.servers, ...added].some((server) => server.name === entry.name)) {
      return {
        ok: false,
        message: `kitchen: --server ${entry.name}=… names a server the config already has; pick another name`,
      };
    }
    added.push(entry);
  }
  const servers = [...loaded.config.servers, ...added];
  // --protocol speaks for every server, over what the config says for each.
  const protocol = flags.protocol;
  return {
    ok: true,
    config: {
      ...loaded.config,
      servers: protocol === undefined ? servers : servers.map((server) => ({ ...server, protocol })),
    },
  };
}
