// The "mcpServers" map of kitchen.config.json, in the shape Claude Desktop, VS Code and the MCP
// SDK's reference client write it: a server by "url" (+ "headers") or by "command" (+ "args",
// "env", "cwd", over stdio). The kitchen's own example servers carry a "kitchen" field instead:
// the app starts them as child processes and reaches them over HTTP. Runtime side, checked at the edge.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${NAME}" is the config's own variable syntax, not a template.

import { isAbsolute, resolve } from 'node:path';
import { type OAuthSettings, oauthSettingsSchema, PROTOCOL_SETTINGS, type ProtocolSetting } from '@kitchen/host';
import { z } from 'zod';

/** A server the kitchen starts as a child process and reaches over HTTP. Paths are absolute. */
export interface LaunchedServerEntry {
  kind: 'launch';
  name: string;
  packageDirectory: string;
  entryFile: string;
  args: string[];
  env: Record<string, string>;
  /** 0: any free port. */
  port: number;
  /** Given to the server as KITCHEN_TOKEN and sent by the host as "Authorization: Bearer …". */
  token?: string;
  protocol?: ProtocolSetting;
  /** What `kitchen dev` watches ("dev.watch", as VS Code writes it): absolute globs or folders. */
  watch?: string[];
}

/** A server that is already running somewhere the kitchen can reach over Streamable HTTP. */
export interface RemoteServerEntry {
  kind: 'remote';
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** How to authorize with OAuth 2.1 if the server asks (401); without it, dynamic registration. */
  oauth?: OAuthSettings;
  /** Which MCP revision to speak: "auto" (default), "2025-11-25" or "2026-07-28". */
  protocol?: ProtocolSetting;
  /** What `kitchen dev` watches ("dev.watch", as VS Code writes it): absolute globs or folders. */
  watch?: string[];
}

/** A server the host spawns and speaks to over stdin/stdout. */
export interface StdioServerEntry {
  kind: 'stdio';
  name: string;
  command: string;
  args: string[];
  /** Only these (plus PATH, HOME and the like) reach the server: never the kitchen's own secrets. */
  env: Record<string, string>;
  cwd?: string;
  /** Default "auto", which over stdio stays on 2025-11-25; "2026-07-28" asks for the new revision. */
  protocol?: ProtocolSetting;
  /** What `kitchen dev` watches ("dev.watch", as VS Code writes it): absolute globs or folders. */
  watch?: string[];
}

export type ServerEntry = LaunchedServerEntry | RemoteServerEntry | StdioServerEntry;

export type ServersResult = { ok: true; servers: ServerEntry[] } | { ok: false; problems: string[] };

// Names prefix clashing tool names (server__tool): the host's rule.
export const SERVER_NAME = /^[A-Za-z0-9_-]{1,32}$/;

const FIELD_FIXES: Record<string, string> = {
  type: 'use "stdio" (with "command") or "http" (with "url"); the old SSE transport is not supported',
  url: 'give the MCP endpoint of a running server, e.g. "http://127.0.0.1:4100/mcp"',
  headers: 'give an object of string values, e.g. {"Authorization": "Bearer ${MY_TOKEN}"}',
  command: 'name the program that runs the server, e.g. "npx"',
  args: 'give a list of strings, e.g. ["-y", "@modelcontextprotocol/server-everything"]',
  env: 'give an object of string values, e.g. {"API_KEY": "${MY_API_KEY}"}',
  cwd: 'give the folder to run the server in',
  protocol:
    'use "auto" (2026-07-28 where the server offers it, else 2025-11-25; the default), "2025-11-25" (never ask: one request fewer) or "2026-07-28" (require it)',
  oauth:
    'give {"clientId": "…", "clientSecret": "${MY_SECRET}", "scope": "…", "callbackPort": 8976, "clientMetadataUrl": "https://…"} (every field optional) for a server that asks for OAuth, or {"grant": "client_credentials", "clientId": "…", "clientSecret": "${MY_SECRET}"} (or "privateKey") to sign in with no person',
  kitchen: 'give {"package": "servers/dice", "entry": "src/main.ts"} for a kitchen example server',
  dev: 'give {"watch": "src/**/*.ts"} (a glob or a list of them, relative to the config file) for kitchen dev',
  'kitchen.package': 'give the server package folder relative to the config file, e.g. "servers/cookie-jars"',
  'kitchen.entry': 'give the entry file inside the package, e.g. "src/main.ts"',
  'kitchen.args': 'give a list of strings, e.g. ["--bake-steps", "8"]',
  'kitchen.env': 'give an object of string values, e.g. {"KITCHEN_TOKEN": "secret"}',
  'kitchen.port': 'use a whole number from 0 to 65535 (0 picks a free port)',
  'kitchen.token': 'give the bearer token the server should require, e.g. "${DICE_TOKEN}"',
};
const ENTRY_FIELDS = 'type, url, headers, oauth, command, args, env, cwd, protocol, kitchen, dev';

