// The check of exercise 4: the learner's annotation rule over a table of tools, from a trusted
// server, an untrusted one and the host itself; on the trusted server it must agree with the
// host's own Gate, which reads annotations the same way.

import { Gate, type ToolAnnotations, type ToolDescriptor } from '@kitchen/host';
import type * as Exercise from '../../exercises/04-gate-from-annotations/annotation-rule.js';
import { expectThat } from '../not-yet.js';

const TRUSTED = new Set(['cookie-jars']);

interface Case {
  tool: string;
  server: string;
  annotations: ToolAnnotations;
  expected: 'approved' | 'ask';
  why: string;
}

const CASES: Case[] = [
  {
    tool: 'inspect_jar',
    server: 'cookie-jars',
    annotations: { readOnlyHint: true },
    expected: 'approved',
    why: 'read-only, from a server the person trusts',
  },
  {
    tool: 'discard_jar',
    server: 'cookie-jars',
    annotations: { readOnlyHint: false, destructiveHint: true },
    expected: 'ask',
    why: 'marked destructive',
  },
  {
    tool: 'relabel_jar',
    server: 'cookie-jars',
    annotations: {},
    expected: 'ask',
    why: 'no hint says it is read-only, so it may change things',
  },
  {
    tool: 'list_files',
    server: 'stranger',
    annotations: { readOnlyHint: true },
    expected: 'ask',
    why: "an untrusted server's read-only hint is only its claim",
  },
  {
    tool: 'wipe_disk',
    server: 'stranger',
    annotations: { readOnlyHint: true, destructiveHint: false },
    expected: 'ask',
    why: 'an untrusted server can mark anything read-only',
  },
  {
    tool: 'spawn_agent',
    server: 'local',
    annotations: { readOnlyHint: false },
    expected: 'approved',
    why: "the host's own tool: the worker's calls are gated, not the hiring",
  },
];

export async function check(exercise: typeof Exercise): Promise<void> {
  const hostGate = new Gate({ trustedServers: [...TRUSTED] });
  for (const entry of CASES) {
    const tool = descriptor(entry);
    const verdict = exercise.decideFromAnnotations(tool, TRUSTED);
    const trust = entry.server === 'local' ? 'the host' : TRUSTED.has(entry.server) ? 'trusted' : 'untrusted';
    expectThat(
      verdict.kind === entry.expected,
      `${entry.tool} on ${entry.server} (${trust}, annotations ${JSON.stringify(entry.annotations)}) got "${verdict.kind}"; it should be "${entry.expected}": ${entry.why}.`,
    );
    expectThat(verdict.reason.trim() !== '', `Give a reason for ${entry.tool}: the person reads it when asked.`);
    if (trust !== 'untrusted') {
      const real = hostGate.decide(tool, {}).kind;
      expectThat(real === verdict.kind, `On a trusted server the host's Gate says "${real}" for ${entry.tool}.`);
    }
  }
}

export const learned = [
  'Annotations are hints from the server: the host decides what they are worth, and only a trusted server can skip a question.',
  'Read-only from a trusted server passes; destructive, unannotated or untrusted asks (MCP defaults destructiveHint to true).',
  "The gate reads the tool, never the server's word about the call: packages/host/src/gate.ts (decisionFromAnnotations).",
];

function descriptor(entry: Case): ToolDescriptor {
  return {
    name: entry.tool,
    originalName: entry.tool,
    server: entry.server,
    description: `${entry.tool} (a tool of the check)`,
    inputSchema: { type: 'object', properties: {} },
    annotations: entry.annotations,
  };
}
