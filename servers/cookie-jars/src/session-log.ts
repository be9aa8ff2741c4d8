// Log messages (`notifications/message`) from inside a request, filtered by the level the client
// chose with `logging/setLevel`. Server side; one SessionLog per McpServer, i.e. per session.
//
// Why not `McpServer.sendLoggingMessage`: it is sent unrelated to any request, so over
// Streamable HTTP it only reaches a client that holds the standalone GET stream open (SDK issue
// #766). `extra.sendNotification` rides the SSE stream of the request that caused it, but skips
// the SDK's level filter, so the filter lives here.

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  type LoggingLevel,
  LoggingLevelSchema,
  type ServerNotification,
  type ServerRequest,
  SetLevelRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

export type RequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** RFC 5424 order, least severe first: debug, info, notice, warning, error, critical, alert, emergency. */
const SEVERITY = new Map(LoggingLevelSchema.options.map((level, index) => [level, index]));

export class SessionLog {
  /** Until the client sets a level, every message is sent. */
  private minimum: LoggingLevel | undefined;

  /** Needs a server constructed with `capabilities: { logging: {} }`. Replaces the SDK's own
   * setLevel handler, whose level only `sendLoggingMessage` reads. */
  constructor(
    server: McpServer,
    private readonly logger: string,
  ) {
    server.server.setRequestHandler(SetLevelRequestSchema, (request) => {
      this.minimum = request.params.level;
      return {};
    });
  }

  /** Whether a message at `level` passes the level the client set. */
  accepts(level: LoggingLevel): boolean {
    return this.minimum === undefined || (SEVERITY.get(level) ?? 0) >= (SEVERITY.get(this.minimum) ?? 0);
  }

  /** Sends `message` on the stream of the request `extra` belongs to, unless filtered out. */
  async send(extra: RequestExtra, level: LoggingLevel, message: string): Promise<void> {
    if (!this.accepts(level)) return;
    await extra.sendNotification({
      method: 'notifications/message',
      params: { level, logger: this.logger, data: message },
    });
  }
}
