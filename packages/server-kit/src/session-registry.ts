// The live MCP sessions of one HTTP endpoint, found by the Mcp-Session-Id header: at most
// maxSessions of them and maxSessionsPerClient for any one client, each closed after
// idleSessionMs with no open exchange, all closed on shutdown. Server side.

import type { ServerResponse } from 'node:http';
import type { McpSession } from './mcp-session.js';
import type { StructuredLog } from './structured-log.js';

/** When no session is about to expire, a refused client is told to come back after this long. */
const MAX_RETRY_AFTER_MS = 60_000;

export interface SessionLimits {
  /** How long a session may sit with no open exchange before it is closed. */
  idleSessionMs: number;
  /** How many sessions may be open (or initializing) at once. */
  maxSessions: number;
  /** How many of them one client may hold, so that one client cannot lock the others out. */
  maxSessionsPerClient: number;
}

export class SessionRegistry {
  private readonly sessions = new Map<string, McpSession>();
  /** Sessions whose initialize request is still being answered: they count against the cap. */
  private readonly starting = new Set<McpSession>();

  constructor(
    private readonly limits: SessionLimits,
    private readonly log: StructuredLog,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  get isFull(): boolean {
    return this.sessions.size + this.starting.size >= this.limits.maxSessions;
  }

  /** True when `client` holds its whole share of the cap, open or initializing. */
  isFullFor(client: string): boolean {
    let held = 0;
    for (const session of this.sessions.values()) if (session.client === client) held++;
    for (const session of this.starting) if (session.client === client) held++;
    return held >= this.limits.maxSessionsPerClient;
  }

  /** Whole seconds until a session (of `client`, when given) is likely to free up: the soonest
   * idle expiry, else a minute. */
  retryAfterSeconds(now = Date.now(), client?: string): number {
    let soonest = Math.min(this.limits.idleSessionMs, MAX_RETRY_AFTER_MS);
    for (const session of this.sessions.values()) {
      if (session.idleSince !== undefined && (client === undefined || session.client === client)) {
        soonest = Math.min(soonest, session.idleSince + this.limits.idleSessionMs - now);
      }
    }
    return Math.max(1, Math.ceil(soonest / 1000));
  }

  find(id: string): McpSession | undefined {
    return this.sessions.get(id);
  }

  /** Holds a place for a session whose initialize request is on its way. */
  admit(session: McpSession): void {
    this.starting.add(session);
  }

  /** Called from the transport's onsessioninitialized, while the initialize exchange is open. */
  register(session: McpSession): void {
    if (session.id === undefined) return;
    this.starting.delete(session);
    this.sessions.set(session.id, session);
    this.log('info', { event: 'session-opened', session: session.id, sessions: this.sessions.size });
    this.armIdleTimer(session);
  }

  /** Called from the transport's onclose, whoever closed it (DELETE, idle timer, shutdown). */
  forget(session: McpSession): void {
    clearTimeout(session.idleTimer);
    this.starting.delete(session);
    if (session.id === undefined || this.sessions.get(session.id) !== session) return;
    this.sessions.delete(session.id);
    const sessions = this.sessions.size;
    if (session.closeReason === 'idle-expired') {
      this.log('info', { event: 'session-expired', session: session.id, idleMs: this.limits.idleSessionMs, sessions });
    } else {
      const reason = session.closeReason ?? 'transport-closed';
      this.log('info', { event: 'session-closed', session: session.id, reason, sessions });
    }
  }

  /** Counts `response` as activity until it closes. A client that vanished closes its sockets, so
   * its session goes idle; a connected client keeps its GET stream open and is never reaped. */
  trackExchange(session: McpSession, response: ServerResponse): void {
    session.openExchanges += 1;
    clearTimeout(session.idleTimer);
    session.idleTimer = undefined;
    session.idleSince = undefined;
    response.once('close', () => {
      session.openExchanges -= 1;
      this.armIdleTimer(session);
    });
  }

  async closeAll(): Promise<void> {
    const sessions = [...this.sessions.values(), ...this.starting];
    await Promise.allSettled(sessions.map((session) => session.close('shutdown')));
    for (const session of sessions) this.forget(session);
  }

  private armIdleTimer(session: McpSession): void {
    if (session.id === undefined || session.openExchanges > 0 || !this.sessions.has(session.id)) return;
    clearTimeout(session.idleTimer);
    session.idleSince = Date.now();
    session.idleTimer = setTimeout(() => void session.close('idle-expired'), this.limits.idleSessionMs);
    // An idle session must never be the reason a process stays alive.
    session.idleTimer.unref();
  }
}
