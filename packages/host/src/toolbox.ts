// The toolbox: every tool the model may see, and dispatch by name. Host side. Local tools are
// function calls inside the host; every other name becomes tools/call on its server's MCP client.

import { setMaxListeners } from 'node:events';
import { basename } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { LoggingMessageNotification, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { KitchenError } from './errors.js';
import { type LocalTool, LocalTools } from './local-tools.js';
import { ServerCalls } from './loop/tool-call-context.js';
import type { LogLevel, LoopEventDraft } from './loop-event.js';
import type { ToolSpec } from './model.js';
import { READ_RESOURCE_TOOL } from './resource-tools.js';
import { MAIN_AGENT, type ToolCallContext, type ToolDescriptor, type ToolOutcome } from './tool-types.js';
import { type LostConnection, SessionLostError } from './wire/call-recovery.js';
import { connectionError } from './wire/connection-error.js';
import { type FeatureClash, findFeatureClashes } from './wire/feature-clashes.js';
import { modernConnectError } from './wire/modern-errors.js';
import { connectModernServer, type ModernServer, type ProtocolEra } from './wire/modern-server-client.js';
import { type AuthorizationOptions, OAuthSession } from './wire/oauth/oauth-session.js';
import { withOAuth } from './wire/oauth/with-oauth.js';
import { type CallTarget, callRemoteTool, describeStop } from './wire/remote-tool-call.js';
import { createServerClient, listAllTools, type Root, type ServerRequestHandlers } from './wire/server-client.js';
import {
  checkServerNames,
  describeServerLocation,
  isStdioConnection,
  parseServerConnections,
  type ServerConnection,
} from './wire/server-connection.js';
import { type FeatureRequests, legacyFeatureRequests, ServerFeatures } from './wire/server-features.js';
import { openTransport } from './wire/server-transport.js';
import { indexTools, LOCAL_SERVER, type ToolClash } from './wire/tool-index.js';
import { transportFetch } from './wire/transport-fetch.js';
import type { WireFetch, WireRecorder } from './wire/wire-recorder.js';

export type { FeatureClash } from './wire/feature-clashes.js';
export type { ProtocolEra } from './wire/modern-server-client.js';
export type { AuthorizationOptions, AuthorizationRequest } from './wire/oauth/oauth-session.js';
export type { OAuthSettings } from './wire/oauth/session-oauth-provider.js';
export type { Root, ServerRequestHandlers } from './wire/server-client.js';
export type {
  HttpServerConnection,
  ServerConnection,
  StdioServerConnection,
} from './wire/server-connection.js';

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

export interface ToolboxOptions {
  handlers?: ServerRequestHandlers;
  /** No answer and no progress for this long ends a remote call. Default DEFAULT_CALL_TIMEOUT_MS. */
  callTimeoutMs?: number;
  /** How long a server may take to answer initialize and tools/list. Default 10 s. */
  connectTimeoutMs?: number;
  clientName?: string;
  /** Called after a server's tool list was refetched on notifications/tools/list_changed. */
  onToolsChanged?: (server: string) => void;
  /**
   * Events that belong to no tool call, in the main lane: a server's log messages
   * (notifications/message) and the lines a stdio server writes to stderr ("server-log").
   */
  emit?: (event: LoopEventDraft) => void;
  /** Sent as logging/setLevel to every server that declares the logging capability. */
  logLevel?: LogLevel;
  /** The roots servers are told about (roots/list). Default: the working directory. */
  roots?: Root[];
  /**
   * Lets the host authorize with OAuth 2.1 at an HTTP server that answers 401 (one with no
   * Authorization header configured): shows a person the page to open. Without it, a 401 is a
   * refusal. Tokens are kept in memory for the toolbox's life.
   */
  authorization?: AuthorizationOptions;
  /**
   * Called once per server that connected, with the revision it speaks: "2026-07-28" when it
   * offered that revision (tried first over HTTP), "2025-11-25" otherwise.
   */
  onConnected?: (server: string, era: ProtocolEra) => void;
  /**
   * Records every HTTP exchange with the servers (headers that carry MCP meaning, JSON-RPC bodies,
   * SSE events), for people learning what crosses the wire. Absent: nothing is wrapped.
   */
  wire?: WireRecorder;
}

export const DEFAULT_CALL_TIMEOUT_MS = 60_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const STDIO_CONNECT_TIMEOUT_MS = 60_000;
const CLIENT_VERSION = '0.1.0';

/** A 2025-era server on the v1 client, or a 2026-era one on the v2 client: the same features either way. */
type ServerLink =
  | { era: '2025-11-25'; client: Client; transport: Transport; sessionLost: AbortController }
  | { era: '2026-07-28'; modern: ModernServer };

interface RemoteServer {
  name: string;
  url: string;
  link: ServerLink;
  tools: Tool[];
  /** The URIs and prompt names it listed, for clashes between servers; empty without the capability. */
  resourceUris: string[];
  promptNames: string[];
  /** Aborted when whoever runs the server says it stopped: calls in flight end at once, later ones are not sent. */
  stopped: AbortController;
  /** Opens a new 2025-11-25 session on a new transport (HTTP servers only), after the old one was lost. */
  reopen?: () => Promise<ServerLink | undefined>;
  /** The session being opened to replace a lost one, shared by every call that lost it. */
  reopening?: { from: ServerLink; link: Promise<ServerLink | undefined> };
}

export class Toolbox {
  readonly #servers = new Map<string, RemoteServer>();
  readonly #unavailable: UnavailableServer[] = [];
  #roots: Root[] = [];
  readonly #localTools = new LocalTools();
  #descriptors = new Map<string, ToolDescriptor>();
  #clashes: ToolClash[] = [];
  #featureClashes: FeatureClash[] = [];
  /** Server names in the order the caller gave them: the tool list follows it, not connection speed. */
  #order: string[] = [];
  /** specs() by excluded names, dropped whenever the index is rebuilt. */
  readonly #specs = new Map<string, ToolSpec[]>();
  readonly #options: ToolboxOptions;
  /** Per server, its tool calls in flight, for routing the requests it sends back to their lanes. */
  readonly #calls = new Map<string, ServerCalls>();
  readonly #oauthSessions: OAuthSession[] = [];

  private constructor(options: ToolboxOptions) {
    this.#options = options;
    this.#roots = options.roots ?? [{ uri: pathToFileURL(process.cwd()).href, name: basename(process.cwd()) }];
  }

  /**
   * Connects to every server (Streamable HTTP for a URL, stdio for a command) at once. A bad list
   * rejects with ConfigurationError; a server that is down or fails its handshake does not: it is
   * listed in `unavailable` and the toolbox works with the others.
   */
  static async connect(servers: ServerConnection[], options: ToolboxOptions = {}): Promise<Toolbox> {
    const connections = parseServerConnections(servers);
    const toolbox = new Toolbox(options);
    toolbox.#order = connections.map((server) => server.name);
    await Promise.all(
      connections.map(async (server) => {
        const oauth = toolbox.#oauthSessionFor(server);
        const fetch = toolbox.#options.wire?.fetchFor(server.name, transportFetch) ?? transportFetch;
        const open = () =>
          openTransport(server, (line) => toolbox.#log(server.name, { level: 'stderr', text: line }), oauth, fetch);
        const where = describeServerLocation(server);
        // A spawned server may first be installed by its package runner, or compiled: give it longer to answer.
        const minimumTimeoutMs = isStdioConnection(server) ? STDIO_CONNECT_TIMEOUT_MS : undefined;
        const generation = oauth?.generation ?? 0;
        const modern = await toolbox.#connectModern(server, minimumTimeoutMs, oauth, fetch);
        if (modern !== 'not offered') {
          if (modern !== undefined) toolbox.#unavailable.push(modern);
          return;
        }
        const attempt = () => {
          const opened = open();
          return toolbox.#connectServer(
            { name: server.name, url: where, transport: opened.transport },
            opened.stderrTail,
            minimumTimeoutMs,
          );
        };
        let failure = await attempt();
        // The person may take longer to authorize than initialize may wait for its answer: once
        // they have, connect again with the token, on a fresh transport (one starts only once).
        if (failure !== undefined && oauth !== undefined && (await oauth.authorizedSince(generation))) {
          failure = await attempt();
        }
        if (failure !== undefined) toolbox.#unavailable.push(failure);
        const connected = toolbox.#servers.get(server.name);
        if (connected !== undefined && !isStdioConnection(server)) {
          connected.reopen = () => toolbox.#openSession(server.name, open().transport);
        }
      }),
    );
    toolbox.#reindex();
    return toolbox;
  }

  /** Same as connect, over transports the caller made (see connectInMemory in ./testing). */
  static async fromTransports(servers: TransportConnection[], options: ToolboxOptions = {}): Promise<Toolbox> {
    checkServerNames(servers.map((server) => server.name));
    const toolbox = new Toolbox(options);
    toolbox.#order = servers.map((server) => server.name);
    await Promise.all(
      servers.map(async (server) => {
        const failure = await toolbox.#connectServer(server, () => []);
        if (failure !== undefined) toolbox.#unavailable.push(failure);
      }),
    );
    toolbox.#reindex();
    return toolbox;
  }

  /** The servers that could not be reached or refused the handshake, each with a typed error. */
  get unavailable(): readonly UnavailableServer[] {
    return this.#unavailable;
  }

  addLocalTool(tool: LocalTool): void {
    this.#localTools.add(tool);
    this.#reindex();
  }

  /** Shown by the app: local tools run with the host's privileges, so their number stays visible. */
  get localToolCount(): number {
    return this.#localTools.size;
  }

  /** Names two owners wanted, and what the index did about each: shown to the person. */
  get clashes(): readonly ToolClash[] {
    return this.#clashes;
  }

  /** Resource URIs and prompt names more than one server offers: each stays with its server; shown to the person. */
  get featureClashes(): readonly FeatureClash[] {
    return this.#featureClashes;
  }

  /** A connected server's resources, prompts and completions, in either era; undefined for an unknown or unavailable one. */
  server(name: string): ServerFeatures | undefined {
    const server = this.#servers.get(name);
    if (server === undefined) return undefined;
    return new ServerFeatures(
      name,
      featureRequests(server.link),
      this.#options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    );
  }

  /** The revision a connected server speaks; undefined for an unknown or unavailable one. */
  era(name: string): ProtocolEra | undefined {
    return this.#servers.get(name)?.link.era;
  }

  /**
   * Told by whoever runs a server's process that it stopped (killed, crashed): its calls in flight
   * end now with that reason instead of waiting out their timeout, and its tools answer the same
   * sentence from then on. The SDK alone cannot tell: a dropped stream is retried, not failed.
   */
  serverStopped(name: string, reason: string): void {
    const server = this.#servers.get(name);
    if (server === undefined || server.stopped.signal.aborted) return;
    server.stopped.abort(new Error(reason));
  }

  get roots(): readonly Root[] {
    return this.#roots;
  }

  /** Replaces the roots and tells every server (notifications/roots/list_changed). */
  async setRoots(roots: Root[]): Promise<void> {
    this.#roots = [...roots];
    // 2026-07-28 has no session to notify: a server asks for roots inside a call when it needs them.
    await Promise.allSettled(
      [...this.#servers.values()].map((server) =>
        server.link.era === '2025-11-25' ? server.link.client.sendRootsListChanged() : undefined,
      ),
    );
  }

  get serverNames(): string[] {
    return this.#order.filter((name) => this.#servers.has(name));
  }

  list(options: { exclude?: string[] } = {}): ToolDescriptor[] {
    const excluded = new Set(options.exclude ?? []);
    return [...this.#descriptors.values()].filter((tool) => !excluded.has(tool.name));
  }

  /**
   * What the model sees. The same frozen array every turn until the tool list changes, so a loop
   * does not rebuild it per call and the tree budget can tell an unchanged tool list by identity.
   */
  specs(options: { exclude?: string[] } = {}): ToolSpec[] {
    const key = (options.exclude ?? []).join('\n');
    let specs = this.#specs.get(key);
    if (specs === undefined) {
      specs = Object.freeze(
        this.list(options).map((tool) => ({
          name: tool.name,
          description: tool.description,
          input_schema: tool.inputSchema,
        })),
      ) as ToolSpec[];
      this.#specs.set(key, specs);
    }
    return specs;
  }

  find(name: string): ToolDescriptor | undefined {
    return this.#descriptors.get(name);
  }

  /** Never throws: every failure is an outcome with isError set and a sentence saying what happened. */
  async call(name: string, input: Record<string, unknown>, context: ToolCallContext): Promise<ToolOutcome> {
    const tool = this.#descriptors.get(name);
    if (!tool) {
      const available =
        this.list()
          .map((known) => known.name)
          .join(', ') || '(none)';
      return { isError: true, content: `There is no tool named "${name}". Available tools: ${available}.` };
    }
    if (context.signal.aborted) return { isError: true, content: `Tool "${name}" was not run: the run was aborted.` };
    // A local tool's own remote calls go through call() again and get their own context.
    if (tool.server === LOCAL_SERVER) return this.#localTools.call(tool.originalName, input, context);
    const server = this.#servers.get(tool.server);
    if (!server) return { isError: true, content: `Tool "${name}" was not run: the toolbox is closed.` };
    if (server.stopped.signal.aborted) {
      return {
        isError: true,
        content: `Tool "${name}" on server "${tool.server}" ${describeStop(server.stopped.signal)}`,
      };
    }
    const timeoutMs = this.#options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    const link = server.link;
    // A resource link in the result is worth following only if the model can read resources.
    const reader = this.#descriptors.get(READ_RESOURCE_TOOL);
    const readResourceTool = reader?.server === LOCAL_SERVER ? READ_RESOURCE_TOOL : undefined;
    const call = () =>
      callRemoteTool({
        ...callTarget(server.link),
        recovery: { reconnect: (lost) => this.#reconnect(server, link, lost) },
        tool,
        input,
        context,
        timeoutMs,
        serverStopped: server.stopped.signal,
        ...(readResourceTool === undefined ? {} : { readResourceTool }),
      });
    // The context is only read by the handlers of requests a server sends back during the call.
    return this.#options.handlers === undefined ? call() : this.#callsTo(tool.server).run(context, call);
  }

  async close(): Promise<void> {
    const servers = [...this.#servers.values()];
    this.#servers.clear();
    await Promise.allSettled([
      ...servers.map((server) => closeServer(server)),
      ...this.#oauthSessions.map((session) => session.close()),
    ]);
  }

  /**
   * Where to send a call again after `lost`. A 2026-07-28 server keeps no session: the same client
   * reaches whichever replica is alive. A 2025-11-25 session lives on one server (or replica): once
   * lost it is gone, so a new one is opened, once for every call that lost the same session.
   */
  async #reconnect(
    server: RemoteServer,
    from: ServerLink,
    lost: LostConnection,
  ): Promise<(CallTarget & { newSession: boolean }) | undefined> {
    if (server.stopped.signal.aborted || this.#servers.get(server.name) !== server) return undefined;
    if (server.link.era === '2026-07-28') return { ...callTarget(server.link), newSession: false };
    const reopen = server.reopen;
    if (server.link === from) {
      if (reopen === undefined) return undefined;
      if (server.reopening?.from !== from) server.reopening = { from, link: reopen().catch(() => undefined) };
      const link = await server.reopening.link;
      if (link === undefined) return undefined;
      if (server.link === from) {
        server.link = link;
        this.#log(server.name, { level: 'warning', text: `session lost (${lost.detail}); opened a new one` });
        if (from.era === '2025-11-25') void closeLink(from);
      }
    }
    return { ...callTarget(server.link), newSession: true };
  }

  /** A new 2025-11-25 session for a server already connected: its tools are known, only the session is new. */
  async #openSession(name: string, transport: Transport): Promise<ServerLink | undefined> {
    const client = this.#newClient(name);
    const timeoutMs = this.#options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    try {
      await client.connect(transport, { timeout: timeoutMs });
    } catch {
      await client.close().catch(() => undefined);
      return undefined;
    }
    // The level is part of the session: the new one starts at the server's default.
    const level = this.#options.logLevel;
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
    const authorization = this.#options.authorization ?? (unattended ? { onAuthorizationUrl: () => {} } : undefined);
    if (authorization === undefined || configured) return undefined;
    const session = new OAuthSession(server.name, server.url, server.oauth ?? {}, {
      clientName: this.#options.clientName ?? 'mcp-kitchen',
      ...authorization,
    });
    this.#oauthSessions.push(session);
    return session;
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
  async #connectModern(
    server: ServerConnection,
    minimumTimeoutMs: number | undefined,
    oauth: OAuthSession | undefined,
    fetch: WireFetch,
  ): Promise<UnavailableServer | undefined | 'not offered'> {
    const protocol = server.protocol ?? 'auto';
    if (protocol === '2025-11-25') return 'not offered';
    const required = protocol === '2026-07-28';
    if (!required && isStdioConnection(server)) return 'not offered';
    const timeoutMs = Math.max(this.#options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, minimumTimeoutMs ?? 0);
    const where = describeServerLocation(server);
    const name = server.name;
    const generation = oauth?.generation ?? 0;
    const connect = () =>
      connectModernServer({
        server: name,
        target: isStdioConnection(server)
          ? {
              command: server.command,
              ...(server.args === undefined ? {} : { args: server.args }),
              ...(server.env === undefined ? {} : { env: server.env }),
              ...(server.cwd === undefined ? {} : { cwd: server.cwd }),
              onStderr: (line) => this.#log(name, { level: 'stderr', text: line }),
            }
          : {
              url: server.url,
              ...(server.headers === undefined ? {} : { headers: server.headers }),
              fetch: oauth === undefined ? fetch : withOAuth(oauth, fetch),
            },
        clientName: this.#options.clientName ?? 'mcp-kitchen',
        clientVersion: CLIENT_VERSION,
        handlers: this.#options.handlers,
        timeoutMs,
        ...this.#serverEvents(name),
        // Absent, a 2026 server sends no log lines at all; a 2025 one sends them unasked.
        logLevel: this.#options.logLevel ?? 'info',
      });
    let modern = await connect();
    // The person may take longer to sign in than the probe waits for its answer: ask again once they have.
    if ('refused' in modern && oauth !== undefined && (await oauth.authorizedSince(generation)))
      modern = await connect();
    if ('refused' in modern) {
      if (!required) return 'not offered';
      return { server: name, where, error: modernConnectError(name, where, modern.error) };
    }
    try {
      const tools = offeredTools(await modern.listTools(timeoutMs));
      const features = await featureNames(new ServerFeatures(name, modern.features, timeoutMs));
      const link: ServerLink = { era: '2026-07-28', modern };
      this.#servers.set(name, { name, url: where, link, tools, ...features, stopped: stopController() });
    } catch (error) {
      await modern.close().catch(() => undefined);
      return { server: name, where, error: modernConnectError(name, where, error) };
    }
    this.#options.onConnected?.(name, '2026-07-28');
    return undefined;
  }

  /** What a server tells the host outside any call, routed the same way in both eras. */
  #serverEvents(name: string) {
    return {
      calls: this.#callsTo(name),
      roots: () => this.#roots,
      onToolsChanged: () => void this.#refresh(name),
      onFeaturesChanged: () => void this.#refreshFeatures(name),
      onLog: (params: LoggingMessageNotification['params']) => this.#log(name, logLine(params)),
      onResourceUpdated: (uri: string) =>
        this.#options.emit?.({ type: 'resource-updated', agent: MAIN_AGENT.id, server: name, uri }),
    };
  }

  /** Connects and lists tools; a server that fails is returned, not thrown, so the others go on. */
  async #connectServer(
    { name, url, transport }: TransportConnection,
    stderrTail: () => string[],
    minimumTimeoutMs?: number,
  ): Promise<UnavailableServer | undefined> {
    const client = this.#newClient(name);
    const timeoutMs = Math.max(this.#options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, minimumTimeoutMs ?? 0);
    try {
      await client.connect(transport, { timeout: timeoutMs });
      const tools = offeredTools(await listAllTools(client, timeoutMs));
      const features = await featureNames(new ServerFeatures(name, legacyFeatureRequests(client), timeoutMs));
      const link = sessionLink(client, transport);
      this.#servers.set(name, { name, url, link, tools, ...features, stopped: stopController() });
    } catch (error) {
      await client.close().catch(() => undefined);
      return { server: name, where: url, error: connectionError(name, url, error, stderrTail()) };
    }
    this.#options.onConnected?.(name, '2025-11-25');
    const level = this.#options.logLevel;
    if (level !== undefined && client.getServerCapabilities()?.logging) {
      // A server that refuses the level keeps its own: worth a line in its log, not a failure.
      await client.setLoggingLevel(level, { timeout: timeoutMs }).catch((error: unknown) => {
        this.#log(name, { level: 'warning', text: `logging/setLevel ${level} was refused: ${String(error)}` });
      });
    }
    return undefined;
  }

  #newClient(name: string): Client {
    return createServerClient({
      server: name,
      clientName: this.#options.clientName ?? 'mcp-kitchen',
      clientVersion: CLIENT_VERSION,
      handlers: this.#options.handlers,
      ...this.#serverEvents(name),
    });
  }

  /** One per server name, kept across reconnections: the calls in flight outlive a session. */
  #callsTo(server: string): ServerCalls {
    let calls = this.#calls.get(server);
    if (calls === undefined) {
      calls = new ServerCalls();
      this.#calls.set(server, calls);
    }
    return calls;
  }

  #log(server: string, line: { level: LogLevel | 'stderr'; logger?: string; text: string }): void {
    this.#options.emit?.({ type: 'server-log', agent: MAIN_AGENT.id, server, ...line });
  }

  async #refresh(name: string): Promise<void> {
    const server = this.#servers.get(name);
    if (server === undefined) return;
    const timeoutMs = this.#options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const { link } = server;
    try {
      server.tools = offeredTools(
        link.era === '2025-11-25' ? await listAllTools(link.client, timeoutMs) : await link.modern.listTools(timeoutMs),
      );
    } catch {
      // Keep the last list we had: a call to a vanished tool still comes back as a readable error.
      return;
    }
    this.#reindex();
    this.#options.onToolsChanged?.(name);
  }

  async #refreshFeatures(name: string): Promise<void> {
    const server = this.#servers.get(name);
    if (server === undefined) return;
    const timeoutMs = this.#options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    Object.assign(server, await featureNames(new ServerFeatures(name, featureRequests(server.link), timeoutMs)));
    this.#reindex();
  }

  #reindex(): void {
    const remote = this.#order.flatMap((name) => {
      const server = this.#servers.get(name);
      return server === undefined ? [] : [{ server: server.name, tools: server.tools }];
    });
    const index = indexTools(remote, this.#localTools.all());
    this.#descriptors = index.tools;
    this.#clashes = index.clashes;
    this.#featureClashes = findFeatureClashes(
      this.#order.flatMap((name) => {
        const server = this.#servers.get(name);
        return server === undefined
          ? []
          : [{ server: name, resourceUris: server.resourceUris, promptNames: server.promptNames }];
      }),
    );
    this.#specs.clear();
  }
}

