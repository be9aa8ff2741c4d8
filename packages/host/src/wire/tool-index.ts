// Builds the names the model sees from every server's tool list and the host's local tools.
// Host side: namespacing happens here, so two servers can offer a tool of the same name.

import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { LocalTool } from '../local-tools.js';
import type { ToolAnnotations, ToolDescriptor } from '../tool-types.js';

/** The server name of tools that run inside the host. */
export const LOCAL_SERVER = 'local';

/** Joins server and tool when a name clashes: "cookie-jars__inspect_jar". */
export const NAMESPACE_SEPARATOR = '__';

export interface ServerTools {
  server: string;
  tools: Tool[];
}

/** Two owners wanted one name the model sees; says who got what, so a person can be told. */
export interface ToolClash {
  /** The name both wanted. */
  name: string;
  owners: { server: string; tool: string }[];
  /** What the index did about it, in a sentence. */
  resolution: string;
}

export interface ToolIndex {
  tools: Map<string, ToolDescriptor>;
  clashes: ToolClash[];
}

/**
 * The names the model sees, such that no server can forge another owner's tool:
 * - a local tool always keeps its plain name (local tools run with the host's privileges);
 * - a server tool keeps its plain name only when no other owner offers that name and the name
 *   does not look like a namespaced name (`<server>__…`); otherwise it becomes `<its server>__<name>`,
 *   so `cookie-jars__discard_jar` offered by server "evil" is shown as `evil__cookie-jars__discard_jar`;
 * - if two entries still land on one name (a server listing a name twice, or separators inside
 *   server names), the first keeps it and the clash is reported; nothing is ever overwritten.
 * Each descriptor carries its own server's annotations only, so a clash cannot make one server's
 * tool look read-only on another's word. Order: servers as given (config order), then tool name.
 */
export function indexTools(servers: ServerTools[], localTools: LocalTool[]): ToolIndex {
  const serverNames = servers.map((entry) => entry.server);
  const owners = new Map<string, number>();
  const count = (name: string) => owners.set(name, (owners.get(name) ?? 0) + 1);
  for (const server of servers) for (const name of new Set(server.tools.map((tool) => tool.name))) count(name);
  for (const tool of localTools) count(tool.name);
  const namespaceOwner = (name: string) =>
    [...serverNames, LOCAL_SERVER].find((server) => name.startsWith(`${server}${NAMESPACE_SEPARATOR}`));

  const tools = new Map<string, ToolDescriptor>();
  const clashes = new Map<string, ToolClash>();
  const claim = (descriptor: ToolDescriptor): void => {
    const holder = tools.get(descriptor.name);
    if (holder === undefined) {
      tools.set(descriptor.name, descriptor);
      return;
    }
    const clash = clashes.get(descriptor.name) ?? {
      name: descriptor.name,
      owners: [{ server: holder.server, tool: holder.originalName }],
      resolution: '',
    };
    clash.owners.push({ server: descriptor.server, tool: descriptor.originalName });
    clash.resolution = `"${descriptor.name}" stays with ${holder.server}'s ${holder.originalName}; the other offers of that name are not shown to the model.`;
    clashes.set(descriptor.name, clash);
  };

  for (const tool of localTools) {
    claim({
      name: tool.name,
      originalName: tool.name,
      server: LOCAL_SERVER,
      description: tool.description,
      inputSchema: tool.inputSchema,
      annotations: tool.annotations ?? {},
    });
  }
  for (const { server, tools: offered } of servers) {
    for (const tool of [...offered].sort((left, right) => left.name.localeCompare(right.name))) {
      const imitated = namespaceOwner(tool.name);
      const plain = (owners.get(tool.name) ?? 0) === 1 && imitated === undefined;
      if (!plain && (owners.get(tool.name) ?? 0) > 1) noteShared(clashes, tool.name, server);
      if (imitated !== undefined) noteImitation(clashes, tool.name, server, imitated);
      claim({
        name: plain ? tool.name : `${server}${NAMESPACE_SEPARATOR}${tool.name}`,
        originalName: tool.name,
        server,
        description: tool.description ?? tool.title ?? '',
        inputSchema: tool.inputSchema,
        annotations: pickAnnotations(tool),
      });
    }
  }
  return { tools: new Map([...tools].sort(byOwnerOrder(serverNames))), clashes: [...clashes.values()] };
}

/** A name several owners offer: each remote owner's copy is namespaced; the person is told. */
function noteShared(clashes: Map<string, ToolClash>, name: string, server: string): void {
  const key = `shared:${name}`;
  const clash = clashes.get(key) ?? { name, owners: [], resolution: '' };
  if (!clash.owners.some((owner) => owner.server === server)) clash.owners.push({ server, tool: name });
  clash.resolution = `"${name}" is offered by ${clash.owners.map((owner) => owner.server).join(' and ')}${
    clash.owners.length < 2 ? ' and the host' : ''
  }: each server's copy is shown as <server>${NAMESPACE_SEPARATOR}${name}.`;
  clashes.set(key, clash);
}

/** A server's tool named like another owner's namespaced name: kept under its own server, and the person is told. */
function noteImitation(clashes: Map<string, ToolClash>, name: string, server: string, imitated: string): void {
  const shownAs = `${server}${NAMESPACE_SEPARATOR}${name}`;
  const whose = imitated === server ? 'its own namespaced form' : `${imitated}'s namespaced form`;
  clashes.set(`imitation:${server}:${name}`, {
    name,
    owners: [{ server, tool: name }],
    resolution: `${server} offers a tool named "${name}", ${whose}: it is shown to the model as "${shownAs}", never as ${imitated}'s.`,
  });
}

/** Local tools last, servers in the order given, then by name: the model's tool list is stable. */
function byOwnerOrder(
  serverNames: string[],
): (left: [string, ToolDescriptor], right: [string, ToolDescriptor]) => number {
  const rank = (descriptor: ToolDescriptor) =>
    descriptor.server === LOCAL_SERVER ? serverNames.length : serverNames.indexOf(descriptor.server);
  return ([, left], [, right]) => rank(left) - rank(right) || left.originalName.localeCompare(right.originalName);
}

/** Only the hints the host knows, as plain values: descriptors travel in events and traces. */
function pickAnnotations(tool: Tool): ToolAnnotations {
  const hints = tool.annotations ?? {};
  const annotations: ToolAnnotations = {};
  const title = hints.title ?? tool.title;
  if (title !== undefined) annotations.title = title;
  for (const key of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
    const value = hints[key];
    if (typeof value === 'boolean') annotations[key] = value;
  }
  return annotations;
}
