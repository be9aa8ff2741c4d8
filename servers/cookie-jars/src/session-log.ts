// Log messages (`notifications/message`) from inside a request, at the level the client asked for.
// Server side.
//
// Why not `McpServer.sendLoggingMessage`: it is sent unrelated to any request, so over
// Streamable HTTP it only reaches a client that holds the standalone GET stream open (SDK issue
// #766). `ctx.mcpReq.log` rides the stream of the request that caused it and applies the level
// filter of either era: the one set with `logging/setLevel` for a 2025-11-25 session, the one the
// request itself carries in its `_meta` in 2026-07-28 (no level there means no log messages).

import type { LoggingLevel, ServerContext } from '@modelcontextprotocol/server';

export type RequestExtra = ServerContext;

export class SessionLog {
  /** Needs a server constructed with `capabilities: { logging: {} }`: the SDK then answers
   * `logging/setLevel` itself, per session. */
  constructor(private readonly logger: string) {}

  /** Sends `message` on the stream of the request `ctx` belongs to, unless filtered out. */
  async send(ctx: RequestExtra, level: LoggingLevel, message: string): Promise<void> {
    await ctx.mcpReq.log(level, message, this.logger);
  }
}