const stringMap = z.record(z.string(), z.string());
const entrySchema = z.strictObject({
  type: z.enum(['stdio', 'http', 'streamable-http']).optional(),
  url: z.url({ protocol: /^https?$/ }).optional(),
  headers: stringMap.optional(),
  oauth: oauthSettingsSchema.optional(),
  command: z.string().min(1).optional(),
  args: z.array(z.string()).optional(),
  env: stringMap.optional(),
  cwd: z.string().min(1).optional(),
  protocol: z.enum(PROTOCOL_SETTINGS).optional(),
  // VS Code's "dev" block: "watch" restarts the server on change; its "debug" is for VS Code alone.
  dev: z
    .strictObject({
      watch: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
      debug: z.unknown().optional(),
    })
    .optional(),
  kitchen: z
    .strictObject({
      package: z.string().min(1),
      entry: z.string().min(1),
      args: z.array(z.string()).optional(),
      env: stringMap.optional(),
      port: z.number().int().min(0).max(65535).optional(),
      token: z.string().min(1).optional(),
    })
    .optional(),
});
type Entry = z.infer<typeof entrySchema>;

/**
 * Checks every entry and resolves paths against `directory` (the config file's folder).
 * `${NAME}` in url, headers and env values is replaced from `environment`; an unset name is an
 * error naming the entry and the field, so a token never silently becomes "".
 */
export function parseMcpServers(
  input: unknown,
  directory: string,
  environment: NodeJS.ProcessEnv,
  where = '"mcpServers"',
): ServersResult {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return {
      ok: false,
      problems: [
        `${where} must be an object keyed by server name, e.g. {"mcpServers": {"everything": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"]}}}`,
      ],
    };
  }
  const problems: string[] = [];
  const servers: ServerEntry[] = [];
  for (const [name, value] of Object.entries(input)) {
    const at = `${where} → "${name}"`;
    if (!SERVER_NAME.test(name)) {
      problems.push(`${at}: the name is not usable; use 1-32 letters, digits, "-" or "_" (it prefixes tool names)`);
      continue;
    }
    const parsed = entrySchema.safeParse(value);
    if (!parsed.success) {
      problems.push(...new Set(parsed.error.issues.map((issue) => describeIssue(at, issue, value))));
      continue;
    }
    const entry = toServerEntry(name, parsed.data, directory, environment);
    if (typeof entry === 'string') problems.push(`${at}: ${entry}`);
    else servers.push(entry);
  }
  if (problems.length > 0) return { ok: false, problems };
  if (servers.length === 0) return { ok: false, problems: [`${where} is empty; name at least one server`] };
  return { ok: true, servers };
}

