// Reads HAProxy's log lines (the format haproxy-config.ts sets): which replica served each request,
// how it ended, and when a replica went down or came back. App side, pure.

import { REQUEST_LOG_TAG } from './haproxy-config.js';

/** One request through the balancer, logged when it ended. */
export interface BalancedRequest {
  kind: 'request';
  /** The replica's port; undefined when no replica could take it (HAProxy's <NOSRV>). */
  replicaPort: number | undefined;
  /** The HTTP status sent to the client; -1 when the exchange was cut before a status. */
  status: number;
  method: string;
  /** Connection attempts the balancer made again. */
  retries: number;
  /** True when a retry went to another replica than the first one chosen. */
  redispatched: boolean;
  /** HAProxy's termination state ("----" for a normal end; "SD" when the replica broke the connection). */
  termination: string;
  /** The request's Mcp-Session-Id (2025-11-25), Mcp-Method and Mcp-Name (2026-07-28), when sent. */
  sessionId?: string;
  mcpMethod?: string;
  mcpName?: string;
  /** The Mcp-Session-Id the replica handed out in its answer (an initialize). */
  newSessionId?: string;
}

export interface ReplicaStateChange {
  kind: 'replica-down' | 'replica-up';
  replicaPort: number;
  reason: string;
}

export type BalancerLogEntry = BalancedRequest | ReplicaStateChange;

const REQUEST_LINE = new RegExp(
  `^${REQUEST_LOG_TAG} (\\S+) (-?\\d+) (\\S+) (\\+?)(-?\\d+) (\\S+) \\{([^}]*)\\} \\{([^}]*)\\}$`,
);
const STATE_LINE = /^Server \S+?\/127\.0\.0\.1:(\d+) is (DOWN|UP), reason: ([^,]+(?:, [^.]*)?)/;

/** One log line as an entry; undefined for the lines that are neither (HAProxy's own notices). */
export function parseBalancerLogLine(line: string): BalancerLogEntry | undefined {
  const request = REQUEST_LINE.exec(line.trim());
  if (request !== null) {
    const [
      ,
      server = '',
      status = '',
      method = '',
      plus = '',
      retries = '',
      termination = '',
      sent = '',
      answered = '',
    ] = request;
    const [sessionId, mcpMethod, mcpName] = sent.split('|');
    const port = /^127\.0\.0\.1:(\d+)$/.exec(server)?.[1];
    return {
      kind: 'request',
      replicaPort: port === undefined ? undefined : Number(port),
      status: Number(status),
      method,
      retries: Number(retries),
      redispatched: plus === '+',
      termination,
      ...present({ sessionId, mcpMethod, mcpName, newSessionId: answered }),
    };
  }
  const state = STATE_LINE.exec(line.trim());
  if (state !== null) {
    return {
      kind: state[2] === 'DOWN' ? 'replica-down' : 'replica-up',
      replicaPort: Number(state[1]),
      reason: (state[3] ?? '').trim(),
    };
  }
  return undefined;
}

function present(fields: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => Boolean(entry[1])));
}
