// The toolbox: every tool the model may see, and dispatch by name. Host side. Local tools are
// function calls inside the host; every other name becomes tools/call on its server's MCP client.

import { setMaxListeners } from 'node:events';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type LocalTool, LocalTools } from './local-tools.js';
import { ServerCalls } from './loop/tool-call-context.js';
import type { ToolSpec } from './model.js';
import { READ_RESOURCE_TOOL } from './resource-tools.js';
import { MAIN_AGENT, type ToolCallContext, type ToolDescriptor, type ToolOutcome } from './tool-types.js';
import { ToolCatalog } from './toolbox/tool-catalog.js';
import type { ToolboxOptions } from './toolbox/toolbox-options.js';
import type { LostConnection } from './wire/call-recovery.js';
import type { FeatureClash } from './wire/feature-clashes.js';
import { type ProtocolEra, REVISION_2025, REVISION_2026 } from './wire/protocol-revisions.js';
import { type CallTarget, callRemoteTool, describeStop } from './wire/remote-tool-call.js';
import { checkServerNames, parseServerConnections, type ServerConnection } from './wire/server-connection.js';
import {
  type ConnectedServer,
  DEFAULT_CONNECT_TIMEOUT_MS,
  logLine,
  ServerConnector,
  type ServerEvents,
  type ServerLogLine,
  type TransportConnection,
  type UnavailableServer,
} from './wire/server-connector.js';
import { ServerFeatures } from './wire/server-features.js';
import {
  callTarget,
  closeLink,
  featureRequests,
  type RelinkableServer,
  relink,
  type ServerLink,
} from './wire/server-link.js';
import { featureNames, offeredTools } from './wire/server-listing.js';
import { listAllTools, type Root } from './wire/server-requests.js';
import { callThroughTasks2026, createTaskSessions, type TaskSessions, taskSupportOf } from './wire/task-tool-call.js';
import { LOCAL_SERVER, type ToolClash } from './wire/tool-index.js';

export type { ToolboxOptions } from './toolbox/toolbox-options.js';
export type { FeatureClash } from './wire/feature-clashes.js';
export type { AuthorizationOptions, AuthorizationRequest } from './wire/oauth/oauth-session.js';
export type { OAuthSettings } from './wire/oauth/session-oauth-provider.js';
export type { ProtocolEra } from './wire/protocol-revisions.js';
export type {
  HttpServerConnection,
  ServerConnection,
  StdioServerConnection,
} from './wire/server-connection.js';

import { withDefined } from './with-defined.js';

export type { TransportConnection, UnavailableServer } from './wire/server-connector.js';
export type { Root, ServerRequestHandlers } from './wire/server-requests.js';

export const DEFAULT_CALL_TIMEOUT_MS = 60_000;

/** A connected server as the toolbox keeps it: its link may be replaced after a lost session. */
interface RemoteServer extends ConnectedServer, RelinkableServer {
  /** Aborted when whoever runs the server says it stopped: calls in flight end at once, later ones are not sent. */
  stopped: AbortController;
}

export class Toolbox {
  readonly #servers = new Map<string, RemoteServer>();
  readonly #unavailable: UnavailableServer[] = [];
  #roots: Root[] = [];
  /** Per server, the roots it is told about instead of the toolbox's (see #rootsOf). */
  readonly #serverRoots = new Map<string, Root[]>();
  readonly #localTools = new LocalTools();
  readonly #catalog = new ToolCatalog();
  /** Server names in the order the caller gave them: the tool list follows it, not connection speed. */
  #order: string[] = [];
  readonly #options: ToolboxOptions;
  /** Per server, its tool calls in flight, for routing the requests it sends back to their lanes. */
  readonly #calls = new Map<string, ServerCalls>();
  readonly #connector: ServerConnector;
  /** Where tools that must run as tasks are called (a session of their own per server). */
  readonly #taskSessions: TaskSessions;