function toServerEntry(
  name: string,
  entry: Entry,
  directory: string,
  environment: NodeJS.ProcessEnv,
): ServerEntry | string {
  const ways = (['url', 'command', 'kitchen'] as const).filter((field) => entry[field] !== undefined);
  if (ways.length !== 1) {
    return ways.length === 0
      ? 'says neither "url" (a running server), "command" (a server over stdio) nor "kitchen" (an example server the kitchen starts); give one'
      : `gives ${ways.map((field) => `"${field}"`).join(' and ')}; give only one way to reach the server`;
  }
  const misplaced = (fields: Array<keyof Entry>, owner: string) =>
    fields.filter((field) => entry[field] !== undefined).map((field) => `"${field}" belongs with ${owner}`);
  const expand = expander(environment);
  const watch = entry.dev?.watch === undefined ? undefined : [entry.dev.watch].flat();
  // What every kind of entry may carry.
  const shared = {
    ...(entry.protocol === undefined ? {} : { protocol: entry.protocol }),
    ...(watch === undefined ? {} : { watch: watch.map((pattern) => resolve(directory, pattern)) }),
  };
  try {
    if (entry.url !== undefined) {
      const wrong = [
        ...misplaced(['args', 'env', 'cwd'], '"command"'),
        ...(entry.type === 'stdio' ? ['"type" is "stdio" but the server has a "url"'] : []),
      ];
      if (wrong.length > 0) return wrong.join('; ');
      const headers = entry.headers === undefined ? undefined : expandValues(entry.headers, 'headers', expand);
      const oauth = entry.oauth === undefined ? undefined : expandOAuth(entry.oauth, expand);
      return {
        kind: 'remote',
        name,
        url: expand(entry.url, 'url'),
        ...(headers === undefined ? {} : { headers }),
        ...(oauth === undefined ? {} : { oauth }),
        ...shared,
      };
    }
    if (entry.command !== undefined) {
      const wrong = [
        ...misplaced(['headers', 'oauth'], '"url"'),
        ...(entry.type !== undefined && entry.type !== 'stdio'
          ? [`"type" is "${entry.type}" but the server has a "command"`]
          : []),
      ];
      if (wrong.length > 0) return wrong.join('; ');
      return {
        kind: 'stdio',
        name,
        command: entry.command,
        args: entry.args ?? [],
        env: expandValues(entry.env ?? {}, 'env', expand),
        ...(entry.cwd === undefined ? {} : { cwd: isAbsolute(entry.cwd) ? entry.cwd : resolve(directory, entry.cwd) }),
        ...shared,
      };
    }
  } catch (error) {
    if (error instanceof UnsetVariable) return error.message;
    throw error;
  }
  const launch = entry.kitchen;
  const wrong = misplaced(
    ['type', 'headers', 'oauth', 'args', 'env', 'cwd'],
    'a server reached by "url" or "command" (inside "kitchen" use "args", "env", "port")',
  );
  if (launch === undefined || wrong.length > 0) return wrong.join('; ');
  const packageDirectory = resolve(directory, launch.package);
  try {
    return {
      kind: 'launch',
      name,
      packageDirectory,
      entryFile: resolve(packageDirectory, launch.entry),
      args: launch.args ?? [],
      env: expandValues(launch.env ?? {}, 'kitchen.env', expand),
      port: launch.port ?? 0,
      ...(launch.token === undefined ? {} : { token: sendableToken(expand(launch.token, 'kitchen.token')) }),
      ...shared,
    };
  } catch (error) {
    if (error instanceof UnsetVariable || error instanceof UnsendableToken) return error.message;
    throw error;
  }
}

/** Raised for a token no HTTP client could put in an Authorization header. */
class UnsendableToken extends Error {}

/** The token, if it is visible ASCII (RFC 9110 field values; the server kit refuses the rest too). */
function sendableToken(token: string): string {
  if (/^[\x21-\x7E]+$/.test(token)) return token;
  // The token itself is never echoed: it is a secret, and may hold what a terminal would misread.
  throw new UnsendableToken(
    '"kitchen.token" cannot be sent in an Authorization header: it holds a space, a control or a non-ASCII character; use visible ASCII characters only (letters, digits, punctuation)',
  );
}

class UnsetVariable extends Error {}

