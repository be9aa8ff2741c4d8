// Starts the configured MCP servers together, starts one that dies mid-run again (once), and
// stops every one of them again, on success, on error and on Ctrl-C. Runtime side: the children
// are the server side of the boundary.

import type { ServerConnection } from '@kitchen/host';
import { withDefined } from '@kitchen/host';
import type { LaunchedServerEntry, ServerEntry } from '../config/kitchen-config.js';
import { rootsFromFlags } from '../config/roots-from-flags.js';
import {
  type Launch,
  type LaunchOptions,
  launchServer,
  remoteServer,
  ServerStartError,
  type StartedServer,
} from './launch-server.js';
import type { ServerStartEvent } from './server-start-event.js';

export interface StartServersOptions extends LaunchOptions {
  /** Aborting it while servers are starting stops them and rejects. */
  signal?: AbortSignal;
  /** Told as the start begins and as each server becomes ready, in the order they do; and of restarts. */
  onStartEvent?: (event: ServerStartEvent) => void;
  /**
   * Told when a launched server that died was started again, with what Toolbox.reconnect needs.
   * The restart happens once per server; onUnexpectedExit says which exit it follows.
   */
  onRestarted?: (connection: ServerConnection) => void;
}

/** A launched server that dies mid-run is started again this many times: once shows a crash, twice hides a loop. */
export const RESTARTS_PER_SERVER = 1;

export interface RunningServers {
  servers: StartedServer[];
  /** What Toolbox.connect needs: the launched servers' URLs, and the others as configured. */
  connections: ServerConnection[];
  /** Stops every child and waits for it to exit. Safe to call more than once. */
  stop(): Promise<void>;
  /**
   * Stops one launched server and starts it again on its port (a developer loop, on a change to
   * its files); told to onStartEvent and onRestarted as a crash's restart is, but not counted
   * against RESTARTS_PER_SERVER. False for a server the kitchen does not launch, or while stopping.
   */
  restart(name: string): Promise<boolean>;
}

/**
 * Starts every example server ("kitchen" entries) concurrently; if one fails, the others are
 * stopped and it throws one clear line. Servers reached by URL or over stdio are passed on to
 * the toolbox as they are (it spawns the stdio ones itself).
 */
export async function startServers(entries: ServerEntry[], options: StartServersOptions = {}): Promise<RunningServers> {
  const begun = performance.now();
  const since = () => Math.round(performance.now() - begun);
  const emit = options.onStartEvent ?? (() => {});
  const launched = entries.filter((entry) => entry.kind === 'launch').map((entry) => entry.name);
  emit({ type: 'servers-start', at: Date.now(), servers: launched });
  let running = false;
  let stopRequested = false;
  const restarts = new Map<string, number>();
  // Filled once every server is up; a restart replaces its server's slot in all three.
  const servers: StartedServer[] = [];
  const connections: ServerConnection[] = [];
  const launchOf = (entry: LaunchedServerEntry, index: number): Launch =>
    launchServer(entry, {
      ...options,
      onUnexpectedExit: (server, description) => {
        const restarting = running && !stopRequested && (restarts.get(server) ?? 0) < RESTARTS_PER_SERVER;
        options.onUnexpectedExit?.(server, description, restarting);
        if (restarting) void restart(entry, index);
      },
    });
  const launches = entries.map((entry, index) =>
    entry.kind === 'launch' ? launchOf(entry, index) : remoteServer(entry),
  );
  const restart = async (entry: LaunchedServerEntry, index: number, counted = true): Promise<void> => {
    if (counted) restarts.set(entry.name, (restarts.get(entry.name) ?? 0) + 1);
    const begun = performance.now();
    // The same port as before, so clients that were told its URL (kitchen serve) find it again.
    const port = Number(new URL(servers[index]?.url ?? 'http://127.0.0.1:0').port || entry.port);
    const launch = launchOf({ ...entry, port }, index);
    launches[index] = launch;
    try {
      const server = await launch.ready;
      if (stopRequested) return;
      servers[index] = server;
      const connection = connectionFor(entry, server);
      connections[index] = connection;
      emit({
        type: 'server-restarted',
        at: Date.now(),
        server: server.name,
        url: server.url,
        ...withDefined({ pid: server.pid }),
        startMs: Math.round(performance.now() - begun),
      });
      options.onRestarted?.(connection);
    } catch (error) {
      if (stopRequested) return;
      emit({
        type: 'server-restart-failed',
        at: Date.now(),
        server: entry.name,
        reason: String(error instanceof Error ? error.message : error),
      });
    }
  };
  for (const launch of launches) {
    launch.ready.then(
      (server) =>
        emit({
          type: 'server-ready',
          at: Date.now(),
          server: server.name,
          url: server.url,
          ...withDefined({ pid: server.pid, runtime: server.runtime }),
          startMs: since(),
        }),
      // The first failure wins; the servers still starting are stopped rather than waited for.
      () => {},
    );
  }
  const stopAll = () => {
    stopRequested = true;
    return Promise.all(launches.map((launch) => launch.stop())).then(() => undefined);
  };
  let onAbort = () => {};
  const interrupted = new Promise<never>((_resolve, reject) => {
    onAbort = () =>
      reject(new ServerStartError('kitchen', 'interrupted while the servers were starting; nothing was left running'));
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
  });
  interrupted.catch(() => {});
  try {
    servers.push(...(await Promise.race([Promise.all(launches.map((launch) => launch.ready)), interrupted])));
  } catch (error) {
    await stopAll();
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
  emit({ type: 'servers-ready', at: Date.now(), count: servers.length, launched: launched.length, startMs: since() });
  connections.push(...servers.map((server, index) => connectionFor(entries[index], server)));
  running = true;
  let stopping: Promise<void> | undefined;
  const restartByName = async (name: string): Promise<boolean> => {
    const index = entries.findIndex((entry) => entry.name === name);
    const entry = entries[index];
    if (entry?.kind !== 'launch' || stopRequested) return false;
    // A stop asked for is no unexpected exit: the launch says nothing, and it starts again here.
    await launches[index]?.stop();
    if (stopRequested) return false;
    await restart(entry, index, false);
    return true;
  };
  return { servers, connections, stop: () => (stopping ??= stopAll()), restart: restartByName };
}

function connectionFor(entry: ServerEntry | undefined, server: StartedServer): ServerConnection {
  const protocol = entry?.protocol === undefined ? {} : { protocol: entry.protocol };
  const roots =
    entry === undefined || entry.kind === 'launch' || entry.roots === undefined
      ? {}
      : { roots: rootsFromFlags(entry.roots) ?? [] };
  switch (entry?.kind) {
    case 'stdio':
      return {
        name: entry.name,
        command: entry.command,
        args: entry.args,
        env: entry.env,
        ...withDefined({ cwd: entry.cwd }),
        ...protocol,
        ...roots,
      };
    case 'remote':
      return {
        name: entry.name,
        url: entry.url,
        ...withDefined({ headers: entry.headers, oauth: entry.oauth, transport: entry.transport }),
        ...protocol,
        ...roots,
      };
    case 'launch':
      // The kitchen started it with this token (KITCHEN_TOKEN), so the host must send it.
      return {
        name: server.name,
        url: server.url,
        ...(entry.token === undefined ? {} : { headers: { authorization: `Bearer ${entry.token}` } }),
        ...protocol,
      };
    default:
      return { name: server.name, url: server.url };
  }
}
