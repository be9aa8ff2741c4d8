// Starts the configured MCP servers together and stops every one of them again, on success, on
// error and on Ctrl-C. Runtime side: the children are the server side of the boundary.

import type { ServerConnection } from '@kitchen/host';
import type { ServerEntry } from '../config/kitchen-config.js';
import { rootsFromFlags } from '../config/roots-from-flags.js';
import {
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
  /** Told as the start begins and as each server becomes ready, in the order they do. */
  onStartEvent?: (event: ServerStartEvent) => void;
}

export interface RunningServers {
  servers: StartedServer[];
  /** What Toolbox.connect needs: the launched servers' URLs, and the others as configured. */
  connections: ServerConnection[];
  /** Stops every child and waits for it to exit. Safe to call more than once. */
  stop(): Promise<void>;
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
  const launches = entries.map((entry) =>
    entry.kind === 'launch' ? launchServer(entry, options) : remoteServer(entry),
  );
  for (const launch of launches) {
    launch.ready.then(
      (server) =>
        emit({
          type: 'server-ready',
          at: Date.now(),
          server: server.name,
          url: server.url,
          ...(server.pid === undefined ? {} : { pid: server.pid }),
          ...(server.runtime === undefined ? {} : { runtime: server.runtime }),
          startMs: since(),
        }),
      // The first failure wins; the servers still starting are stopped rather than waited for.
      () => {},
    );
  }
  const stopAll = () => Promise.all(launches.map((launch) => launch.stop())).then(() => undefined);
  let servers: StartedServer[];
  let onAbort = () => {};
  const interrupted = new Promise<never>((_resolve, reject) => {
    onAbort = () =>
      reject(new ServerStartError('kitchen', 'interrupted while the servers were starting; nothing was left running'));
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
  });
  interrupted.catch(() => {});
  try {
    servers = await Promise.race([Promise.all(launches.map((launch) => launch.ready)), interrupted]);
  } catch (error) {
    await stopAll();
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
  emit({ type: 'servers-ready', at: Date.now(), count: servers.length, launched: launched.length, startMs: since() });
  let stopping: Promise<void> | undefined;
  return {
    servers,
    connections: servers.map((server, index) => connectionFor(entries[index], server)),
    stop: () => (stopping ??= stopAll()),
  };
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
        ...(entry.cwd === undefined ? {} : { cwd: entry.cwd }),
        ...protocol,
        ...roots,
      };
    case 'remote':
      return {
        name: entry.name,
        url: entry.url,
        ...(entry.headers === undefined ? {} : { headers: entry.headers }),
        ...(entry.oauth === undefined ? {} : { oauth: entry.oauth }),
        ...(entry.transport === undefined ? {} : { transport: entry.transport }),
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