function expander(environment: NodeJS.ProcessEnv): (text: string, field: string) => string {
  return (text, field) =>
    text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_match, variable: string) => {
      const value = environment[variable];
      if (value === undefined) {
        throw new UnsetVariable(
          `"${field}" uses \${${variable}}, which is not set; export ${variable} or write the value`,
        );
      }
      return value;
    });
}

/** A client id or secret may come from the environment, like a header. */
function expandOAuth(oauth: OAuthSettings, expand: (text: string, field: string) => string): OAuthSettings {
  return {
    ...oauth,
    ...(oauth.clientId === undefined ? {} : { clientId: expand(oauth.clientId, 'oauth.clientId') }),
    ...(oauth.clientSecret === undefined ? {} : { clientSecret: expand(oauth.clientSecret, 'oauth.clientSecret') }),
    ...(oauth.privateKey === undefined ? {} : { privateKey: expand(oauth.privateKey, 'oauth.privateKey') }),
  };
}

function expandValues(
  values: Record<string, string>,
  field: string,
  expand: (text: string, field: string) => string,
): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, expand(value, `${field}.${key}`)]));
}

function describeIssue(at: string, issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.path.length === 0) {
    if (issue.code === 'unrecognized_keys') {
      return `${at}: unknown field ${issue.keys.map((key) => `"${key}"`).join(', ')}; the fields are ${ENTRY_FIELDS}`;
    }
    return `${at}: must be an object such as {"url": "http://127.0.0.1:4100/mcp"} or {"command": "npx", "args": [...]}`;
  }
  const top = String(issue.path[0]);
  const fixKey = top === 'kitchen' && issue.path.length > 1 ? `kitchen.${String(issue.path[1])}` : top;
  if (issue.code === 'unrecognized_keys') {
    const holds =
      top === 'oauth'
        ? '"oauth" holds clientId, clientSecret, scope, callbackPort, clientMetadataUrl, grant, privateKey and algorithm'
        : top === 'dev'
          ? '"dev" holds watch and debug'
          : '"kitchen" holds package, entry, args, env and port';
    return `${at}: unknown field ${issue.keys.map((key) => `"${top}.${key}"`).join(', ')}; ${holds}`;
  }
  const path = issue.path.map(String);
  const fieldValue = valueAt(value, path);
  const problem =
    fieldValue === undefined
      ? 'is missing'
      : issue.code === 'custom'
        ? issue.message // a rule across fields; the value may hold a secret, so it is not echoed
        : issue.code === 'invalid_type'
          ? `must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}, not ${JSON.stringify(fieldValue)}`
          : `is not allowed: ${JSON.stringify(fieldValue)}`;
  return `${at}: "${path.join('.')}" ${problem}; fix: ${FIELD_FIXES[fixKey] ?? `the fields are ${ENTRY_FIELDS}`}`;
}

function valueAt(data: unknown, path: readonly string[]): unknown {
  let value: unknown = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * `--server NAME=URL` (Streamable HTTP) or `--server "NAME=command arg…"` (stdio; split on
 * whitespace, no quoting), as the reference client's --server reads a target.
 */
export function parseServerFlag(text: string): ServerEntry | string {
  const separator = text.indexOf('=');
  const name = separator < 0 ? '' : text.slice(0, separator).trim();
  const target = separator < 0 ? '' : text.slice(separator + 1).trim();
  const usage = 'write it as --server NAME=http://host/mcp or --server "NAME=command arg…"';
  if (name === '' || target === '') return `--server ${JSON.stringify(text)} is not usable; ${usage}`;
  if (!SERVER_NAME.test(name)) {
    return `--server ${JSON.stringify(text)}: the name "${name}" is not usable; use 1-32 letters, digits, "-" or "_"`;
  }
  if (/^https?:\/\//.test(target)) {
    try {
      new URL(target);
    } catch {
      return `--server ${JSON.stringify(text)}: ${target} is not a URL; ${usage}`;
    }
    return { kind: 'remote', name, url: target };
  }
  const [command = '', ...args] = target.split(/\s+/);
  return { kind: 'stdio', name, command, args, env: {} };
}
