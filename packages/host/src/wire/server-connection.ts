// The list of servers the host connects to, checked once at the edge. Host side: a bad entry is
// refused before any connection is tried, with a message that names the field and the fix.

import { z } from 'zod';
import { ConfigurationError } from '../errors.js';
import type { OAuthSettings } from './oauth/session-oauth-provider.js';
import { type ProtocolEra, REVISION_2025, REVISION_2026 } from './protocol-revisions.js';
import type { Root } from './server-requests.js';
import { LOCAL_SERVER } from './tool-index.js';

/**
 * Which MCP revision to speak with a server: "auto" asks for 2026-07-28 and falls back to
 * 2025-11-25 (over HTTP; a stdio server is not asked, see the toolbox), "2025-11-25" never asks
 * (one request fewer per connect), "2026-07-28" requires it and fails clearly without it.
 */
export type ProtocolSetting = 'auto' | ProtocolEra;
export const PROTOCOL_SETTINGS = ['auto', REVISION_2025, REVISION_2026] as const satisfies readonly ProtocolSetting[];

/** A server reached over Streamable HTTP. */
export interface HttpServerConnection {
  name: string;
  url: string;
  /** Default "auto". */
  protocol?: ProtocolSetting;
  /** Sent with every request (an Authorization header, an API key). */
  headers?: Record<string, string>;
  /**
   * For a server that answers 401 and names its authorization server: how the host authorizes
   * (OAuth 2.1). Used only when the toolbox is given `authorization` and `headers` carry no
   * Authorization of their own.
   */
  oauth?: OAuthSettings;
  /**
   * "sse": the older HTTP+SSE transport (revision 2024-11-05: a GET event stream, messages POSTed
   * to the endpoint it names), for a server that speaks only that; spoken in 2025-11-25 only.
   */
  transport?: 'sse';
  /** The roots this server is told about (roots/list), instead of the toolbox's. */
  roots?: Root[];
}

/** A server the host starts itself and speaks to over stdin/stdout. */
export interface StdioServerConnection {
  name: string;
  command: string;
  /** Default "auto", which over stdio means 2025-11-25: only "2026-07-28" makes the host ask. */
  protocol?: ProtocolSetting;
  args?: string[];
  /**
   * Added to the SDK's minimal default environment (PATH, HOME, USER, SHELL, TERM, LOGNAME): the
   * child never inherits the host's own environment, so the host's API keys never reach it.
   */
  env?: Record<string, string>;
  cwd?: string;
  /** The roots this server is told about (roots/list), instead of the toolbox's. */
  roots?: Root[];
}

export type ServerConnection = HttpServerConnection | StdioServerConnection;

export function isStdioConnection(server: ServerConnection): server is StdioServerConnection {
  return 'command' in server;
}

/** Where a server is, for people: its URL, or "stdio: command args". */
export function describeServerLocation(server: ServerConnection): string {
  return isStdioConnection(server) ? `stdio: ${[server.command, ...(server.args ?? [])].join(' ')}` : server.url;
}

/** A server's OAuth settings, as the kitchen's config and the host's connections both take them. */
export const oauthSettingsSchema = z
  .strictObject({
    clientId: z.string().min(1).optional(),
    clientSecret: z.string().min(1).optional(),
    scope: z.string().min(1).optional(),
    callbackPort: z.number().int().min(1).max(65535).optional(),
    clientMetadataUrl: z.url({ protocol: /^https$/ }).optional(),
    grant: z.enum(['authorization_code', 'client_credentials']).optional(),
    privateKey: z.string().min(1).optional(),
    algorithm: z.string().min(1).optional(),
  })
  .refine(
    (oauth) =>
      oauth.grant !== 'client_credentials' ||
      (oauth.clientId !== undefined && (oauth.clientSecret === undefined) !== (oauth.privateKey === undefined)),
    'grant "client_credentials" needs clientId and either clientSecret or privateKey',
  );

const protocolSchema = z.enum(PROTOCOL_SETTINGS, {
  error: `use "auto" (try 2026-07-28, fall back to 2025-11-25), "2025-11-25" or "2026-07-28"`,
});

// Names prefix clashing tool names (server__tool), so they must stay usable in a tool name.
const SERVER_NAME = /^[A-Za-z0-9_-]{1,32}$/;

const httpConnectionSchema = z.strictObject({
  name: z.string().regex(SERVER_NAME, 'use 1-32 letters, digits, "-" or "_"'),
  url: z.string().refine(isHttpUrl, 'use an http:// or https:// URL such as http://127.0.0.1:3001/mcp'),
  headers: z.record(z.string(), z.string()).optional(),
  oauth: oauthSettingsSchema.optional(),
  protocol: protocolSchema.optional(),
  transport: z.literal('sse', 'use "sse" for the older HTTP+SSE transport, or leave it out').optional(),
  roots: z.array(z.strictObject({ uri: z.string().min(1), name: z.string().optional() })).optional(),
});

const stdioConnectionSchema = z.strictObject({
  name: z.string().regex(SERVER_NAME, 'use 1-32 letters, digits, "-" or "_"'),
  command: z.string().min(1, 'name the program to run, e.g. "npx"'),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().min(1).optional(),
  protocol: protocolSchema.optional(),
  roots: z.array(z.strictObject({ uri: z.string().min(1), name: z.string().optional() })).optional(),
});

/** Checks a server list (from code or a config file); throws ConfigurationError naming every problem. */
export function parseServerConnections(input: unknown): ServerConnection[] {
  const parsed = z.array(z.unknown()).safeParse(input);
  if (!parsed.success) throw new ConfigurationError('The server list is not usable: servers: give a list of servers');
  const problems: string[] = [];
  const servers: ServerConnection[] = [];
  parsed.data.forEach((entry, index) => {
    // Pick the schema by the field that says which transport, so the message is about that one.
    const schema =
      entry !== null && typeof entry === 'object' && 'command' in entry ? stdioConnectionSchema : httpConnectionSchema;
    const result = schema.safeParse(entry);
    if (result.success) servers.push(result.data);
    else
      problems.push(
        ...result.error.issues.map((issue) => `servers[${index}]${formatPath(issue.path)}: ${issue.message}`),
      );
  });
  if (problems.length > 0) throw new ConfigurationError(`The server list is not usable:\n${problems.join('\n')}`);
  checkServerNames(servers.map((server) => server.name));
  return servers;
}

/** Names must be usable, unique, and not the one reserved for the host's own tools. */
export function checkServerNames(names: string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (!SERVER_NAME.test(name)) {
      throw new ConfigurationError(
        `Server name "${name}" is not usable: use 1-32 letters, digits, "-" or "_" (it prefixes clashing tool names).`,
      );
    }
    if (name === LOCAL_SERVER)
      throw new ConfigurationError(
        `Server name "${LOCAL_SERVER}" is reserved for the host's own tools: rename the server.`,
      );
    if (seen.has(name)) throw new ConfigurationError(`Two servers are named "${name}": give each server its own name.`);
    seen.add(name);
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function formatPath(path: PropertyKey[]): string {
  return path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
}
