// Duplicates: two tools with one name cannot both be called, and two that look alike (a plural, a
// case, a separator, the same description) make a model pick at random. Host side, pure.

import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { type Finding, finding } from '../finding.js';
import { nameWords } from './annotation-rules.js';

/** A name with case, separators and plural endings taken away: list_notes and ListNote agree. */
function nameKey(name: string): string {
  return nameWords(name)
    .map((word) => (word.length > 3 ? word.replace(/s$/, '') : word))
    .join('');
}

export function duplicateToolFindings(tools: readonly Tool[]): Finding[] {
  const findings: Finding[] = [];
  const byName = new Map<string, Tool>();
  const byKey = new Map<string, Tool>();
  const byDescription = new Map<string, Tool>();
  for (const tool of tools) {
    if (byName.has(tool.name)) {
      findings.push(
        finding('tools/duplicate-name', {
          tool: tool.name,
          message: 'Two tools in the list share this name; a host can offer the model only one of them.',
          fix: 'Give every tool a name of its own.',
        }),
      );
      continue;
    }
    byName.set(tool.name, tool);
    const key = nameKey(tool.name);
    const description = tool.description?.trim().toLowerCase() ?? '';
    const sameName = byKey.get(key);
    const sameDescription = description === '' ? undefined : byDescription.get(description);
    const twin = sameName ?? sameDescription;
    if (twin !== undefined) {
      findings.push(
        finding('tools/near-duplicate', {
          tool: tool.name,
          message: `It looks like "${twin.name}" (${sameName === undefined ? 'the same description' : 'nearly the same name'}); a model may call the wrong one.`,
          fix: `Merge the two, or rename and describe them so the difference is plain from the list alone.`,
        }),
      );
    }
    if (!byKey.has(key)) byKey.set(key, tool);
    if (description !== '' && !byDescription.has(description)) byDescription.set(description, tool);
  }
  return findings;
}