/** Aborted when the server stops. One listener per call in flight, each removed when its call ends: not a leak. */
function stopController(): AbortController {
  const stopped = new AbortController();
  setMaxListeners(0, stopped.signal);
  return stopped;
}

/**
 * A 2025-11-25 link whose `sessionLost` fires when the server answers 404 for its session: to a
 * call's POST, or to the SDK's reconnection of a stream that was open (which the SDK reports only
 * to onerror, leaving a call that waits on that stream to wait out its timeout). Behind a load
 * balancer, the replica that held the session is gone. A 404 to the first GET alone is not a lost
 * session: some servers answer it so when they offer no standalone stream.
 */
function sessionLink(client: Client, transport: Transport): ServerLink {
  const sessionLost = new AbortController();
  setMaxListeners(0, sessionLost.signal);
  const lose = () => {
    // After the current turn: a call whose own POST got the 404 rejects with it first, which
    // tells that call it was not run; calls still waiting on the lost session are cut off.
    setImmediate(() => {
      if (!sessionLost.signal.aborted) {
        sessionLost.abort(new SessionLostError('the server does not know the session any more (HTTP 404)'));
      }
    });
  };
  let streamRefusedWith404 = false;
  client.onerror = (error) => {
    if (error instanceof StreamableHTTPError) {
      streamRefusedWith404 = error.code === 404 && error.message.startsWith('Failed to open SSE stream');
      if (error.code === 404 && error.message.startsWith('Error POSTing')) lose();
      return;
    }
    // The SDK wraps the failure of a reconnection right after reporting the refusal itself.
    if (streamRefusedWith404 && error.message.startsWith('Failed to reconnect SSE stream')) lose();
  };
  return { era: '2025-11-25', client, transport, sessionLost };
}

