// Builds the names the model sees from every server's tool list and the host's local tools.
// Host side: namespacing happens here, so two servers can offer a tool of the same name and no
// server can borrow another's.

import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { LocalTool } from '../local-tools.js';
import type { ToolAnnotations, ToolDescriptor } from '../tool-types.js';
import { type ToolApp, toolApp } from './mcp-apps.js';
import { modelFacingName, validCharacters } from './names/model-facing-name.js';
import { nameKey, startsWithName } from './names/name-forms.js';

/** The server name of tools that run inside the host. */
export const LOCAL_SERVER = 'local';

/** Joins server and tool when a name clashes: "cookie-jars__inspect_jar". */
export const NAMESPACE_SEPARATOR = '__';

export interface ServerTools {
  server: string;
  tools: Tool[];
}

/** Two owners wanted names a reader could take for one another; says who got what, so a person can be told. */
export interface ToolClash {
  /**
   * shared: several owners offer names that differ only by case, a look-alike or a separator;
   * borrowed: a server offers a name that reads as another owner's `<server> <tool>` or
   * `<server>__…` name.
   */
  kind: 'shared' | 'borrowed';
  /** The name as first offered. */
  name: string;
  /** Each offer and the name the model sees it by. */
  owners: { server: string; tool: string; shownAs: string }[];
  /** For `borrowed`: the owner whose name it reads as. */
  imitated?: string;
  /** What the index did about it, in a sentence. */
  resolution: string;
}

export interface ToolIndex {
  tools: Map<string, ToolDescriptor>;
  clashes: ToolClash[];
}

interface Offer {
  server: string;
  name: string;
  make: (shownAs: string) => ToolDescriptor;
}

/**
 * The names the model sees, such that no server can pass its tool off as another owner's:
 * - a local tool keeps its plain name (local tools run with the host's privileges);
 * - a server tool keeps its plain name only when no other owner offers a name that differs from
 *   it only by case, Unicode form, a look-alike or a separator (see nameKey), and it does not read
 *   as another owner's name (`cookie-jars.discard_jar`, `COOKIE-JARS__DISCARD_JAR`, anything
 *   containing `cookiejarsdiscardjar` or starting with a server's name as a word); otherwise it is
 *   shown as `<its server>__<name>`, so evil's `cookie-jars.discard_jar` is `evil__cookie-jars_discard_jar`;
 * - every shown name fits the model APIs (MODEL_TOOL_NAME), and no two shown names share a key:
 *   a name that would is cut and given a stable hash of its real name (modelFacingName); plain
 *   names are placed before namespaced ones, so an impostor never pushes the real tool aside.
 * The descriptor keeps the real server and name: dispatch sends `tools/call` with the real name.
 * Each descriptor carries its own server's annotations only. Order: servers as given, then name.
 */
export function indexTools(servers: ServerTools[], localTools: LocalTool[]): ToolIndex {
  const owners = [...servers.map((entry) => entry.server), LOCAL_SERVER];
  const offersByKey = new Map<string, Set<string>>();
  const qualified: { server: string; tool: string; key: string; bare: string }[] = [];
  const offer = (server: string, name: string) => {
    const key = nameKey(name);
    offersByKey.set(key, (offersByKey.get(key) ?? new Set()).add(server));
    qualified.push({ server, tool: name, key: `${nameKey(server)}${key}`, bare: key });
  };
  for (const tool of localTools) offer(LOCAL_SERVER, tool.name);
  for (const server of servers)
    for (const name of new Set(server.tools.map((tool) => tool.name))) offer(server.server, name);
  const imitatedBy = (server: string, name: string): string | undefined => {
    if (name.startsWith(`${server}${NAMESPACE_SEPARATOR}`)) return server;
    const key = nameKey(name);
    return (
      owners.find((owner) => owner !== server && startsWithName(name, owner)) ??
      qualified.find(
        (entry) =>
          entry.server !== server &&
          ((entry.key !== '' && key.includes(entry.key)) ||
            (entry.bare !== '' && entry.bare !== key && key.includes(entry.bare))),
      )?.server
    );
  };

  const local: Offer[] = localTools.map((tool) => ({
    server: LOCAL_SERVER,
    name: tool.name,
    make: (shownAs) => ({
      name: shownAs,
      originalName: tool.name,
      server: LOCAL_SERVER,
      description: tool.description,
      inputSchema: tool.inputSchema,
      annotations: tool.annotations ?? {},
    }),
  }));
  const plain: Offer[] = [];
  const namespaced: (Offer & { imitated?: string })[] = [];
  const repeated: Pick<Offer, 'server' | 'name'>[] = [];
  for (const { server, tools: offered } of servers) {
    const seen = new Set<string>();
    for (const tool of [...offered].sort((left, right) => left.name.localeCompare(right.name))) {
      if (seen.has(tool.name)) {
        repeated.push({ server, name: tool.name });
        continue;
      }
      seen.add(tool.name);
      const make = (shownAs: string): ToolDescriptor => ({
        name: shownAs,
        originalName: tool.name,
        server,
        description: tool.description ?? tool.title ?? '',
        inputSchema: tool.inputSchema,
        annotations: pickAnnotations(tool),
        ...withApp(toolApp(tool)),
      });
      const imitated = imitatedBy(server, tool.name);
      const shared = (offersByKey.get(nameKey(tool.name))?.size ?? 0) > 1;
      if (!shared && imitated === undefined) plain.push({ server, name: tool.name, make });
      else namespaced.push({ server, name: tool.name, make, ...(imitated === undefined ? {} : { imitated }) });
    }
  }

  const tools = new Map<string, ToolDescriptor>();
  const holders = new Map<string, ToolDescriptor>();
  const clashes = new Map<string, ToolClash>();
  const place = (entry: Offer, wanted: string): ToolDescriptor => {
    const holder = holders.get(nameKey(validCharacters(wanted)));
    const shownAs = modelFacingName(wanted, { server: entry.server, name: entry.name }, (name) =>
      holders.has(nameKey(name)),
    );
    const descriptor = entry.make(shownAs);
    holders.set(nameKey(shownAs), descriptor);
    tools.set(shownAs, descriptor);
    if (holder !== undefined) noteTaken(clashes, holder, entry, shownAs);
    return descriptor;
  };
  for (const entry of [...local, ...plain]) place(entry, entry.name);
  for (const entry of namespaced) {
    const shown = place(entry, `${entry.server}${NAMESPACE_SEPARATOR}${entry.name}`);
    if (entry.imitated !== undefined) noteBorrowed(clashes, entry, shown.name, entry.imitated);
    else noteShared(clashes, entry, shown.name, tools);
  }
  for (const entry of repeated) {
    const holder = [...tools.values()].find(
      (shown) => shown.server === entry.server && shown.originalName === entry.name,
    );
    if (holder !== undefined) noteTaken(clashes, holder, entry, undefined);
  }
  return {
    tools: new Map([...tools].sort(byOwnerOrder(servers.map((entry) => entry.server)))),
    clashes: [...clashes.values()],
  };
}

