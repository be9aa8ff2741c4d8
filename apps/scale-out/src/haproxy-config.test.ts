import { describe, expect, it } from 'vitest';
import { haproxyConfig } from './haproxy-config.js';
import { parseBalancerLogLine } from './parse-haproxy-log.js';

const replicaPorts = [4101, 4102, 4103];

describe('haproxyConfig', () => {
  it('routes 2026-07-28 round robin with no stickiness, and leaves tool calls to the host to repeat', () => {
    const config = haproxyConfig({ era: '2026-07-28', port: 4100, replicaPorts });
    expect(config).toContain('bind 127.0.0.1:4100');
    expect(config).toContain('balance roundrobin');
    expect(config).not.toMatch(/^\s*stick/m);
    expect(config).toContain('retry-on conn-failure empty-response response-timeout');
    expect(config).toContain('http-request disable-l7-retry if { req.hdr(mcp-method) -m str tools/call }');
  });

  it('sticks 2025-11-25 sessions to the replica that handed out their Mcp-Session-Id', () => {
    const config = haproxyConfig({ era: '2025-11-25', port: 4100, replicaPorts });
    expect(config).toContain('balance leastconn');
    expect(config).toContain('stick store-response res.hdr(mcp-session-id)');
    expect(config).toContain('stick match req.hdr(mcp-session-id)');
    expect(config).toMatch(/^\s*retry-on conn-failure$/m);
  });

  it('health-checks every replica and sends each the Host header it accepts, on loopback only', () => {
    const config = haproxyConfig({ era: '2025-11-25', port: 4100, replicaPorts });
    for (const port of replicaPorts) {
      expect(config).toContain(`server 127.0.0.1:${port} 127.0.0.1:${port} check`);
    }
    expect(config).toContain('http-send-name-header Host');
    expect(config).toContain('uri /healthz');
    expect(config.match(/\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/g)?.every((address) => address === '127.0.0.1')).toBe(
      true,
    );
  });
});

describe('parseBalancerLogLine', () => {
  it('reads a request: replica, status, retries, redispatch and the MCP headers', () => {
    expect(parseBalancerLogLine('lb-request 127.0.0.1:4103 200 POST +1 ---- {|tools/call|inspect_jar} {}')).toEqual({
      kind: 'request',
      replicaPort: 4103,
      status: 200,
      method: 'POST',
      retries: 1,
      redispatched: true,
      termination: '----',
      mcpMethod: 'tools/call',
      mcpName: 'inspect_jar',
    });
    expect(parseBalancerLogLine('lb-request 127.0.0.1:4101 200 POST 0 ---- {||} {abc}')).toMatchObject({
      newSessionId: 'abc',
    });
    expect(parseBalancerLogLine('lb-request <NOSRV> 503 POST 0 SC-- {s1||} {}')).toMatchObject({
      replicaPort: undefined,
      status: 503,
      sessionId: 's1',
    });
  });

  it('reads a replica going down, and nothing from other lines', () => {
    expect(
      parseBalancerLogLine(
        'Server replicas/127.0.0.1:4102 is DOWN, reason: Layer4 connection problem, info: "Connection refused", check duration: 0ms. 2 active and 0 backup servers left.',
      ),
    ).toEqual({
      kind: 'replica-down',
      replicaPort: 4102,
      reason: 'Layer4 connection problem, info: "Connection refused", check duration: 0ms',
    });
    expect(parseBalancerLogLine('[NOTICE]   (1) : New worker (2) forked')).toBeUndefined();
  });
});
