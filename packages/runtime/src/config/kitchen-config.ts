// Reads kitchen.config.json: the MCP servers ("mcpServers", the shape other hosts use, see
// mcp-servers.ts), approval "rules" and "sampling" rules. Runtime side; validated once, at the edge,
// with errors that name the file, server, field and fix.

import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { type GateRule, GateRuleError, parseGateRules, withDefined } from '@kitchen/host';
import { KITCHEN_ROOT } from '../app-paths.js';
import { parseMcpServers, type ServerEntry } from './mcp-servers.js';
import { type ModelSection, parseModelSection } from './model-section.js';
import { readJsonFile } from './read-json-file.js';
import { parseSamplingRules, type SamplingRules } from './sampling-rules.js';
import { parseWorkersSection, type WorkerChoices } from './worker-choices.js';

export const CONFIG_FILE_NAME = 'kitchen.config.json';

export type { LaunchedServerEntry, RemoteServerEntry, ServerEntry, StdioServerEntry } from './mcp-servers.js';
export { SERVER_NAME } from './mcp-servers.js';

export interface KitchenConfig {
  file: string;
  servers: ServerEntry[];
  /** Approval rules ("rules"), below --rules FILE and --rule flags in precedence. */
  rules: GateRule[];
  /** Who may ask the host for a model call, and for how much ("sampling"). */
  sampling: SamplingRules;
  /** How workers are shaped ("workers"), below the --worker-* flags in precedence. */
  workers?: WorkerChoices;
  /** An Anthropic-compatible endpoint and its model ("model"), below --base-url, --model-name and the environment. */
  model?: ModelSection;
  /** Servers the file lists with "disabled": true: not started, and said so. */
  disabled?: string[];
}

export type ConfigResult = { ok: true; config: KitchenConfig } | { ok: false; message: string };

const TOP_FIELDS = ['$schema', 'mcpServers', 'servers', 'inputs', 'rules', 'sampling', 'workers', 'model'];

/** The nearest kitchen.config.json from `start` upwards, else the one at the kitchen's own root. */
export function findConfigFile(start: string = process.cwd()): string {
  for (let directory = resolve(start); ; directory = dirname(directory)) {
    const candidate = join(directory, CONFIG_FILE_NAME);
    if (existsSync(candidate)) return candidate;
    if (dirname(directory) === directory) break;
  }
  return join(KITCHEN_ROOT, CONFIG_FILE_NAME);
}

export function loadKitchenConfig(file: string, environment: NodeJS.ProcessEnv = process.env): ConfigResult {
  const read = readJsonFile(file, displayPath(file), '--config');
  return read.ok ? parseKitchenConfig(read.data, file, environment) : read;
}

/**
 * Validates parsed JSON; paths are resolved against the config file's folder and `${NAME}` in
 * urls, headers and env values is read from `environment`.
 */
