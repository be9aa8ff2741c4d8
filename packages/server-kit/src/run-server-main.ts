// The whole life of a server process: parse flags, serve, print the ready line, stop cleanly on
// SIGINT/SIGTERM. Lets each server's main.ts stay ~30 lines. Server side.

import type { z } from 'zod';
import { ServeOptionsError } from './check-serve-options.js';
import { parseServerSettings, type ServerSettings } from './parse-server-settings.js';
import { type ServedMcp, serveMcp } from './serve-mcp.js';
import type { BuildServerContext, ServableServer, ServerEventBus } from './served-server.js';

/** Exit code for a bad flag, a bad environment value, an unsafe bind or a port that is taken. */
export const EXIT_USAGE = 2;
const SHUTDOWN_GRACE_MS = 5_000;

export interface RunServerMainOptions<Extra extends z.ZodObject> {
  name: string;
  /** The server's own flags; each also reads KITCHEN_<FLAG> from the environment. */
  flags?: Extra;
  /** Called once per 2025 session and per 2026 request with the parsed settings; a v2 McpServer is
   * served in both eras (or those `--eras` names), a v1 one in 2025-11-25. */
  buildServer: (settings: ServerSettings<Extra>, context: BuildServerContext) => ServableServer;
  /** Where 2026-07-28 listeners hear of changes (see ServeMcpOptions.eventBus). */
  eventBus?: ServerEventBus;
  argv?: readonly string[];
  env?: NodeJS.ProcessEnv;
}

/** Runs a server process. Never throws for a user mistake: it prints one line and exits 2. */
export async function runServerMain<Extra extends z.ZodObject = z.ZodObject<Record<never, never>>>(
  options: RunServerMainOptions<Extra>,
): Promise<void> {
  const { name } = options;
  const parsed = parseServerSettings(
    name,
    options.flags,
    options.argv ?? process.argv.slice(2),
    options.env ?? process.env,
  );
  if (parsed.kind === 'help') {
    process.stdout.write(`${parsed.text}\n`);
    return;
  }
  if (parsed.kind === 'invalid') return fail(parsed.message);
  const { settings } = parsed;

  let served: ServedMcp;
  try {
    served = await serveMcp({
      name,
      buildServer: (context) => options.buildServer(settings, context),
      eras: settings.eras,
      ...(options.eventBus === undefined ? {} : { eventBus: options.eventBus }),
      port: settings.port,
      host: settings.host,
      bearerToken: settings.token,
      allowedOrigins: settings.allowOrigin,
      idleSessionMs: settings.idleSessionMs,
      maxSessions: settings.maxSessions,
      maxSessionsPerClient: settings.maxSessionsPerClient,
      log: { level: settings.logLevel },
    });
  } catch (error) {
    if (error instanceof ServeOptionsError) return fail(error.message);
    return fail(describeListenError(name, settings.port, settings.host, error as NodeJS.ErrnoException));
  }
  const shutdown = () => {
    // A close that hangs must still end the process (a second signal gets the default handler).
    setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
    void served.close().then(() => process.exit(0));
  };
  // Handlers first: whoever reads the ready line may send a signal at once.
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  process.stdout.write(`MCP server "${name}" listening on ${served.url}\n`);
}

function fail(message: string): void {
  process.stderr.write(`${message}\n`);
  process.exitCode = EXIT_USAGE;
}

function describeListenError(name: string, port: number, host: string, error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `${name}: port ${port} is already in use on ${host}. Pick another with --port N, or use --port 0 for any free port.`;
    case 'EACCES':
      return `${name}: no permission to listen on port ${port} on ${host}. Pick a port above 1023 with --port N, or use --port 0 for any free port.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `${name}: cannot bind ${host}: it is not an address of this machine. Use --host 127.0.0.1.`;
    default:
      return `${name}: cannot listen on ${host}:${port}: ${error.message}`;
  }
}
