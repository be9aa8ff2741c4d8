// Reads kitchen.config.json: which MCP servers the kitchen starts (or connects to). App side;
// validated with zod once, at the edge, with errors that name the file, server, field and fix.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type GateRule, GateRuleError, parseGateRules } from '@kitchen/host';
import { z } from 'zod';
import { parseSamplingRules, type SamplingRules } from './sampling-rules.js';

export const CONFIG_FILE_NAME = 'kitchen.config.json';

/** A server the kitchen starts as a child process. Paths are absolute. */
export interface LaunchedServerEntry {
  kind: 'launch';
  name: string;
  packageDirectory: string;
  entryFile: string;
  args: string[];
  env: Record<string, string>;
  /** 0: any free port. */
  port: number;
}

/** A server that is already running somewhere the kitchen can reach. */
export interface RemoteServerEntry {
  kind: 'remote';
  name: string;
  url: string;
}

export type ServerEntry = LaunchedServerEntry | RemoteServerEntry;

export interface KitchenConfig {
  file: string;
  servers: ServerEntry[];
  /** Approval rules ("rules"), below --rules FILE and --rule flags in precedence. */
  rules: GateRule[];
  /** Who may ask the host for a model call, and for how much ("sampling"). */
  sampling: SamplingRules;
}

export type ConfigResult = { ok: true; config: KitchenConfig } | { ok: false; message: string };

const FIELD_FIXES: Record<string, string> = {
  servers: 'list the servers, e.g. {"servers": [{"name": "dice", "package": "servers/dice", "entry": "src/main.ts"}]}',
  name: 'use lowercase letters, digits and dashes, e.g. "cookie-jars"',
  package: 'give the server package folder relative to the config file, e.g. "servers/cookie-jars"',
  entry: 'give the entry file inside the package, e.g. "src/main.ts"',
  args: 'give a list of strings, e.g. ["--token", "secret"]',
  env: 'give an object of string values, e.g. {"KITCHEN_TOKEN": "secret"}',
  port: 'use a whole number from 0 to 65535 (0 picks a free port)',
  url: 'give the MCP endpoint of a running server, e.g. "http://127.0.0.1:4100/mcp"',
};
const SERVER_FIELDS = ['name', 'package', 'entry', 'args', 'env', 'port', 'url'];

const serverSchema = z
  .strictObject({
    name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
    package: z.string().min(1).optional(),
    entry: z.string().min(1).optional(),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
    port: z.number().int().min(0).max(65535).optional(),
    url: z.url({ protocol: /^https?$/ }).optional(),
  })
  .superRefine((server, context) => {
    const launches = ['package', 'entry', 'args', 'env', 'port'].some((field) => field in server);
    if (server.url !== undefined && launches) {
      context.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'conflicts with "package"/"entry"/"args"/"env"/"port"',
      });
    } else if (server.url === undefined && server.package === undefined) {
      context.addIssue({ code: 'custom', path: ['package'], message: 'is missing (and there is no "url")' });
    } else if (server.package !== undefined && server.entry === undefined) {
      context.addIssue({ code: 'custom', path: ['entry'], message: 'is missing' });
    }
  });

const configSchema = z
  // "rules" and "sampling" are checked after the servers, by their own parsers.
  .strictObject({
    $schema: z.string().optional(),
    servers: z.array(serverSchema).min(1),
    rules: z.unknown().optional(),
    sampling: z.unknown().optional(),
  })
  .superRefine((config, context) => {
    const seen = new Set<string>();
    config.servers.forEach((server, index) => {
      if (seen.has(server.name)) {
        context.addIssue({ code: 'custom', path: ['servers', index, 'name'], message: `repeats "${server.name}"` });
      }
      seen.add(server.name);
    });
  });

/** The nearest kitchen.config.json from `start` upwards, else the one at the kitchen's own root. */
export function findConfigFile(start: string = process.cwd()): string {
  for (let directory = resolve(start); ; directory = dirname(directory)) {
    const candidate = join(directory, CONFIG_FILE_NAME);
    if (existsSync(candidate)) return candidate;
    if (dirname(directory) === directory) break;
  }
  return fileURLToPath(new URL(`../../../../${CONFIG_FILE_NAME}`, import.meta.url));
}

