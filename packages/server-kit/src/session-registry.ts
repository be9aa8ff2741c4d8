// The live MCP sessions of one HTTP server: one McpServer + transport per session, found by the
// Mcp-Session-Id header, closed when idle or on shutdown. Server side.

import type { ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** One client's session: its own McpServer, since an McpServer holds exactly one transport. */
export class McpSession {
  id: string | undefined;
  /** Open HTTP exchanges (POSTs being answered, the GET stream): a session is idle only at zero. */
  openExchanges = 0;
  idleTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly server: McpServer,
    readonly transport: StreamableHTTPServerTransport,
  ) {}

  close(): Promise<void> {
    return this.server.close();
  }
}

export class SessionRegistry {
  private readonly sessions = new Map<string, McpSession>();

  /** @param idleSessionMs how long a session may sit with no open exchange before it is closed. */
  constructor(private readonly idleSessionMs: number) {}

  get size(): number {
    return this.sessions.size;
  }

  find(id: string): McpSession | undefined {
    return this.sessions.get(id);
  }

  /** Called from the transport's onsessioninitialized, while the initialize exchange is open. */
  register(id: string, session: McpSession): void {
    session.id = id;
    this.sessions.set(id, session);
    this.armIdleTimer(session);
  }

  /** Called from the transport's onclose, whoever closed it (DELETE, idle timer, shutdown). */
  forget(session: McpSession): void {
    clearTimeout(session.idleTimer);
    if (session.id !== undefined && this.sessions.get(session.id) === session) this.sessions.delete(session.id);
  }

  /** Counts `response` as activity until it closes. A client that vanished closes its sockets, so
   * its session goes idle; a connected client keeps its GET stream open and is never reaped. */
  trackExchange(session: McpSession, response: ServerResponse): void {
    session.openExchanges += 1;
    clearTimeout(session.idleTimer);
    session.idleTimer = undefined;
    response.once('close', () => {
      session.openExchanges -= 1;
      this.armIdleTimer(session);
    });
  }

  async closeAll(): Promise<void> {
    const sessions = [...this.sessions.values()];
    await Promise.allSettled(sessions.map((session) => session.close()));
    for (const session of sessions) this.forget(session);
  }

  private armIdleTimer(session: McpSession): void {
    if (session.id === undefined || session.openExchanges > 0 || !this.sessions.has(session.id)) return;
    clearTimeout(session.idleTimer);
    session.idleTimer = setTimeout(() => void session.close(), this.idleSessionMs);
    // An idle session must never be the reason a process stays alive.
    session.idleTimer.unref();
  }
}