/** Names several owners offer (up to case, look-alikes, separators): each server's copy is namespaced; told once. */
function noteShared(
  clashes: Map<string, ToolClash>,
  entry: Offer,
  shownAs: string,
  tools: Map<string, ToolDescriptor>,
): void {
  const key = `shared:${nameKey(entry.name)}`;
  const clash = clashes.get(key) ?? { kind: 'shared', name: entry.name, owners: [], resolution: '' };
  clash.owners.push({ server: entry.server, tool: entry.name, shownAs });
  const holder = [...tools.values()].find(
    (tool) => tool.server === LOCAL_SERVER && nameKey(tool.originalName) === nameKey(entry.name),
  );
  const shown = clash.owners.map((owner) => `${owner.server}'s "${owner.tool}" as "${owner.shownAs}"`);
  clash.resolution = `${[...new Set(clash.owners.map((owner) => owner.server))].join(' and ')}${
    holder === undefined ? '' : ' and the host'
  } offer tools a reader could take for one another: ${shown.join(', ')}${holder === undefined ? '' : `; the host's keeps "${holder.name}"`}.`;
  clashes.set(key, clash);
}

/** A name already shown for another tool (or listed twice): the first keeps it; a second copy is dropped, another tool gets a hash. */
function noteTaken(
  clashes: Map<string, ToolClash>,
  holder: ToolDescriptor,
  entry: Pick<Offer, 'server' | 'name'>,
  shownAs: string | undefined,
): void {
  const key = `taken:${holder.name}`;
  const clash = clashes.get(key) ?? {
    kind: 'shared',
    name: holder.name,
    owners: [{ server: holder.server, tool: holder.originalName, shownAs: holder.name }],
    resolution: '',
  };
  clash.owners.push({ server: entry.server, tool: entry.name, shownAs: shownAs ?? holder.name });
  clash.resolution =
    shownAs === undefined
      ? `${entry.server} lists "${entry.name}" more than once: it is shown once, as "${holder.name}".`
      : `"${holder.name}" stays with ${holder.server}'s ${holder.originalName}; ${entry.server}'s ${entry.name} is shown as "${shownAs}".`;
  clashes.set(key, clash);
}

/** A server's tool named like another owner's: kept under its own server, and the person is told. */
function noteBorrowed(clashes: Map<string, ToolClash>, entry: Offer, shownAs: string, imitated: string): void {
  const whose = imitated === entry.server ? 'its own namespaced form' : `a name that reads as ${imitated}'s`;
  clashes.set(`borrowed:${entry.server}:${entry.name}`, {
    kind: 'borrowed',
    name: entry.name,
    owners: [{ server: entry.server, tool: entry.name, shownAs }],
    imitated,
    resolution: `${entry.server} offers a tool named "${entry.name}", ${whose}: it is shown to the model as "${shownAs}", never as ${imitated}'s.`,
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

function withApp(app: ToolApp | undefined): { app?: ToolApp } {
  return app === undefined ? {} : { app };
}
