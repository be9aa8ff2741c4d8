// What `kitchen init` writes: a starter kitchen.config.json for the server in the current folder,
// read from its server.json (the MCP registry's format: "packages" to run, "remotes" to reach) or
// its package.json (a server on @kitchen/server-kit is started by the kitchen and reached over
// HTTP; any other runs over stdio from its "bin", "main" or "start" script). Pure: the caller
// reads the files and writes the result. App side.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${NAME}" is the config's own variable syntax.

import { withDefined } from '@kitchen/host';
import { SERVER_NAME } from '@kitchen/runtime/config/kitchen-config';

export interface StarterConfig {
  /** The file's content: {"mcpServers": {...}}. */
  config: { mcpServers: Record<string, Record<string, unknown>> };
  /** Where each entry came from, one line each, for the person to read. */
  notes: string[];
}

/** The fallback when the folder says nothing: the reference server over stdio, as other hosts' docs start. */
const EXAMPLE_ENTRY = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] };

type Json = Record<string, unknown>;

/**
 * From the folder's server.json and package.json (parsed; undefined when absent). server.json wins:
 * it is what the server's author says about how to run it.
 */
export function starterConfig(files: { serverJson?: unknown; packageJson?: unknown }): StarterConfig {
  const fromServerJson = isObject(files.serverJson) ? serverJsonEntries(files.serverJson) : undefined;
  if (fromServerJson !== undefined && Object.keys(fromServerJson.entries).length > 0) {
    return { config: { mcpServers: fromServerJson.entries }, notes: fromServerJson.notes };
  }
  const fromPackage = isObject(files.packageJson) ? packageJsonEntry(files.packageJson) : undefined;
  if (fromPackage !== undefined) {
    return { config: { mcpServers: { [fromPackage.name]: fromPackage.entry } }, notes: [fromPackage.note] };
  }
  return {
    config: { mcpServers: { everything: EXAMPLE_ENTRY } },
    notes: [
      ...(fromServerJson?.notes ?? []),
      'no server.json or package.json that names a server: "everything" (the reference server) is a placeholder; replace it with yours',
    ],
  };
}

/** A config name from a registry name ("io.github.me/weather" → "weather") or a package name ("@me/weather-mcp" → "weather-mcp"). */
export function serverNameFrom(text: string): string {
  const last = text.split('/').pop() ?? '';
  const cleaned = last
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32);
  return SERVER_NAME.test(cleaned) ? cleaned : 'server';
}

function serverJsonEntries(serverJson: Json): { entries: Record<string, Json>; notes: string[] } {
  const base = serverNameFrom(typeof serverJson['name'] === 'string' ? serverJson['name'] : 'server');
  const entries: Record<string, Json> = {};
  const notes: string[] = [];
  const add = (entry: Json, note: string) => {
    const name = Object.keys(entries).length === 0 ? base : `${base}-${Object.keys(entries).length + 1}`;
    entries[name] = entry;
    notes.push(`"${name}": ${note}`);
  };
  for (const item of arrayOf(serverJson['packages'])) {
    const entry = packageEntry(item);
    if (typeof entry === 'string') notes.push(`server.json: a package skipped: ${entry}`);
    else add(entry, `server.json package ${String(item['identifier'])} (${String(item['registryType'])})`);
  }
  for (const item of arrayOf(serverJson['remotes'])) {
    const url = item['url'];
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
      notes.push('server.json: a remote skipped: it has no http(s) "url"');
      continue;
    }
    const headers = headersOf(item['headers']);
    add(
      {
        ...(item['type'] === 'sse' ? { type: 'sse' } : {}),
        url,
        ...withDefined({ headers }),
      },
      `server.json remote ${url}${item['type'] === 'sse' ? ' (the older HTTP+SSE transport)' : ''}`,
    );
  }
  return { entries, notes };
}

