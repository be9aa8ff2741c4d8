// Resources and prompts that more than one server offers under the same URI or name. Host side:
// a resource or a prompt is always reached through the server that listed it (read_resource and
// prompts/get name the server), so no server can answer for another; a shared name is still worth
// telling the person, because it may be a server passing itself off as another.

import { nameKey } from './names/name-forms.js';

/** What one server listed, by the names a person or a model would use to ask for it. */
export interface ServerFeatureNames {
  server: string;
  resourceUris: string[];
  promptNames: string[];
}

/** A resource URI or a prompt name offered by several servers, and what the host does about it. */
export interface FeatureClash {
  kind: 'resource' | 'prompt';
  /** The URI (resources) or name (prompts) several servers offer. */
  name: string;
  /** The servers that offer it, in the order given. */
  servers: string[];
  /** What the host does about it, in a sentence. */
  resolution: string;
}

/** Clashes in server order, resources first; a server listing a name twice is not a clash. */
export function findFeatureClashes(servers: readonly ServerFeatureNames[]): FeatureClash[] {
  return [
    ...clashesOf('resource', servers, (server) => server.resourceUris),
    ...clashesOf('prompt', servers, (server) => server.promptNames),
  ];
}

function clashesOf(
  kind: FeatureClash['kind'],
  servers: readonly ServerFeatureNames[],
  namesOf: (server: ServerFeatureNames) => string[],
): FeatureClash[] {
  // Prompt names are compared as a reader takes them (case, look-alikes, separators): the first
  // offer names the group. URIs are compared exactly.
  const owners = new Map<string, string[]>();
  const shownName = new Map<string, string>();
  for (const server of servers) {
    for (const name of new Set(namesOf(server))) {
      const key = kind === 'prompt' ? nameKey(name) || name : name;
      if (!shownName.has(key)) shownName.set(key, name);
      const holders = owners.get(key) ?? [];
      if (!holders.includes(server.server)) owners.set(key, [...holders, server.server]);
    }
  }
  const how =
    kind === 'resource'
      ? 'each server’s copy is read only from that server, named with its URI'
      : 'each server’s prompt is fetched only from that server, named with the prompt';
  return [...owners]
    .filter(([, holders]) => holders.length > 1)
    .map(([key, holders]) => ({
      kind,
      name: shownName.get(key) ?? key,
      servers: holders,
      resolution: `${kind} "${shownName.get(key) ?? key}" is offered by ${holders.join(' and ')}: ${how}; nothing is merged.`,
    }));
}