export function loadKitchenConfig(file: string): ConfigResult {
  const shown = displayPath(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { ok: false, message: `${shown}: cannot read the file; check the path or pass --config FILE` };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `${shown}: not valid JSON (${(error as Error).message}); fix the syntax` };
  }
  return parseKitchenConfig(data, file);
}

/** Validates parsed JSON; package paths are resolved against the config file's folder. */
export function parseKitchenConfig(data: unknown, file: string): ConfigResult {
  const result = configSchema.safeParse(data);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => describeIssue(issue, data, displayPath(file)));
    return { ok: false, message: [...new Set(lines)].join('\n') };
  }
  const directory = dirname(resolve(file));
  const servers = result.data.servers.map((server): ServerEntry => {
    if (server.url !== undefined) return { kind: 'remote', name: server.name, url: server.url };
    const packageDirectory = resolve(directory, server.package ?? '');
    return {
      kind: 'launch',
      name: server.name,
      packageDirectory,
      entryFile: resolve(packageDirectory, server.entry ?? ''),
      args: server.args ?? [],
      env: server.env ?? {},
      port: server.port ?? 0,
    };
  });
  let rules: GateRule[] = [];
  try {
    if (result.data.rules !== undefined) rules = parseGateRules(result.data.rules, `${displayPath(file)}: "rules"`);
  } catch (error) {
    if (!(error instanceof GateRuleError)) throw error;
    return { ok: false, message: error.message };
  }
  const sampling = parseSamplingRules(
    result.data.sampling,
    displayPath(file),
    servers.map((server) => server.name),
  );
  if (!sampling.ok) return sampling;
  return { ok: true, config: { file: resolve(file), servers, rules, sampling: sampling.rules } };
}

function describeIssue(issue: z.core.$ZodIssue, data: unknown, shown: string): string {
  const path = issue.path;
  const unknownKeys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  if (path[0] !== 'servers' || path.length < 2) {
    if (unknownKeys.length > 0) {
      return `${shown}: unknown field ${unknownKeys.map((key) => `"${key}"`).join(', ')}; the file holds "servers", "rules" and "sampling"`;
    }
    return `${shown}: "servers" ${problem(issue, valueAt(data, ['servers']))}; fix: ${FIELD_FIXES['servers']}`;
  }
  const index = Number(path[1]);
  const name = valueAt(data, ['servers', index, 'name']);
  const where = `${shown}: servers[${index}]${typeof name === 'string' ? ` ("${name}")` : ''}`;
  if (unknownKeys.length > 0) {
    return `${where}: unknown field ${unknownKeys.map((key) => `"${key}"`).join(', ')}; the fields are ${SERVER_FIELDS.join(', ')}`;
  }
  if (path.length === 2)
    return `${where}: ${problem(issue, valueAt(data, path))}; each server is an object with a "name"`;
  const field = String(path[2]);
  const fix =
    field === 'url' && issue.code === 'custom'
      ? 'give either "url" (a running server) or "package" and "entry" (a server the kitchen starts), not both'
      : field === 'package' && issue.code === 'custom'
        ? 'give "package" and "entry" (a server the kitchen starts) or "url" (a running server)'
        : (FIELD_FIXES[field] ?? `the fields are ${SERVER_FIELDS.join(', ')}`);
  return `${where}: "${field}" ${problem(issue, valueAt(data, path.slice(0, 3)))}; fix: ${fix}`;
}

function problem(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code === 'custom') return issue.message;
  if (value === undefined) return 'is missing';
  if (issue.code === 'invalid_type') return `must be ${withArticle(issue.expected)}, not ${JSON.stringify(value)}`;
  return `is not allowed: ${JSON.stringify(value)}`;
}

function withArticle(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function displayPath(file: string): string {
  const fromHere = relative(process.cwd(), resolve(file));
  return fromHere.startsWith('..') || isAbsolute(fromHere) ? resolve(file) : fromHere;
}
