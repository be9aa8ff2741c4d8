// The "mcpServers" map of kitchen.config.json, in the shape Claude Desktop, VS Code and the MCP
// SDK's reference client write it: a server by "url" (+ "headers") or by "command" (+ "args",
// "env", "cwd", over stdio). The kitchen's own example servers carry a "kitchen" field instead:
// the app starts them as child processes and reaches them over HTTP. Runtime side, checked at the edge.
// What other hosts write is read too: VS Code's "type": "sse" (the older HTTP+SSE transport),
// "disabled", "envFile" and its variables (${env:VAR}, ${input:id}, ${workspaceFolder}), and the
// shell's ${VAR:-default}, expanded in every string field (url, headers, env, command, args, cwd).
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${NAME}" is the config's own variable syntax, not a template.

import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import {
  type OAuthSettings,
  oauthSettingsSchema,
  PROTOCOL_SETTINGS,
  type ProtocolSetting,
  withDefined,
} from '@kitchen/host';
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
  /** "sse": the older HTTP+SSE transport (revision 2024-11-05), for a server that speaks only that. */
  transport?: 'sse';
  /** Absolute folders offered to this server as roots, instead of the run's. */
  roots?: string[];
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
  /** Absolute folders offered to this server as roots, instead of the run's (none by default when it has args). */
  roots?: string[];
}

/**
 * `trusted`: the person marked the server trusted ("trust": true), so the gate takes its tool
 * annotations at their word; any other server's tools ask before their first call.
 */
export type ServerEntry = (LaunchedServerEntry | RemoteServerEntry | StdioServerEntry) & { trusted?: true };

/** `disabled`: the names of entries with "disabled": true, skipped (and said so). */
export type ServersResult =
  | { ok: true; servers: ServerEntry[]; disabled: string[] }
  | { ok: false; problems: string[] };

/**
 * Where `${…}` in the config is read from: the environment (`${VAR}`, `${env:VAR}`,
 * `${VAR:-default}`), the config's folder (`${workspaceFolder}`), and VS Code's "inputs"
 * (`${input:id}`: the environment's KITCHEN_INPUT_<ID>, else the input's "default").
 */
export interface ConfigVariables {
  environment: NodeJS.ProcessEnv;
  inputs?: ReadonlyArray<{ id: string; default?: string; description?: string }>;
}

// Names prefix clashing tool names (server__tool): the host's rule.
export const SERVER_NAME = /^[A-Za-z0-9_-]{1,32}$/;

const FIELD_FIXES: Record<string, string> = {
  type: 'use "stdio" (with "command"), "http" (with "url") or "sse" (with "url": the older HTTP+SSE transport)',
  disabled: 'use true to skip the server, false (or leave it out) to start it',
  roots:
    'give the folders this server may work in, relative to the config file, e.g. ["notes", "${HOME}/docs"] ([] for none)',
  envFile: 'give a file of NAME=value lines, relative to the config file, e.g. ".env"',
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
  trust: "give true to let the server's read-only tools run without asking, or leave it out",
  'kitchen.package': 'give the server package folder relative to the config file, e.g. "servers/cookie-jars"',
  'kitchen.entry': 'give the entry file inside the package, e.g. "src/main.ts"',
  'kitchen.args': 'give a list of strings, e.g. ["--bake-steps", "8"]',
  'kitchen.env': 'give an object of string values, e.g. {"KITCHEN_TOKEN": "secret"}',
  'kitchen.port': 'use a whole number from 0 to 65535 (0 picks a free port)',
  'kitchen.token': 'give the bearer token the server should require, e.g. "${DICE_TOKEN}"',
};
const ENTRY_FIELDS =
  'type, url, headers, oauth, command, args, env, envFile, cwd, roots, protocol, disabled, kitchen, dev, trust';

