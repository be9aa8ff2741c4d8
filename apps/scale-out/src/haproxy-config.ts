// The HAProxy configuration in front of MCP server replicas, one per protocol era. App side: the
// kitchen runs HAProxy as an ordinary load balancer; this file says how each era must be routed.

import type { ProtocolEra } from '@kitchen/host';

export interface HaproxyConfigOptions {
  era: ProtocolEra;
  /** Where the balancer listens (on 127.0.0.1). */
  port: number;
  /** The replicas' ports (each on 127.0.0.1). */
  replicaPorts: readonly number[];
  /** How often a replica's health route is read; two failed checks in a row take a replica out. */
  checkIntervalMs?: number;
}

/** The first word of each request line the balancer logs; parse-haproxy-log.ts reads them. */
export const REQUEST_LOG_TAG = 'lb-request';

/**
 * One config for one era. Both eras: a health check on /healthz,
 * a connection that cannot be made tried again on another replica (`retry-on conn-failure`,
 * `option redispatch`), and the Host header each replica expects (its DNS-rebinding check wants
 * its own address, so the server's name is its address and `http-send-name-header Host` sends it).
 *
 * 2026-07-28 (stateless): nothing sticks; a read that got no answer (`empty-response`,
 * `response-timeout`) is tried again on another replica, but never a `tools/call` (`Mcp-Method`
 * header): the balancer cannot know which tools are safe to repeat; the host can, and does.
 *
 * 2025-11-25 (sessions): each session lives on one replica. A new session goes to the replica
 * with the fewest open connections: sessions are long (each holds its GET stream), so counting
 * connections spreads sessions, where counting requests would not. The balancer learns a session's
 * replica from the `Mcp-Session-Id` of the initialize response and routes every request that
 * carries the header there. Only connection failures are tried again: the balancer cannot see
 * which JSON-RPC method a body carries.
 */
export function haproxyConfig(options: HaproxyConfigOptions): string {
  const interval = options.checkIntervalMs ?? 500;
  const servers = options.replicaPorts.map(
    (port) => `  server 127.0.0.1:${port} 127.0.0.1:${port} check inter ${interval} fall 2 rise 2`,
  );
  const modern = options.era === '2026-07-28';
  const routing = modern
    ? [
        '  # Stateless replicas: any of them can answer any request.',
        '  balance roundrobin',
        '  retry-on conn-failure empty-response response-timeout',
        '  # A tool call may have side effects: only the host knows whether it is safe to send again.',
        '  http-request disable-l7-retry if { req.hdr(mcp-method) -m str tools/call }',
      ]
    : [
        '  # A new session goes to the replica with the fewest connections (each session holds its',
        '  # GET stream open); a session stays on the replica that created it.',
        '  balance leastconn',
        '  retry-on conn-failure',
        '  stick-table type string len 64 size 100k expire 30m',
        '  stick store-response res.hdr(mcp-session-id)',
        '  stick match req.hdr(mcp-session-id)',
      ];
  return [
    `# HAProxy in front of ${options.replicaPorts.length} MCP replicas, revision ${options.era}. Loopback only.`,
    'global',
    '  log stdout format raw local0',
    '',
    'defaults',
    '  mode http',
    '  log global',
    // Server, status, method, retries (+ when redispatched), termination state, captured headers.
    `  log-format "${REQUEST_LOG_TAG} %s %ST %HM %rc %tsc %hr %hs"`,
    '  timeout connect 500ms',
    '  timeout client 2m',
    '  timeout server 2m',
    '  timeout tunnel 2m',
    // Generous: on a busy machine a slow answer is not a dead replica (a dead one refuses at once).
    '  timeout check 2s',
    '  retries 3',
    '  option redispatch 1',
    '',
    'frontend mcp',
    `  bind 127.0.0.1:${options.port}`,
    '  capture request header mcp-session-id len 64',
    '  capture request header mcp-method len 40',
    '  capture request header mcp-name len 64',
    '  capture response header mcp-session-id len 64',
    '  default_backend replicas',
    '',
    'backend replicas',
    ...routing,
    '  option httpchk',
    // %[dst_port] in a check is the replica's own port: its Host check accepts only that.
    '  http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host 127.0.0.1:%[dst_port]',
    '  http-check expect status 200',
    '  http-send-name-header Host',
    ...servers,
    '',
  ].join('\n');
}