function callTarget(link: ServerLink): CallTarget {
  if (link.era === '2026-07-28') return { callTool: (params, options) => link.modern.callTool(params, options) };
  return {
    callTool: (params, options) => link.client.callTool(params, undefined, options),
    sessionLost: link.sessionLost.signal,
  };
}

function featureRequests(link: ServerLink): FeatureRequests {
  return link.era === '2025-11-25' ? legacyFeatureRequests(link.client) : link.modern.features;
}

async function closeServer({ link }: RemoteServer): Promise<void> {
  return closeLink(link);
}

async function closeLink(link: ServerLink): Promise<void> {
  // A 2026-07-28 server keeps no session: there is nothing to end on its side.
  if (link.era === '2026-07-28') return link.modern.close();
  // Ending the session politely lets the server free it now instead of at its idle timeout.
  if (link.transport instanceof StreamableHTTPClientTransport) {
    await Promise.race([
      link.transport.terminateSession().catch(() => undefined),
      delay(1_000, undefined, { ref: false }),
    ]);
  }
  await link.client.close();
}

/**
 * The resource URIs and prompt names a server lists, to find the ones another server lists too. A
 * server that fails to list them still offers its tools: the names are only for the clash check.
 */
async function featureNames(features: ServerFeatures): Promise<{ resourceUris: string[]; promptNames: string[] }> {
  const [resources, prompts] = await Promise.all([
    features.listResources().catch(() => []),
    features.listPrompts().catch(() => []),
  ]);
  return { resourceUris: resources.map((resource) => resource.uri), promptNames: prompts.map((prompt) => prompt.name) };
}

/**
 * The tools the model may be offered. A tool whose execution.taskSupport is "required" must be
 * called as a task (2025-11-25, tool-level negotiation), which this host does not do: offering it
 * would only ever fail, so it is left out.
 */
function offeredTools(tools: Tool[]): Tool[] {
  return tools.filter((tool) => tool.execution?.taskSupport !== 'required');
}

function logLine(params: LoggingMessageNotification['params']): {
  level: LogLevel;
  logger?: string;
  text: string;
} {
  const text = typeof params.data === 'string' ? params.data : JSON.stringify(params.data);
  return { level: params.level, ...(params.logger === undefined ? {} : { logger: params.logger }), text };
}