const stringMap = z.record(z.string(), z.string());
const entrySchema = z.strictObject({
  type: z.enum(['stdio', 'http', 'streamable-http', 'sse']).optional(),
  // A string here: a "${VAR}" in it is expanded first, and the result checked as a URL.
  url: z.string().min(1).optional(),
  disabled: z.boolean().optional(),
  envFile: z.string().min(1).optional(),
  roots: z.array(z.string().min(1)).optional(),
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
  trust: z.boolean().optional(),
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
  variables: ConfigVariables,
  where = '"mcpServers"',
): ServersResult {
  const { environment, inputs = [] } = variables;
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
  const disabled: string[] = [];
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
    if (parsed.data.disabled === true) {
      disabled.push(name);
      continue;
    }
    const entry = toServerEntry(name, parsed.data, directory, { environment, inputs });
    if (typeof entry === 'string') problems.push(`${at}: ${entry}`);
    else servers.push(parsed.data.trust === true ? { ...entry, trusted: true } : entry);
  }
  if (problems.length > 0) return { ok: false, problems };
  if (servers.length === 0) {
    return {
      ok: false,
      problems: [
        disabled.length > 0
          ? `${where}: every server is "disabled"; enable one`
          : `${where} is empty; name at least one server`,
      ],
    };
  }
  return { ok: true, servers, disabled };
}

function toServerEntry(
  name: string,
  entry: Entry,
  directory: string,
  variables: ConfigVariables,
): ServerEntry | string {
  const ways = (['url', 'command', 'kitchen'] as const).filter((field) => entry[field] !== undefined);
  if (ways.length !== 1) {
    return ways.length === 0
      ? 'says neither "url" (a running server), "command" (a server over stdio) nor "kitchen" (an example server the kitchen starts); give one'
      : `gives ${ways.map((field) => `"${field}"`).join(' and ')}; give only one way to reach the server`;
  }
  const misplaced = (fields: Array<keyof Entry>, owner: string) =>
    fields.filter((field) => entry[field] !== undefined).map((field) => `"${field}" belongs with ${owner}`);
  const expand = expander(variables, directory);
  const watch = entry.dev?.watch === undefined ? undefined : [entry.dev.watch].flat();
  // What every kind of entry may carry.
  const shared = {
    ...withDefined({ protocol: entry.protocol }),
    ...(watch === undefined ? {} : { watch: watch.map((pattern) => resolve(directory, pattern)) }),
  };
  try {
    const roots =
      entry.roots === undefined || entry.kitchen !== undefined
        ? {}
        : { roots: entry.roots.map((folder, index) => resolve(directory, expand(folder, `roots[${index}]`))) };
    if (entry.url !== undefined) {
      const wrong = [
        ...misplaced(['args', 'env', 'envFile', 'cwd'], '"command"'),
        ...(entry.type === 'stdio' ? ['"type" is "stdio" but the server has a "url"'] : []),
      ];
      if (wrong.length > 0) return wrong.join('; ');
      const headers = entry.headers === undefined ? undefined : expandValues(entry.headers, 'headers', expand);
      const oauth = entry.oauth === undefined ? undefined : expandOAuth(entry.oauth, expand);
      const url = expand(entry.url, 'url');
      if (!/^https?:\/\//.test(url) || !URL.canParse(url)) {
        // Only the text as written is echoed: an expanded ${NAME} may hold a secret.
        const shown = entry.url === url ? JSON.stringify(url) : `${JSON.stringify(entry.url)} once expanded`;
        return `"url" is not allowed: ${shown}; fix: ${FIELD_FIXES['url']}`;
      }
      return {
        kind: 'remote',
        name,
        url,
        ...withDefined({ headers, oauth }),
        ...shared,
        ...(entry.type === 'sse' ? { transport: 'sse' as const } : {}),
        ...roots,
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
      const fromFile =
        entry.envFile === undefined ? {} : readEnvFile(resolve(directory, expand(entry.envFile, 'envFile')));
      if (typeof fromFile === 'string') return fromFile;
      const cwd = entry.cwd === undefined ? undefined : expand(entry.cwd, 'cwd');
      return {
        kind: 'stdio',
        name,
        command: expand(entry.command, 'command'),
        args: (entry.args ?? []).map((argument, index) => expand(argument, `args[${index}]`)),
        // "env" over the file's values, as VS Code reads them.
        env: { ...fromFile, ...expandValues(entry.env ?? {}, 'env', expand) },
        ...(cwd === undefined ? {} : { cwd: isAbsolute(cwd) ? cwd : resolve(directory, cwd) }),
        ...shared,
        ...roots,
      };
    }
  } catch (error) {
    if (error instanceof UnsetVariable) return error.message;
    throw error;
  }
  const launch = entry.kitchen;
  const wrong = misplaced(
    ['type', 'headers', 'oauth', 'args', 'env', 'envFile', 'cwd', 'roots'],
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
      args: (launch.args ?? []).map((argument, index) => expand(argument, `kitchen.args[${index}]`)),
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

/**
 * `${VAR}`, `${env:VAR}`, `${VAR:-default}`, VS Code's `${workspaceFolder}` (the config's folder),
 * `${userHome}` and `${input:id}`; anything else is left as written.
 */
const VARIABLE = /\$\{(?:(env|input):)?([A-Za-z_][A-Za-z0-9_.-]*)(?::-([^}]*))?\}/g;

function expander(variables: ConfigVariables, directory: string): (text: string, field: string) => string {
  const { environment, inputs = [] } = variables;
  return (text, field) =>
    text.replace(VARIABLE, (match, scope: string | undefined, variable: string, fallback: string | undefined) => {
      if (scope === 'input') {
        const input = inputs.find((candidate) => candidate.id === variable);
        const fromEnvironment = environment[inputVariable(variable)];
        const value = fromEnvironment ?? input?.default;
        if (value !== undefined) return value;
        throw new UnsetVariable(
          `"${field}" uses \${input:${variable}}${input?.description === undefined ? '' : ` (${input.description})`}, which has no value here; export ${inputVariable(variable)} (the kitchen asks no questions while reading its config)`,
        );
      }
      if (scope === undefined && variable === 'workspaceFolder' && fallback === undefined) return directory;
      if (scope === undefined && variable === 'userHome' && fallback === undefined && environment['HOME'] !== undefined)
        return environment['HOME'];
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable)) return match;
      const value = environment[variable];
      if (value !== undefined && !(fallback !== undefined && value === '')) return value;
      if (fallback !== undefined) return fallback;
      throw new UnsetVariable(
        `"${field}" uses \${${scope === 'env' ? 'env:' : ''}${variable}}, which is not set; export ${variable} or write the value`,
      );
    });
}

