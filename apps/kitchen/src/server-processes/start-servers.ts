// Starts the configured MCP servers together and stops every one of them again, on success, on
// error and on Ctrl-C. App side: the children are the server side of the boundary.

import type { ServerEntry } from '../config/kitchen-config.js';
import {
  type LaunchOptions,
  launchServer,
  remoteServer,
  ServerStartError,
  type StartedServer,
} from './launch-server.js';

export interface StartServersOptions extends LaunchOptions {
  /** Aborting it while servers are starting stops them and rejects. */
  signal?: AbortSignal;
}

export interface RunningServers {
  servers: StartedServer[];
  /** What Toolbox.connect needs. */
  connections: Array<{ name: string; url: string }>;
  /** Stops every child and waits for it to exit. Safe to call more than once. */
  stop(): Promise<void>;
}

/** Starts every server concurrently; if one fails, the others are stopped and it throws one clear line. */
export async function startServers(entries: ServerEntry[], options: StartServersOptions = {}): Promise<RunningServers> {
  const launches = entries.map((entry) =>
    entry.kind === 'remote' ? remoteServer(entry.name, entry.url) : launchServer(entry, options),
  );
  // The first failure wins; the servers still starting are stopped rather than waited for.
  for (const launch of launches) launch.ready.catch(() => {});
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
  let stopping: Promise<void> | undefined;
  return {
    servers,
    connections: servers.map((server) => ({ name: server.name, url: server.url })),
    stop: () => (stopping ??= stopAll()),
  };
}
