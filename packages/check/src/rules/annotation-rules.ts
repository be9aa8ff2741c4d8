// Annotations: a host asks before a destructive call and may let a read-only one through, so a tool
// whose name says delete (or get) should say so in its hints too. Host side, pure. The hints stay
// hints: the host trusts them only from servers its person trusts.

import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { type Finding, finding } from '../finding.js';

const DESTRUCTIVE_WORDS = new Set([
  'delete',
  'remove',
  'discard',
  'drop',
  'destroy',
  'erase',
  'purge',
  'wipe',
  'truncate',
  'kill',
  'terminate',
  'revoke',
  'reset',
  'overwrite',
  'clear',
  'unlink',
  'rm',
  'del',
  'uninstall',
  'cancel',
]);
const READ_ONLY_WORDS = new Set([
  'get',
  'list',
  'read',
  'fetch',
  'search',
  'find',
  'show',
  'describe',
  'query',
  'lookup',
  'count',
  'view',
  'inspect',
  'browse',
  'peek',
  'check',
  'status',
]);

/** The words of a tool name: snake_case, kebab-case, dotted, slashed and camelCase alike. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.\-/:]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
}

export function annotationFindings(tools: readonly Tool[]): Finding[] {
  const findings: Finding[] = [];
  for (const tool of tools) {
    const words = nameWords(tool.name);
    const destructive = words.find((word) => DESTRUCTIVE_WORDS.has(word));
    const hints = tool.annotations ?? {};
    if (destructive !== undefined) {
      if (hints.destructiveHint !== true && hints.readOnlyHint !== true) {
        findings.push(
          finding('annotation/destructive-without-hint', {
            tool: tool.name,
            message: `The name says "${destructive}", but the tool does not set destructiveHint: true, so a host cannot tell it apart from a harmless one.`,
            fix: 'Set annotations: { destructiveHint: true } (and idempotentHint when repeating it changes nothing more).',
          }),
        );
      }
      continue;
    }
    const first = words[0];
    if (first !== undefined && READ_ONLY_WORDS.has(first) && hints.readOnlyHint !== true) {
      findings.push(
        finding('annotation/read-only-without-hint', {
          tool: tool.name,
          message: `The name says "${first}", but the tool does not set readOnlyHint: true, so hosts ask before every call as if it changed something.`,
          fix: 'Set annotations: { readOnlyHint: true } if it changes nothing; otherwise rename it so the name says what it changes.',
        }),
      );
    }
  }
  return findings;
}