/** The environment variable that answers `${input:id}`: KITCHEN_INPUT_ and the id in capitals. */
export function inputVariable(id: string): string {
  return `KITCHEN_INPUT_${id.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

/** A dotenv file: NAME=value lines, `#` comments, optional `export`, values in quotes kept whole. */
function readEnvFile(file: string): Record<string, string> | string {
  if (!existsSync(file)) return `"envFile" ${file} does not exist; fix the path (it is relative to the config file)`;
  const values: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (match === null) continue;
    const [, name = '', raw = ''] = match;
    const quoted = /^(["'])(.*)\1$/.exec(raw);
    values[name] = quoted === null ? raw.replace(/\s+#.*$/, '') : (quoted[2] ?? '');
  }
  return values;
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
 * `--server NAME=URL` (Streamable HTTP) or `--server "NAME=command arg…"` (stdio; split into
 * words as a shell would: "double" or 'single' quotes keep spaces, a backslash escapes), as the
 * reference client's --server reads a target.
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
  const words = splitCommandLine(target);
  if (typeof words === 'string') return `--server ${JSON.stringify(text)}: ${words}; ${usage}`;
  const [command = '', ...args] = words;
  return { kind: 'stdio', name, command, args, env: {} };
}

/** Shell-like words: whitespace splits, quotes group ('…' literally, "…" with \" and \\), a backslash escapes. */
export function splitCommandLine(text: string): string[] | string {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] ?? '';
    if (quote === "'") {
      if (character === "'") quote = undefined;
      else word = `${word ?? ''}${character}`;
    } else if (quote === '"') {
      if (character === '"') quote = undefined;
      else if (character === '\\' && (text[index + 1] === '"' || text[index + 1] === '\\'))
        word = `${word ?? ''}${text[++index] ?? ''}`;
      else word = `${word ?? ''}${character}`;
    } else if (/\s/.test(character)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (character === '"' || character === "'") {
      quote = character;
      word ??= '';
    } else if (character === '\\' && index + 1 < text.length) {
      word = `${word ?? ''}${text[++index] ?? ''}`;
    } else {
      word = (word ?? '') + character;
    }
  }
  if (quote !== undefined) return `a ${quote} quote is not closed`;
  if (word !== undefined) words.push(word);
  return words;
}
