// The config a command runs with: kitchen.config.json (or --config FILE) plus the servers given
// with --server, each speaking the MCP revision --protocol names when it is given. Runtime side; every
// command that reaches servers reads its config here. With no config file anywhere (a folder
// outside the kitchen, with the CLI installed from npm), the --server flags alone are the config.

import { existsSync } from 'node:fs';
import type { KitchenSettings } from '../kitchen-settings.js';
import { CONFIG_FILE_NAME, type ConfigResult, findConfigFile, loadKitchenConfig } from './kitchen-config.js';
import { parseServerFlag, type ServerEntry } from './mcp-servers.js';

export function loadRunConfig(flags: KitchenSettings, environment: NodeJS.ProcessEnv = process.env): ConfigResult {
  const file = flags.configPath ?? findConfigFile();
  const loaded =
    flags.configPath === undefined && !existsSync(file)
      ? withoutConfigFile(file, flags.servers ?? [])
      : loadKitchenConfig(file, environment);
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

/** No kitchen.config.json here or above: an empty config when --server names the servers, else the two fixes. */
function withoutConfigFile(file: string, servers: readonly string[]): ConfigResult {
  if (servers.length > 0) return { ok: true, config: { file, servers: [], rules: [], sampling: { perServer: {} } } };
  return {
    ok: false,
    message: `kitchen: no ${CONFIG_FILE_NAME} in ${process.cwd()} or a folder above; fix: write one with \`kitchen init\`, or name a server with --server NAME=http://127.0.0.1:PORT/mcp or --server "NAME=command arg…"`,
  };
}
