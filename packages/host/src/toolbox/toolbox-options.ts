// What a Toolbox can be told when it connects. Host side: handlers for what servers ask of the
// host, timeouts, where server events go, OAuth sign-in and the wire recorder.

import type { LogLevel, LoopEventDraft } from '../loop-event.js';
import type { AuthorizationOptions } from '../wire/oauth/oauth-session.js';
import type { ProtocolEra } from '../wire/protocol-revisions.js';
import type { Root, ServerRequestHandlers } from '../wire/server-requests.js';
import type { WireRecorder } from '../wire/wire-recorder.js';

export interface ToolboxOptions {
  handlers?: ServerRequestHandlers;
  /** No answer and no progress for this long ends a remote call. Default DEFAULT_CALL_TIMEOUT_MS. */
  callTimeoutMs?: number;
  /** How long a server may take to answer initialize and tools/list. Default 10 s. */
  connectTimeoutMs?: number;
  /**
   * How long a server the host spawns (stdio) may take to start and answer initialize: it may
   * first be installed by its package runner, or compiled. Default 60 s.
   */
  startTimeoutMs?: number;
  clientName?: string;
  /**
   * Called after a server's tool list was refetched: on notifications/tools/list_changed, after a
   * new session replaced a lost one, and after reconnect.
   */
  onToolsChanged?: (server: string) => void;
  /**
   * Events that belong to no tool call, in the main lane: a server's log messages
   * (notifications/message) and the lines a stdio server writes to stderr ("server-log").
   */
  emit?: (event: LoopEventDraft) => void;
  /** Sent as logging/setLevel to every server that declares the logging capability. */
  logLevel?: LogLevel;
  /** The roots servers are told about (roots/list). Default: the working directory. */
  roots?: Root[];
  /**
   * Lets the host authorize with OAuth 2.1 at an HTTP server that answers 401 (one with no
   * Authorization header configured): shows a person the page to open. Without it, a 401 is a
   * refusal. Tokens are kept in memory for the toolbox's life.
   */
  authorization?: AuthorizationOptions;
  /**
   * Called once per server that connected, with the revision it speaks: "2026-07-28" when it
   * offered that revision (tried first over HTTP), "2025-11-25" otherwise.
   */
  onConnected?: (server: string, era: ProtocolEra) => void;
  /**
   * Records every HTTP exchange with the servers (headers that carry MCP meaning, JSON-RPC bodies,
   * SSE events), for people learning what crosses the wire. Absent: nothing is wrapped.
   */
  wire?: WireRecorder;
}
