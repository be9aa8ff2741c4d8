// Starts everything `kitchen web` needs: the configured servers, a WebKitchen connected to them
// and the web UI on 127.0.0.1; `close()` stops all three. App side, and the seam the web tests
// use to run the whole thing in-process over real HTTP.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { withDefined } from '@kitchen/host';
import type { KitchenConfig } from '@kitchen/runtime/config/kitchen-config';
import type { KitchenSettings } from '@kitchen/runtime/kitchen-settings';
import type { ServerStartEvent } from '@kitchen/runtime/server-processes/server-start-event';
import { type RunningServers, startServers } from '@kitchen/runtime/server-processes/start-servers';
import { createWebApp } from './create-web-app.js';
import { type DevWatch, devEntry, watchDevServer } from './dev-watch.js';
import { createOwnerToken, ownerAddress } from './owner-token.js';
import { ServerNewsFeed } from './server-news-feed.js';
import { WebKitchen } from './web-kitchen.js';

export const WEB_HOST = '127.0.0.1';

export interface StartKitchenWebOptions {
  /** The servers to start, and the approval and sampling rules runs follow. */
  config: KitchenConfig;
  flags: KitchenSettings;
  /** 0 (the default) picks a free port. */
  port?: number;
  /**
   * The owner token; a fresh one by default. A fixed one ($KITCHEN_WEB_TOKEN) lets a restarted
   * kitchen on the same --port take back the pages that were open on it.
   */
  token?: string;
  environment?: NodeJS.ProcessEnv;
  /** Aborting it while the servers start stops them and rejects. */
  signal?: AbortSignal;
  onUnexpectedExit?: (server: string, description: string, restarting: boolean) => void;
  /** Told as the servers start and as each becomes ready. */
  onStartEvent?: (event: ServerStartEvent) => void;
  /** Under --dev: a folder that cannot be watched, a restart that threw; stderr by default. */
  onDevProblem?: (line: string) => void;
}

export interface KitchenWeb {
  /** http://127.0.0.1:PORT/ */
  url: string;
  /** The per-start secret every API call needs. */
  token: string;
  /** What a person opens: the url with ?token=… */
  ownerUrl: string;
  kitchen: WebKitchen;
  servers: RunningServers;
  /** Stops the current run, the web server and the MCP servers. Safe to call more than once. */
  close(): Promise<void>;
}

/** Throws for bad flags or rules before starting anything, and ServerStartError for a server that does not start. */
export async function startKitchenWeb(options: StartKitchenWebOptions): Promise<KitchenWeb> {
  const environment = options.environment ?? process.env;
  WebKitchen.check({ flags: options.flags, config: options.config, environment });
  const dev = options.flags.dev === undefined ? undefined : devEntry(options.config.servers, options.flags.dev);
  let kitchen: WebKitchen | undefined;
  // The page hears what the terminal is told: a server that stops, its restart, its stderr.
  const news = new ServerNewsFeed();
  const servers = await startServers(options.config.servers, {
    // The server --dev watches runs from its source, so a change to it is what restarts.
    ...(dev === undefined ? {} : { fromSource: [dev.name] }),
    seed: options.flags.seed,
    jars: options.flags.jars,
    ...withDefined({ timeoutMs: options.flags.startTimeoutMs, signal: options.signal }),
    // A server that dies ends its calls in flight at once, in words, rather than at their timeout.
    onUnexpectedExit: (server, description, restarting) => {
      kitchen?.toolbox.serverStopped(server, description);
      if (!options.signal?.aborted)
        news.push({ type: 'server-stopped', at: Date.now(), server, reason: description, restarting });
      options.onUnexpectedExit?.(server, description, restarting);
    },
    // Started again: the toolbox connects anew and lists its tools, so the next run sees them.
    onRestarted: (connection) => void kitchen?.toolbox.reconnect(connection),
    onStderr: (server, line) => news.push({ type: 'server-stderr', at: Date.now(), server, line }),
    onStartEvent: (event) => {
      if (event.type === 'server-restarted')
        news.push({
          type: 'server-restarted',
          at: event.at,
          server: event.server,
          url: event.url,
          startMs: event.startMs,
        });
      if (event.type === 'server-restart-failed')
        news.push({ type: 'server-restart-failed', at: event.at, server: event.server, reason: event.reason });
      options.onStartEvent?.(event);
    },
  });
  const token = options.token ?? createOwnerToken();
  let httpServer: Server | undefined;
  let devWatch: DevWatch | undefined;
  try {
    kitchen = await WebKitchen.connect({
      flags: options.flags,
      config: options.config,
      connections: servers.connections,
      environment,
      news,
      stderrOf: (name) => servers.servers.find((server) => server.name === name)?.stderrTail() ?? [],
    });
    let port = 0;
    httpServer = createServer(createWebApp(kitchen, () => port, token));
    if (dev !== undefined) devWatch = watchKitchenDev(dev.name, kitchen, servers, options);
    port = await listen(httpServer, options.port ?? 0);
  } catch (error) {
    await devWatch?.close();
    await kitchen?.close();
    await servers.stop();
    throw error;
  }
  const url = `http://${WEB_HOST}:${(httpServer.address() as AddressInfo).port}/`;
  const openServer = httpServer;
  const openKitchen = kitchen;
  let closing: Promise<void> | undefined;
  return {
    url,
    token,
    ownerUrl: ownerAddress(url, token),
    kitchen,
    servers,
    close: () =>
      (closing ??= (async () => {
        await devWatch?.close();
        // The run first: its streams end with `done`, then the sockets can go.
        await openKitchen.close();
        await new Promise<void>((resolve) => {
          openServer.close(() => resolve());
          openServer.closeAllConnections();
        });
        await servers.stop();
      })()),
  };
}

/** --dev SERVER: its files watched; a change restarts it and the toolbox lists its tools again. */
function watchKitchenDev(
  name: string,
  kitchen: WebKitchen,
  servers: RunningServers,
  options: StartKitchenWebOptions,
): DevWatch {
  const entry = devEntry(options.config.servers, name);
  return watchDevServer({
    entry,
    news: kitchen.news,
    restartLaunched: (server) => {
      if (entry.kind !== 'launch') return Promise.resolve(false);
      // Calls in flight end now, in words, rather than at their timeout.
      kitchen.toolbox.serverStopped(server, 'it is being restarted after a change to its files');
      return servers.restart(server);
    },
    reconnect: (connection) => kitchen.toolbox.reconnect(connection),
    connection: () => kitchen.options.connections.find((connection) => connection.name === name),
    complain: options.onDevProblem ?? ((line) => process.stderr.write(`${line}\n`)),
  });
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `port ${port} on ${WEB_HOST} is already in use; pick another with --port N, or --port 0 for any free port`
            : `the web UI could not listen on ${WEB_HOST}:${port} (${error.message})`,
        ),
      );
    };
    server.once('error', onError);
    // Loopback only: the UI can approve destructive calls, so it must not be reachable from the network.
    server.listen(port, WEB_HOST, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