/** A server.json package as a "command" entry (or a "url" one when it serves HTTP itself). */
function packageEntry(item: Json): Json | string {
  const identifier = item['identifier'];
  const registryType = item['registryType'];
  if (typeof identifier !== 'string' || identifier === '') return 'it has no "identifier"';
  const transport = isObject(item['transport']) ? item['transport'] : {};
  if (transport['type'] !== undefined && transport['type'] !== 'stdio') {
    const url = transport['url'];
    return typeof url === 'string' && /^https?:\/\//.test(url)
      ? { ...(transport['type'] === 'sse' ? { type: 'sse' } : {}), url }
      : `${identifier} serves ${String(transport['type'])} with no fixed "url"; start it and add {"url": …} by hand`;
  }
  const version = typeof item['version'] === 'string' ? item['version'] : undefined;
  const hint = typeof item['runtimeHint'] === 'string' ? item['runtimeHint'] : undefined;
  const runtimeArguments = argumentsOf(item['runtimeArguments']);
  const packageArguments = argumentsOf(item['packageArguments']);
  const env = environmentOf(item['environmentVariables']);
  const withEnv = (entry: Json): Json => (Object.keys(env).length === 0 ? entry : { ...entry, env });
  switch (registryType) {
    case 'npm':
      return withEnv({
        command: hint ?? 'npx',
        args: [
          ...runtimeArguments,
          ...((hint ?? 'npx') === 'npx' ? ['-y'] : []),
          version === undefined ? identifier : `${identifier}@${version}`,
          ...packageArguments,
        ],
      });
    case 'pypi':
      return withEnv({
        command: hint ?? 'uvx',
        args: [
          ...runtimeArguments,
          version === undefined ? identifier : `${identifier}==${version}`,
          ...packageArguments,
        ],
      });
    case 'oci':
      return withEnv({
        command: hint ?? 'docker',
        args: [
          'run',
          '-i',
          '--rm',
          ...Object.keys(env).flatMap((name) => ['-e', name]),
          ...runtimeArguments,
          identifier,
          ...packageArguments,
        ],
      });
    default:
      return `registryType ${JSON.stringify(registryType)} is not one the kitchen can run (npm, pypi, oci)`;
  }
}

/** positional → its value; named → "--name" and its value. */
function argumentsOf(list: unknown): string[] {
  return arrayOf(list).flatMap((argument) => {
    const value = typeof argument['value'] === 'string' ? argument['value'] : undefined;
    if (argument['type'] === 'named' && typeof argument['name'] === 'string')
      return value === undefined ? [argument['name']] : [argument['name'], value];
    return value === undefined ? [] : [value];
  });
}

/** A value the file gives is written; one it does not is read from the environment when the kitchen starts. */
function environmentOf(list: unknown): Record<string, string> {
  const env: Record<string, string> = {};
  for (const variable of arrayOf(list)) {
    const name = variable['name'];
    if (typeof name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) continue;
    const value = variable['value'] ?? variable['default'];
    env[name] = typeof value === 'string' && variable['isSecret'] !== true ? value : `\${${name}}`;
  }
  return env;
}

function headersOf(list: unknown): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  for (const header of arrayOf(list)) {
    const name = header['name'];
    if (typeof name !== 'string') continue;
    const value = header['value'];
    headers[name] =
      typeof value === 'string' && header['isSecret'] !== true
        ? value
        : `\${${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}}`;
  }
  return Object.keys(headers).length === 0 ? undefined : headers;
}

function packageJsonEntry(packageJson: Json): { name: string; entry: Json; note: string } | undefined {
  const name = serverNameFrom(typeof packageJson['name'] === 'string' ? packageJson['name'] : 'server');
  const bin = packageJson['bin'];
  const binFile =
    typeof bin === 'string'
      ? bin
      : isObject(bin)
        ? Object.values(bin).find((file) => typeof file === 'string')
        : undefined;
  const main = typeof packageJson['main'] === 'string' ? packageJson['main'] : undefined;
  const file = (binFile as string | undefined) ?? main;
  const dependencies = { ...objectOf(packageJson['dependencies']), ...objectOf(packageJson['devDependencies']) };
  if (file !== undefined && '@kitchen/server-kit' in dependencies) {
    // A server on the kit serves HTTP and prints its listening line: the kitchen starts it with --port.
    return {
      name,
      entry: { kitchen: { package: '.', entry: file } },
      note: `"${name}": package.json ${binFile === undefined ? '"main"' : '"bin"'} ${file}, a server on @kitchen/server-kit, started by the kitchen and reached over HTTP`,
    };
  }
  if (file !== undefined) {
    return {
      name,
      entry: { command: 'node', args: [file] },
      note: `"${name}": package.json ${binFile === undefined ? '"main"' : '"bin"'} ${file}, run over stdio`,
    };
  }
  if (typeof objectOf(packageJson['scripts'])['start'] === 'string') {
    return {
      name,
      entry: { command: 'npm', args: ['start', '--silent'] },
      note: `"${name}": package.json's "start" script, run over stdio (--silent: npm prints nothing on stdout but the server)`,
    };
  }
  return undefined;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectOf(value: unknown): Json {
  return isObject(value) ? value : {};
}

function arrayOf(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}