export function parseKitchenConfig(
  data: unknown,
  file: string,
  environment: NodeJS.ProcessEnv = process.env,
): ConfigResult {
  const shown = displayPath(file);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return { ok: false, message: `${shown}: must be a JSON object with "mcpServers"` };
  }
  const fields = data as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((key) => !TOP_FIELDS.includes(key));
  if (unknown.length > 0) {
    return {
      ok: false,
      message: `${shown}: unknown field ${unknown.map((key) => `"${key}"`).join(', ')}; the file holds "mcpServers", "rules", "sampling", "workers" and "model"`,
    };
  }
  let serversInput = fields['mcpServers'];
  // VS Code's .vscode/mcp.json: "servers" is the same map by name, beside its "inputs".
  if (serversInput === undefined && isPlainObject(fields['servers'])) serversInput = fields['servers'];
  else if (serversInput === undefined && fields['servers'] !== undefined) {
    const converted = fromServerList(fields['servers']);
    if (typeof converted === 'string') return { ok: false, message: `${shown}: ${converted}` };
    serversInput = converted;
  }
  if (serversInput === undefined) {
    return {
      ok: false,
      message: `${shown}: "mcpServers" is missing; fix: name the servers, e.g. {"mcpServers": {"everything": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"]}}}`,
    };
  }
  const inputs = parseInputs(fields['inputs']);
  if (typeof inputs === 'string') return { ok: false, message: `${shown}: ${inputs}` };
  const parsedServers = parseMcpServers(serversInput, dirname(resolve(file)), { environment, inputs });
  if (!parsedServers.ok)
    return { ok: false, message: parsedServers.problems.map((line) => `${shown}: ${line}`).join('\n') };
  const servers = parsedServers.servers;
  let rules: GateRule[] = [];
  try {
    if (fields['rules'] !== undefined) rules = parseGateRules(fields['rules'], `${shown}: "rules"`);
  } catch (error) {
    if (!(error instanceof GateRuleError)) throw error;
    return { ok: false, message: error.message };
  }
  const sampling = parseSamplingRules(
    fields['sampling'],
    shown,
    servers.map((server) => server.name),
  );
  if (!sampling.ok) return sampling;
  const workers = parseWorkersSection(fields['workers'], shown, file);
  if (!workers.ok) return workers;
  const model = parseModelSection(fields['model'], shown);
  if (!model.ok) return model;
  return {
    ok: true,
    config: {
      file: resolve(file),
      servers,
      rules,
      sampling: sampling.rules,
      ...(Object.keys(workers.workers).length === 0 ? {} : { workers: workers.workers }),
      ...withDefined({ model: model.model }),
      ...(parsedServers.disabled.length === 0 ? {} : { disabled: parsedServers.disabled }),
    },
  };
}

/**
 * VS Code's "inputs": [{"type": "promptString", "id", "description", "password", "default"}], read
 * for `${input:id}` (mcp-servers.ts); the kitchen asks nothing while loading its config, so a value
 * comes from the environment (KITCHEN_INPUT_<ID>) or the input's "default".
 */
function parseInputs(input: unknown): Array<{ id: string; default?: string; description?: string }> | string {
  if (input === undefined) return [];
  if (!Array.isArray(input)) return '"inputs" must be a list, e.g. [{"type": "promptString", "id": "api-key"}]';
  const inputs: Array<{ id: string; default?: string; description?: string }> = [];
  for (const [index, item] of input.entries()) {
    if (!isPlainObject(item) || typeof item['id'] !== 'string' || item['id'] === '') {
      return `inputs[${index}]: each input needs an "id", e.g. {"type": "promptString", "id": "api-key"}`;
    }
    inputs.push({
      id: item['id'],
      ...(typeof item['default'] === 'string' ? { default: item['default'] } : {}),
      ...(typeof item['description'] === 'string' ? { description: item['description'] } : {}),
    });
  }
  return inputs;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The kitchen's earlier shape, a "servers" list of {name, package, entry, args, env, port} or
 * {name, url} (either with "trust"), read as the same mcpServers map (example servers under "kitchen").
 */
function fromServerList(list: unknown): Record<string, unknown> | string {
  if (!Array.isArray(list))
    return '"servers" must be a list; the current shape is an "mcpServers" object keyed by name';
  const servers: Record<string, unknown> = {};
  for (const [index, item] of list.entries()) {
    if (item === null || typeof item !== 'object' || typeof (item as { name?: unknown }).name !== 'string') {
      return `servers[${index}]: each server needs a "name"; better, move to "mcpServers": {"NAME": {...}}`;
    }
    const { name, url, headers, trust, ...launch } = item as Record<string, unknown>;
    const trusted = trust === undefined ? {} : { trust };
    servers[name as string] =
      url !== undefined && Object.keys(launch).length === 0
        ? { url, ...withDefined({ headers }), ...trusted }
        : { ...withDefined({ url }), kitchen: launch, ...trusted };
  }
  return servers;
}

function displayPath(file: string): string {
  const fromHere = relative(process.cwd(), resolve(file));
  return fromHere.startsWith('..') || isAbsolute(fromHere) ? resolve(file) : fromHere;
}
