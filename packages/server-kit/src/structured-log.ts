// Structured logs for a served MCP server: one JSON line per notable event (listening, session
// opened/closed/expired, a refused request, the era each request was served in) on stderr,
// filtered by level. Server side.

import type { ProtocolEraVersion } from './served-server.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

/** Quiet by default: refusals and errors only. Pass `level: 'info'` to see sessions come and go. */
export const DEFAULT_LOG_LEVEL: LogLevel = 'warn';

export interface LogOptions {
  /** Lowest level written; defaults to 'warn'. 'silent' writes nothing. */
  level?: LogLevel;
  /** Where each line goes; defaults to process.stderr (stdout carries the listening line). */
  write?: (line: string) => void;
}

/** The kebab-case events the kit logs, each with its own fields. */
export type LogEvent =
  | { event: 'server-listening'; url: string; eras: readonly string[]; maxSessions: number; idleSessionMs: number }
  | { event: 'session-opened'; session: string; sessions: number }
  | { event: 'session-closed'; session: string; reason: SessionCloseReason; sessions: number }
  | { event: 'session-expired'; session: string; idleMs: number; sessions: number }
  | { event: 'request-refused'; status: number; method: string; path: string; reason: string }
  | { event: 'request-failed'; method: string; path: string; error: string; era?: ProtocolEraVersion }
  | {
      event: 'request-served';
      era: ProtocolEraVersion;
      method: string;
      /** The JSON-RPC method(s) of a POST, "response" for a posted answer. */
      mcpMethod?: string | undefined;
      status: number;
      session?: string;
    };

export type SessionCloseReason = 'deleted' | 'shutdown' | 'transport-closed' | 'never-initialized';

export type StructuredLog = (level: Exclude<LogLevel, 'silent'>, entry: LogEvent) => void;

export function createStructuredLog(server: string, options: LogOptions = {}): StructuredLog {
  const threshold = LOG_LEVELS.indexOf(options.level ?? DEFAULT_LOG_LEVEL);
  const write = options.write ?? ((line: string) => process.stderr.write(line));
  return (level, entry) => {
    if (LOG_LEVELS.indexOf(level) < threshold) return;
    write(`${JSON.stringify({ at: new Date().toISOString(), level, server, ...entry })}\n`);
  };
}
