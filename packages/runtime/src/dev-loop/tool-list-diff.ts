// What changed in a server's tool list between two listings: tools added, removed, or changed in
// their description, input schema or annotations. Pure; the developer loop (kitchen dev) prints it
// after each restart. Runtime side.

/** The parts of a listed tool the diff compares (a ToolDescriptor has them all). */
export interface ListedTool {
  name: string;
  description?: string;
  inputSchema?: unknown;
  annotations?: unknown;
}

export type ToolPart = 'description' | 'input schema' | 'annotations';

export type ToolListChange =
  | { kind: 'added'; tool: string }
  | { kind: 'removed'; tool: string }
  | { kind: 'changed'; tool: string; parts: ToolPart[] };

/**
 * The changes from `before` to `after`, by tool name: removed ones first, then added, then
 * changed, each in name order. Schemas are compared as JSON with sorted keys, so a server that
 * emits the same schema with its properties in another order has not changed it.
 */
export function diffToolLists(before: readonly ListedTool[], after: readonly ListedTool[]): ToolListChange[] {
  const earlier = new Map(before.map((tool) => [tool.name, tool]));
  const later = new Map(after.map((tool) => [tool.name, tool]));
  const byName = (names: Iterable<string>) => [...names].sort();
  const removed = byName(earlier.keys()).filter((name) => !later.has(name));
  const added = byName(later.keys()).filter((name) => !earlier.has(name));
  const changed: ToolListChange[] = [];
  for (const name of byName(later.keys())) {
    const old = earlier.get(name);
    const now = later.get(name);
    if (old === undefined || now === undefined) continue;
    const parts: ToolPart[] = [];
    if ((old.description ?? '') !== (now.description ?? '')) parts.push('description');
    if (canonicalJson(old.inputSchema) !== canonicalJson(now.inputSchema)) parts.push('input schema');
    if (canonicalJson(old.annotations ?? {}) !== canonicalJson(now.annotations ?? {})) parts.push('annotations');
    if (parts.length > 0) changed.push({ kind: 'changed', tool: name, parts });
  }
  return [
    ...removed.map((tool): ToolListChange => ({ kind: 'removed', tool })),
    ...added.map((tool): ToolListChange => ({ kind: 'added', tool })),
    ...changed,
  ];
}

/** One line per change: "+ weigh_jar (added)", "- old_tool (removed)", "~ roll (description, input schema changed)". */
export function describeToolListChange(change: ToolListChange): string {
  switch (change.kind) {
    case 'added':
      return `+ ${change.tool} (added)`;
    case 'removed':
      return `- ${change.tool} (removed)`;
    case 'changed':
      return `~ ${change.tool} (${change.parts.join(', ')} changed)`;
  }
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)))
      : inner,
  );
}
