// Three cookie-jar replicas behind a real HAProxy on loopback, in both protocol eras: a delegated
// audit through the balancer, one replica killed (SIGKILL) mid-run, nothing lost. HAProxy is a
// Debian package (`pnpm test` installs it first when it can); without it these tests fail and say how to install it.

import type { ProtocolEra } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { findHaproxy, HaproxyMissingError } from '../src/load-balancer.js';
import type { BalancedRequest } from '../src/parse-haproxy-log.js';
import { cookieJarReplica } from '../src/replica-programs.js';
import { runScaleOut, type ScaleOutResult } from '../src/scale-out-run.js';

const JARS = 24;

async function auditThroughBalancer(era: ProtocolEra): Promise<ScaleOutResult> {
  if (findHaproxy() === undefined) throw new HaproxyMissingError();
  return runScaleOut({ era, program: cookieJarReplica(era), jars: JARS });
}

function requests(result: ScaleOutResult): BalancedRequest[] {
  return result.balancerLog.filter((entry): entry is BalancedRequest => entry.kind === 'request');
}

function expectNothingLost(result: ScaleOutResult): void {
  expect(result.problems).toEqual([]);
  for (const host of result.hosts) {
    expect(host.era).toBe(result.era);
    expect(host.toolCalls).toBeGreaterThan(JARS);
    expect(host.correct).toBe(host.toolCalls);
    expect(host.jarsInspected).toBe(JARS);
    expect(host.stopReason).toBe('end_turn');
  }
  expect(result.replicas.map((replica) => replica.requests > 0)).toEqual([true, true, true]);
  expect(result.replicas.filter((replica) => replica.killed)).toHaveLength(1);
}

/** Requests logged after the kill, by replicas other than the killed one. */
function servedAfterKill(result: ScaleOutResult): BalancedRequest[] {
  const killed = result.replicas.find((replica) => replica.killed);
  const after = result.balancerLog.slice(result.kill?.logIndex ?? Number.POSITIVE_INFINITY);
  return after.filter(
    (entry): entry is BalancedRequest =>
      entry.kind === 'request' && entry.status === 200 && entry.replicaPort !== killed?.port,
  );
}

describe('three cookie-jar replicas behind HAProxy, one killed mid-run', () => {
  it('2026-07-28: one host is served by every replica with no stickiness, and loses nothing', async () => {
    const result = await auditThroughBalancer('2026-07-28');
    expectNothingLost(result);
    // Stateless: no session ids, and the tool calls went round the replicas.
    expect(requests(result).some((entry) => entry.sessionId !== undefined || entry.newSessionId !== undefined)).toBe(
      false,
    );
    expect(result.replicas.map((replica) => replica.toolCalls > 0)).toEqual([true, true, true]);
    expect(servedAfterKill(result).some((entry) => entry.mcpMethod === 'tools/call')).toBe(true);
    // The host sends again only what is safe to repeat: every tool here is read-only.
    for (const retry of result.hosts.flatMap((host) => host.retries)) expect(retry.newSession).toBe(false);
  }, 180_000);

  it('2025-11-25: sessions stick to their replica; the host whose replica died opens a new session and loses nothing', async () => {
    const result = await auditThroughBalancer('2025-11-25');
    expectNothingLost(result);
    const killed = result.replicas.find((replica) => replica.killed);
    // Every answered request of a session went to one replica.
    const answered = requests(result).filter((entry) => entry.sessionId !== undefined && entry.status === 200);
    const replicasOf = new Map<string, Set<number | undefined>>();
    for (const entry of answered) {
      const seen = replicasOf.get(entry.sessionId ?? '') ?? new Set();
      seen.add(entry.replicaPort);
      replicasOf.set(entry.sessionId ?? '', seen);
    }
    expect([...replicasOf.values()].map((seen) => seen.size)).toEqual([...replicasOf.values()].map(() => 1));
    // Three hosts, one session each at first, spread over the three replicas.
    expect(result.replicas.map((replica) => replica.sessions > 0)).toEqual([true, true, true]);
    // The killed replica held the first host's session: the balancer sent the session elsewhere,
    // which did not know it (404), and the host opened a new one and sent its reads again.
    expect(
      requests(result).some(
        (entry) => entry.status === 404 && entry.sessionId !== undefined && entry.replicaPort !== killed?.port,
      ),
    ).toBe(true);
    const firstHost = result.hosts[0];
    expect(firstHost?.retries.length).toBeGreaterThan(0);
    expect(firstHost?.retries.every((retry) => retry.newSession && retry.tool === 'inspect_jar')).toBe(true);
    expect(servedAfterKill(result).length).toBeGreaterThan(0);
  }, 180_000);
});
