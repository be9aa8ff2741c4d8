// How the host connects to one server, in whichever era it speaks. Host side, at the wire: the
// server's `protocol` setting and the 2026-07-28 probe, the 2025-11-25 handshake over HTTP or
// stdio, OAuth sign-in at a server that answers 401, and a new session after a lost one.

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { LoggingMessageNotification, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { KitchenError } from '../errors.js';
import type { LogLevel } from '../loop-event.js';
import { withDefined } from '../with-defined.js';
import { connectServer2026 } from './client-2026.js';
import { connectError2026 } from './client-2026-errors.js';
import { connectionError } from './connection-error.js';
import { transportFetch } from './fast-path/transport-fetch.js';
import { type AuthorizationOptions, OAuthSession } from './oauth/oauth-session.js';
import { withOAuth } from './oauth/with-oauth.js';
import { type ProtocolEra, REVISION_2025, REVISION_2026 } from './protocol-revisions.js';
import { describeServerLocation, isStdioConnection, type ServerConnection } from './server-connection.js';
import { featureRequests2025, ServerFeatures } from './server-features.js';
import { type ServerLink, sessionLink } from './server-link.js';
import { featureNames, offeredTools } from './server-listing.js';
import { listAllTools, type ServerClientOptions, type ServerRequestHandlers } from './server-requests.js';
import type { OpenedTransport } from './server-transport.js';
import type { WireFetch, WireRecorder } from './wire-recorder.js';

/** A server reached over a transport the caller made (in-memory pairs in tests). */
export interface TransportConnection {
  name: string;
  /** Where the server is, for messages; "in-memory" for an in-process pair. */
  url: string;
  transport: Transport;
}

/** A server the toolbox could not connect to: the rest of the toolbox works without it. */
export interface UnavailableServer {
  server: string;
  /** Its URL, or "stdio: command args". */
  where: string;
  /** Typed (ServerUnreachableError, ServerRefusedError); its message names the server and the fix. */
  error: KitchenError;
}

/** A server that answered the handshake and listed its tools. */
export interface ConnectedServer {
  name: string;
  url: string;
  link: ServerLink;
  tools: Tool[];
  /** The URIs and prompt names it listed, for clashes between servers; empty without the capability. */
  resourceUris: string[];
  promptNames: string[];
  /** Opens a new 2025-11-25 session on a new transport (HTTP servers only), after the old one was lost. */
  reopen?: () => Promise<ServerLink | undefined>;
}

/** The toolbox options that shape a connection (see ToolboxOptions), read when they are needed. */
export interface ConnectionSettings {
  handlers?: ServerRequestHandlers;
  connectTimeoutMs?: number;
  startTimeoutMs?: number;
  clientName?: string;
  logLevel?: LogLevel;
  authorization?: AuthorizationOptions;
  wire?: WireRecorder;
}

/** A line for a server's log: what it sent (notifications/message) or wrote to stderr. */
export interface ServerLogLine {
  level: LogLevel | 'stderr';
  logger?: string;
  text: string;
}

/** A notifications/message as a line for the server's log. */
export function logLine(params: LoggingMessageNotification['params']): ServerLogLine & { level: LogLevel } {
  const text = typeof params.data === 'string' ? params.data : JSON.stringify(params.data);
  return { level: params.level, ...withDefined({ logger: params.logger }), text };
}

/** What a server tells the host outside any call, routed the same way in both eras. */
export type ServerEvents = Pick<
  ServerClientOptions,
  'calls' | 'roots' | 'onToolsChanged' | 'onFeaturesChanged' | 'onLog' | 'onResourceUpdated'
>;

export interface ConnectorHooks {
  events: (server: string) => ServerEvents;
  log: (server: string, line: ServerLogLine) => void;
  /** Called the moment a server is connected, before its log level is set. */
  connected: (server: ConnectedServer, era: ProtocolEra) => void;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
/** How long a spawned (stdio) server gets to start and answer, unless startTimeoutMs says otherwise. */
export const DEFAULT_STDIO_START_TIMEOUT_MS = 60_000;
export const CLIENT_VERSION = '0.1.0';

export class ServerConnector {
  readonly #settings: ConnectionSettings;
  readonly #hooks: ConnectorHooks;
  readonly #oauthSessions: OAuthSession[] = [];

  constructor(settings: ConnectionSettings, hooks: ConnectorHooks) {
    this.#settings = settings;
    this.#hooks = hooks;
  }

  /**
   * Connects to a configured server (Streamable HTTP for a URL, stdio for a command) in the era
   * its `protocol` setting allows. A server that is down or fails its handshake is returned, not
   * thrown, so the others go on.
   */
  async connect(server: ServerConnection): Promise<UnavailableServer | undefined> {
    const oauth = this.#oauthSessionFor(server);
    // The recorder sits next to the network, so it records the bytes that crossed the wire.
    const network = this.#settings.wire?.fetchFor(server.name, fetch) ?? fetch;
    const open = async (): Promise<OpenedTransport> =>
      (await loadTransports2025()).openTransport(
        server,
        (line) => this.#hooks.log(server.name, { level: 'stderr', text: line }),
        oauth,
        network,
      );
    const where = describeServerLocation(server);
    // A spawned server may first be installed by its package runner, or compiled: give it longer to answer.
    const minimumTimeoutMs = isStdioConnection(server)
      ? (this.#settings.startTimeoutMs ?? DEFAULT_STDIO_START_TIMEOUT_MS)
      : undefined;
    const generation = oauth?.generation ?? 0;
    const offered2026 = await this.#connect2026(server, minimumTimeoutMs, oauth, network);
    if (offered2026 !== 'not offered') return offered2026;
    const reopen = isStdioConnection(server)
      ? undefined
      : async () => this.#openSession(server.name, (await open()).transport);
    const attempt = async () => {
      const opened = await open();
      return this.connectTransport(
        { name: server.name, url: where, transport: opened.transport },
        opened.stderrTail,
        minimumTimeoutMs,
        reopen,
      );
    };
    const failure = await attempt();
    // The person may take longer to authorize than initialize may wait for its answer: once
    // they have, connect again with the token, on a fresh transport (one starts only once).
    if (failure !== undefined && oauth !== undefined && (await oauth.authorizedSince(generation))) {
      return attempt();
    }
    return failure;
  }

  /** Connects in 2025-11-25 over a transport already made, and lists tools; a failure is returned, not thrown. */
  async connectTransport(
    { name, url, transport }: TransportConnection,
    stderrTail: () => string[],
    minimumTimeoutMs?: number,
    reopen?: () => Promise<ServerLink | undefined>,
  ): Promise<UnavailableServer | undefined> {
    const client = await this.#newClient(name);
    const timeoutMs = Math.max(this.#settings.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, minimumTimeoutMs ?? 0);
    let connected: ConnectedServer;
    try {
      await client.connect(transport, { timeout: timeoutMs });
      const tools = offeredTools(await listAllTools(client, timeoutMs), { tasks: true });
      const features = await featureNames(new ServerFeatures(name, featureRequests2025(client), timeoutMs));
      const link = sessionLink(client, transport);
      connected = { name, url, link, tools, ...features, ...withDefined({ reopen }) };
    } catch (error) {
      await client.close().catch(() => undefined);
      return { server: name, where: url, error: connectionError(name, url, error, stderrTail()) };
    }
    this.#hooks.connected(connected, REVISION_2025);
    const level = this.#settings.logLevel;
    if (level !== undefined && client.getServerCapabilities()?.logging) {
      // A server that refuses the level keeps its own: worth a line in its log, not a failure.
      await client.setLoggingLevel(level, { timeout: timeoutMs }).catch((error: unknown) => {
        this.#hooks.log(name, { level: 'warning', text: `logging/setLevel ${level} was refused: ${String(error)}` });
      });
    }
    return undefined;
  }

  /** Ends the OAuth sessions it opened (their redirect listeners), for the toolbox's close. */
  closeOAuthSessions(): Promise<void>[] {
    return this.#oauthSessions.map((session) => session.close());
  }

  /**
   * Tries revision 2026-07-28 first, as the server's `protocol` setting says: "auto" (the default)
   * tries it over HTTP, "2026-07-28" requires it (over HTTP or stdio), "2025-11-25" never asks.
   * 'not offered' leaves the server to the 2025 client (whose errors say why when it cannot be
   * reached). Under "auto" a stdio server is not probed: the SDK probes a stdio server on a second
   * copy of it, and a server whose probe fails would be started twice. A server that asks for
   * OAuth is signed in to during the probe by the same session the 2025 path uses (the token is
   * added by the transport's fetch), so a fallback to 2025-11-25 does not sign in again.
   */
  async #connect2026(
    server: ServerConnection,
    minimumTimeoutMs: number | undefined,
    oauth: OAuthSession | undefined,
    network: WireFetch,
  ): Promise<UnavailableServer | undefined | 'not offered'> {
    const protocol = server.protocol ?? 'auto';
    if (protocol === REVISION_2025) return 'not offered';
    const required = protocol === REVISION_2026;
    if (!required && (isStdioConnection(server) || server.transport === 'sse')) return 'not offered';
    const timeoutMs = Math.max(this.#settings.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, minimumTimeoutMs ?? 0);
    const where = describeServerLocation(server);
    const name = server.name;
    const generation = oauth?.generation ?? 0;
    const connect = () =>
      connectServer2026({
        server: name,
        target: isStdioConnection(server)
          ? {
              command: server.command,
              ...withDefined({ args: server.args, env: server.env, cwd: server.cwd }),
              onStderr: (line) => this.#hooks.log(name, { level: 'stderr', text: line }),
            }
          : {
              url: server.url,
              ...withDefined({ headers: server.headers }),
              fetch: oauth === undefined ? transportFetch(network) : withOAuth(oauth, transportFetch(network)),
            },
        clientName: this.#settings.clientName ?? 'mcp-kitchen',
        clientVersion: CLIENT_VERSION,
        handlers: this.#settings.handlers,
        timeoutMs,
        ...this.#hooks.events(name),
        // Absent, a 2026 server sends no log lines at all; a 2025 one sends them unasked.
        logLevel: this.#settings.logLevel ?? 'info',
      });
    let server2026 = await connect();
    // The person may take longer to sign in than the probe waits for its answer: ask again once they have.
    if ('refused' in server2026 && oauth !== undefined && (await oauth.authorizedSince(generation)))
      server2026 = await connect();
    if ('refused' in server2026) {
      if (!required) return 'not offered';
      return { server: name, where, error: connectError2026(name, where, server2026.error) };
    }
    let connected: ConnectedServer;
    try {
      const tools = offeredTools(await server2026.listTools(timeoutMs));
      const features = await featureNames(new ServerFeatures(name, server2026.features, timeoutMs));
      connected = { name, url: where, link: { era: REVISION_2026, server2026 }, tools, ...features };
    } catch (error) {
      await server2026.close().catch(() => undefined);
      return { server: name, where, error: connectError2026(name, where, error) };
    }
    this.#hooks.connected(connected, REVISION_2026);
    return undefined;
  }

  async #newClient(name: string): Promise<Client> {
    const { createServerClient } = await loadClient2025();
    return createServerClient({
      server: name,
      clientName: this.#settings.clientName ?? 'mcp-kitchen',
      clientVersion: CLIENT_VERSION,
      handlers: this.#settings.handlers,
      ...this.#hooks.events(name),
    });
  }

  /** A new 2025-11-25 session for a server already connected: its tools are known, only the session is new. */
  async #openSession(name: string, transport: Transport): Promise<ServerLink | undefined> {
    const client = await this.#newClient(name);
    const timeoutMs = this.#settings.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    try {
      await client.connect(transport, { timeout: timeoutMs });
    } catch {
      await client.close().catch(() => undefined);
      return undefined;
    }
    // The level is part of the session: the new one starts at the server's default.
    const level = this.#settings.logLevel;
    if (level !== undefined && client.getServerCapabilities()?.logging) {
      await client.setLoggingLevel(level, { timeout: timeoutMs }).catch(() => undefined);
    }
    return sessionLink(client, transport);
  }

  /**
   * An HTTP server without a configured Authorization header gets an OAuth session when a person
   * can be shown the sign-in page, or when it is set up for the client-credentials grant.
   */
  #oauthSessionFor(server: ServerConnection): OAuthSession | undefined {
    if (isStdioConnection(server)) return undefined;
    const configured = Object.keys(server.headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
    const unattended = server.oauth?.grant === 'client_credentials';
    const authorization = this.#settings.authorization ?? (unattended ? { onAuthorizationUrl: () => {} } : undefined);
    if (authorization === undefined || configured) return undefined;
    const session = new OAuthSession(server.name, server.url, server.oauth ?? {}, {
      clientName: this.#settings.clientName ?? 'mcp-kitchen',
      ...authorization,
    });
    this.#oauthSessions.push(session);
    return session;
  }
}

/**
 * The 2025-11-25 client and its transports (the v1 SDK, with Ajv for output schemas): loaded the
 * first time a server falls back to or is pinned to that revision, so a run whose servers all
 * speak 2026-07-28 never parses or holds them.
 */
function loadClient2025(): Promise<typeof import('./server-client.js')> {
  return import('./server-client.js');
}

function loadTransports2025(): Promise<typeof import('./server-transport.js')> {
  return import('./server-transport.js');
}
