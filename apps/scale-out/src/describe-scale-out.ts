// Words a load-balanced run for a person: the spread over the replicas, what happened at the
// kill (the balancer's view and the host's), and whether anything was lost. App side, pure.

import type { BalancedRequest } from './parse-haproxy-log.js';
import type { ScaleOutResult } from './scale-out-run.js';

const SHOWN_AFTER_KILL = 12;

export function describeScaleOut(result: ScaleOutResult): string {
  const lines: string[] = [];
  const modern = result.era === '2026-07-28';
  lines.push(
    `⚖️  ${result.era}: ${result.hosts.length} host${result.hosts.length === 1 ? '' : 's'} auditing ${result.jars} jars through HAProxy (${modern ? 'round robin, no stickiness' : 'least connections, sticky on Mcp-Session-Id'}) in front of ${result.replicas.length} replicas`,
  );
  lines.push('', 'Spread over the replicas (from the balancer’s log):');
  for (const replica of result.replicas) {
    const detail = modern ? plural(replica.toolCalls, 'tool call') : `${plural(replica.sessions, 'session')} opened`;
    const killed = replica.killed ? '  ✝ killed mid-run' : '';
    lines.push(
      `  replica ${replica.index} :${replica.port}  ${String(replica.requests).padStart(4)} requests, ${detail}${killed}`,
    );
  }
  lines.push('');
  if (result.kill === undefined) lines.push('No replica was killed.');
  else {
    lines.push(
      `At the kill (replica ${result.kill.replica}, SIGKILL, after ${result.kill.afterResults} results of host 1):`,
    );
    const after = result.balancerLog.slice(result.kill.logIndex);
    const notable = after.filter(
      (entry) =>
        entry.kind !== 'request' ||
        entry.redispatched ||
        (entry.status !== 200 && entry.status !== 202) ||
        entry.termination !== '----',
    );
    const folded = countSame(notable.map((entry) => describeEntry(entry, result)));
    for (const [line, count] of folded.slice(0, SHOWN_AFTER_KILL)) {
      lines.push(`  balancer: ${line}${count > 1 ? ` (×${count})` : ''}`);
    }
    if (folded.length > SHOWN_AFTER_KILL) lines.push(`  balancer: … ${folded.length - SHOWN_AFTER_KILL} more kinds`);
    if (notable.length === 0) lines.push('  balancer: nothing out of the ordinary after the kill');
    for (const host of result.hosts) {
      const retried = countSame(
        host.retries.map((retry) => `${retry.tool}${retry.newSession ? ' on a new session' : ''}: ${retry.reason}`),
      );
      for (const [line, count] of retried)
        lines.push(`  host ${host.host}: sent again ${plural(count, 'call')} of ${line}`);
      if (host.retries.length === 0) lines.push(`  host ${host.host}: no call needed sending again`);
    }
  }
  lines.push('');
  for (const host of result.hosts) {
    lines.push(
      `host ${host.host}: ${host.correct} of ${host.toolCalls} cookie-jar calls answered correctly, ${host.jarsInspected} of ${result.jars} jars inspected, ${host.retries.length} sent again, stopped: ${host.stopReason}`,
    );
  }
  lines.push('');
  if (result.problems.length === 0)
    lines.push('✅ Nothing lost: every call got the answer a replica asked directly gives.');
  else for (const problem of result.problems) lines.push(`❌ ${problem}`);
  return lines.join('\n');
}

/** Each distinct line once, in first-seen order, with how many times it came. */
function countSame(lines: string[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
  return [...counts];
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function describeEntry(entry: ScaleOutResult['balancerLog'][number], result: ScaleOutResult): string {
  const name = (port: number | undefined) => {
    const replica = result.replicas.find((candidate) => candidate.port === port);
    return replica === undefined ? 'no replica' : `replica ${replica.index}`;
  };
  if (entry.kind !== 'request') {
    return entry.kind === 'replica-down'
      ? `${name(entry.replicaPort)} marked DOWN by its health check (${entry.reason})`
      : `${name(entry.replicaPort)} back UP`;
  }
  return describeRequest(entry, name(entry.replicaPort));
}

function describeRequest(entry: BalancedRequest, replica: string): string {
  const what =
    entry.mcpMethod === undefined ? entry.method : `${entry.mcpMethod}${entry.mcpName ? ` ${entry.mcpName}` : ''}`;
  const status = entry.status === -1 ? 'cut off' : `HTTP ${entry.status}`;
  const moved = entry.redispatched
    ? `, after ${entry.retries} failed connection${entry.retries === 1 ? '' : 's'} moved to another replica`
    : '';
  const cut = entry.termination.startsWith('SD') ? ', the replica broke the connection' : '';
  const session =
    entry.sessionId !== undefined
      ? ` (session ${entry.sessionId.slice(0, 8)}…)`
      : entry.newSessionId !== undefined
        ? ` (opened session ${entry.newSessionId.slice(0, 8)}…)`
        : '';
  return `${what}${session} → ${replica}: ${status}${moved}${cut}`;
}
