import { describe, expect, it } from 'vitest';
import { describeScaleOut } from './describe-scale-out.js';
import type { ScaleOutResult } from './scale-out-run.js';

const result: ScaleOutResult = {
  era: '2025-11-25',
  balancerUrl: 'http://127.0.0.1:4100/mcp',
  config: '',
  jars: 3,
  replicas: [
    { index: 1, port: 4101, requests: 9, toolCalls: 0, sessions: 2, killed: false },
    { index: 2, port: 4102, requests: 4, toolCalls: 0, sessions: 1, killed: true },
  ],
  kill: { replica: 2, afterResults: 1, logIndex: 1 },
  hosts: [
    {
      host: 1,
      era: '2025-11-25',
      toolCalls: 4,
      correct: 4,
      jarsInspected: 3,
      stopReason: 'end_turn',
      finalText: '',
      retries: [1, 2].map((attempt) => ({
        type: 'tool-retry' as const,
        agent: 'main',
        at: 0,
        callId: `c${attempt}`,
        tool: 'inspect_jar',
        server: 'cookie-jars',
        attempt: 1,
        reason: 'the server does not know the session (HTTP 404)',
        newSession: true,
      })),
    },
  ],
  balancerLog: [
    {
      kind: 'request',
      replicaPort: 4102,
      status: 200,
      method: 'POST',
      retries: 0,
      redispatched: false,
      termination: '----',
    },
    ...[1, 2].map(() => ({
      kind: 'request' as const,
      replicaPort: 4101,
      status: 404,
      method: 'POST',
      retries: 1,
      redispatched: true,
      termination: '----',
      sessionId: 'abcdef0123',
    })),
    { kind: 'replica-down', replicaPort: 4102, reason: 'Layer4 connection problem' },
    {
      kind: 'request',
      replicaPort: 4101,
      status: 200,
      method: 'POST',
      retries: 1,
      redispatched: true,
      termination: '----',
      newSessionId: '99887766554433',
    },
  ],
  problems: [],
};

describe('describeScaleOut', () => {
  it('shows the spread, folds what happened at the kill, and says nothing was lost', () => {
    const text = describeScaleOut(result);
    expect(text).toContain('replica 2 :4102     4 requests, 1 session opened  ✝ killed mid-run');
    expect(text).toContain(
      'balancer: POST (session abcdef01…) → replica 1: HTTP 404, after 1 failed connection moved to another replica (×2)',
    );
    expect(text).toContain('balancer: replica 2 marked DOWN by its health check (Layer4 connection problem)');
    expect(text).toContain(
      'balancer: POST (opened session 99887766…) → replica 1: HTTP 200, after 1 failed connection moved to another replica',
    );
    expect(text).toContain(
      'host 1: sent again 2 calls of inspect_jar on a new session: the server does not know the session (HTTP 404)',
    );
    expect(text).toContain('✅ Nothing lost');
  });

  it('names every problem instead', () => {
    const text = describeScaleOut({ ...result, problems: ['host 1: 2 of 3 jars inspected'] });
    expect(text).toContain('❌ host 1: 2 of 3 jars inspected');
    expect(text).not.toContain('Nothing lost');
  });
});