  private constructor(options: ToolboxOptions) {
    this.#options = options;
    this.#taskSessions = createTaskSessions({ log: (server, text) => this.#log(server, { level: 'warning', text }) });
    this.#roots = options.roots ?? [{ uri: pathToFileURL(process.cwd()).href, name: basename(process.cwd()) }];
    this.#connector = new ServerConnector(options, {
      events: (name) => this.#serverEvents(name),
      log: (name, line) => this.#log(name, line),
      connected: (server, era) => {
        this.#servers.set(server.name, { ...server, stopped: stopController() });
        this.#options.onConnected?.(server.name, era);
      },
    });
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
    for (const server of connections) {
      const roots = rootsOf(server, options.roots !== undefined);
      if (roots !== undefined) toolbox.#serverRoots.set(server.name, roots);
    }
    await Promise.all(
      connections.map(async (server) => {
        const failure = await toolbox.#connector.connect(server);
        if (failure !== undefined) toolbox.#unavailable.push(failure);
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
        const failure = await toolbox.#connector.connectTransport(server, () => []);
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
    return this.#catalog.clashes;
  }

  /** Resource URIs and prompt names more than one server offers: each stays with its server; shown to the person. */
  get featureClashes(): readonly FeatureClash[] {
    return this.#catalog.featureClashes;
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

  /**
   * Connects again to a server whose process was started again (by whoever runs it, maybe at a
   * new URL): the old link is dropped, a new one opened, and its tools listed afresh, so tools the
   * restarted server added reach the model on its next turn. Like connect, a failure is returned
   * (and listed in `unavailable`), not thrown.
   */
  async reconnect(connection: ServerConnection): Promise<UnavailableServer | undefined> {
    const [server] = parseServerConnections([connection]);
    if (server === undefined) return undefined;
    const old = this.#servers.get(server.name);
    if (old !== undefined) {
      this.#servers.delete(server.name);
      void closeLink(old.link).catch(() => undefined);
    }
    const earlier = this.#unavailable.findIndex((failure) => failure.server === server.name);
    if (earlier !== -1) this.#unavailable.splice(earlier, 1);
    if (!this.#order.includes(server.name)) this.#order.push(server.name);
    const failure = await this.#connector.connect(server);
    if (failure !== undefined) this.#unavailable.push(failure);
    this.#reindex();
    this.#options.onToolsChanged?.(server.name);
    return failure;
  }

  get roots(): readonly Root[] {
    return this.#roots;
  }

  /** The roots one server is told about: its own (a "roots" entry, or none by default for a spawned server given arguments), else the toolbox's. */
  rootsFor(server: string): readonly Root[] {
    return this.#serverRoots.get(server) ?? this.#roots;
  }

  /** Replaces the roots and tells every server (notifications/roots/list_changed). */
  async setRoots(roots: Root[]): Promise<void> {
    this.#roots = [...roots];
    // 2026-07-28 has no session to notify: a server asks for roots inside a call when it needs them.
    await Promise.allSettled(
      [...this.#servers.values()].map((server) =>
        server.link.era === REVISION_2025 ? server.link.client.sendRootsListChanged() : undefined,
      ),
    );
  }

  get serverNames(): string[] {
    return this.#order.filter((name) => this.#servers.has(name));
  }

  list(options: { exclude?: string[] } = {}): ToolDescriptor[] {
    return this.#catalog.list(options);
  }

  /**
   * What the model sees. The same frozen array every turn until the tool list changes, so a loop
   * does not rebuild it per call and the tree budget can tell an unchanged tool list by identity.
   */
  specs(options: { exclude?: string[] } = {}): ToolSpec[] {
    return this.#catalog.specs(options);
  }

  find(name: string): ToolDescriptor | undefined {
    return this.#catalog.find(name);
  }

  /** The local tool the model knows by this name; undefined for a server's tool or an unknown name. */
  localTool(name: string): LocalTool | undefined {
    const tool = this.#catalog.find(name);
    return tool?.server === LOCAL_SERVER ? this.#localTools.get(tool.originalName) : undefined;
  }

  /** The names of the local tools that hand work to other agents: withheld from an agent that may not delegate. */
  delegatingTools(): string[] {
    return this.list()
      .filter((tool) => this.localTool(tool.name)?.delegates === true)
      .map((tool) => tool.name);
  }

  /** Never throws: every failure is an outcome with isError set and a sentence saying what happened. */
  async call(name: string, input: Record<string, unknown>, context: ToolCallContext): Promise<ToolOutcome> {
    const tool = this.#catalog.find(name);
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
    const reader = this.#catalog.find(READ_RESOURCE_TOOL);
    const readResourceTool = reader?.server === LOCAL_SERVER ? READ_RESOURCE_TOOL : undefined;
    // A tool that must run as a task goes through a task session; the rest are plain tools/call.
    const declared = server.tools.find((known) => known.name === tool.originalName);
    // A tool that may run either way is called plainly: its progress reaches the lane as any call's.
    const asTask = link.era === REVISION_2025 && declared !== undefined && taskSupportOf(declared) === 'required';
    const call = () =>
      callRemoteTool({
        ...(asTask && link.era === REVISION_2025
          ? { callTool: this.#taskSessions.callTool(server.name, link.client, declared, context) }
          : link.era === REVISION_2026 && link.server2026.tasks !== undefined && declared !== undefined
            ? { callTool: callThroughTasks2026(link.server2026.tasks, server.name, declared, context) }
            : {
                ...callTarget(server.link),
                recovery: { reconnect: (lost: LostConnection) => this.#reconnect(server, link, lost) },
              }),
        tool,
        input,
        context,
        timeoutMs,
        serverStopped: server.stopped.signal,
        ...withDefined({ readResourceTool }),
      });
    // The context is only read by the handlers of requests a server sends back during the call.
    return this.#options.handlers === undefined ? call() : this.#callsTo(tool.server).run(context, call);
  }

  async close(): Promise<void> {
    const servers = [...this.#servers.values()];
    this.#servers.clear();
    await Promise.allSettled([
      ...servers.map((server) => closeLink(server.link)),
      ...this.#connector.closeOAuthSessions(),
    ]);
  }

  /** Where to send a call again after `lost` (see relink); nowhere once the server stopped or the toolbox closed. */
  async #reconnect(
    server: RemoteServer,
    from: ServerLink,
    lost: LostConnection,
  ): Promise<(CallTarget & { newSession: boolean }) | undefined> {
    if (server.stopped.signal.aborted || this.#servers.get(server.name) !== server) return undefined;
    let replaced = false;
    const target = await relink(server, from, () => {
      this.#log(server.name, { level: 'warning', text: `session lost (${lost.detail}); opened a new one` });
      replaced = true;
    });
    // A lost session usually means a restarted server, which may offer other tools now: listed
    // before the call is sent again, so the model's next turn is offered them.
    if (replaced) await this.#refresh(server.name);
    return target;
  }

  /** What a server tells the host outside any call, routed the same way in both eras. */
  #serverEvents(name: string): ServerEvents {
    return {
      calls: this.#callsTo(name),
      roots: () => [...this.rootsFor(name)],
      onToolsChanged: () => void this.#refresh(name),
      onFeaturesChanged: () => void this.#refreshFeatures(name),
      onLog: (params) => this.#log(name, logLine(params)),
      onResourceUpdated: (uri) =>
        this.#options.emit?.({ type: 'resource-updated', agent: MAIN_AGENT.id, server: name, uri }),
    };
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

  #log(server: string, line: ServerLogLine): void {
    this.#options.emit?.({ type: 'server-log', agent: MAIN_AGENT.id, server, ...line });
  }

  async #refresh(name: string): Promise<void> {
    const server = this.#servers.get(name);
    if (server === undefined) return;
    const timeoutMs = this.#options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const { link } = server;
    try {
      server.tools =
        link.era === REVISION_2025
          ? offeredTools(await listAllTools(link.client, timeoutMs), { tasks: true })
          : offeredTools(await link.server2026.listTools(timeoutMs));
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
    const servers = this.#order.flatMap((name) => {
      const server = this.#servers.get(name);
      return server === undefined
        ? []
        : [{ server: name, tools: server.tools, resourceUris: server.resourceUris, promptNames: server.promptNames }];
    });
    this.#catalog.rebuild(servers, this.#localTools.all());
  }
}

/** Aborted when the server stops. One listener per call in flight, each removed when its call ends: not a leak. */
function stopController(): AbortController {
  const stopped = new AbortController();
  setMaxListeners(0, stopped.signal);
  return stopped;
}

/**
 * A server's own roots, when it has them: the connection's "roots", else none at all for a spawned
 * server given arguments while the toolbox offers only its default (the working directory). Its
 * arguments often are its folders (the filesystem server's), and a server that supports roots
 * replaces them with what roots/list answers. Undefined: the toolbox's roots.
 */
function rootsOf(server: ServerConnection, rootsGiven: boolean): Root[] | undefined {
  if (server.roots !== undefined) return [...server.roots];
  if (!rootsGiven && 'command' in server && (server.args?.length ?? 0) > 0) return [];
  return undefined;
}
