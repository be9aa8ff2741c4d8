// Exercise 4: a gate rule from annotations.
//
// A server annotates its tools (readOnlyHint, destructiveHint, ...), but an annotation is a claim
// by the server, not a fact: a hostile server can mark `wipe_disk` read-only. The host decides
// what a hint is worth. Write the rule:
//   - a tool marked read-only by a server the person trusts passes ('approved');
//   - a tool marked destructive asks, whoever serves it;
//   - an untrusted server's hints are worth nothing: every tool it offers asks;
//   - a tool with no hint that it is read-only asks;
//   - the host's own local tools (server "local") pass.
// Below, every server's hints are believed. Run `pnpm learn 4`.
// The real one: packages/host/src/gate.ts (`decisionFromAnnotations`), which the kitchen uses for
// servers its person trusts.

import type { ToolDescriptor } from '@kitchen/host';

export type AnnotationVerdict = { kind: 'approved'; reason: string } | { kind: 'ask'; reason: string };

export function decideFromAnnotations(tool: ToolDescriptor, trusted: ReadonlySet<string>): AnnotationVerdict {
  void trusted;
  if (tool.server === 'local') return { kind: 'approved', reason: 'local tool' };
  if (tool.annotations.readOnlyHint === true) return { kind: 'approved', reason: 'marked read-only' };
  return { kind: 'ask', reason: `${tool.originalName} on ${tool.server} is not marked read-only.` };
}
