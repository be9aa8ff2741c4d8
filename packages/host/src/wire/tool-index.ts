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

/**
 * A name offered by more than one owner is namespaced as server__tool for every remote owner;
 * names nobody else offers stay plain. A local tool always keeps its plain name, so a server
 * cannot pass its own tool off as one of the host's (local tools are approved by rule).
 */
export function indexTools(servers: ServerTools[], localTools: LocalTool[]): Map<string, ToolDescriptor> {
  const owners = new Map<string, number>();
  const count = (name: string) => owners.set(name, (owners.get(name) ?? 0) + 1);
  for (const server of servers) for (const tool of server.tools) count(tool.name);
  for (const tool of localTools) count(tool.name);

  const index = new Map<string, ToolDescriptor>();
  for (const { server, tools } of servers) {
    for (const tool of tools) {
      const clashes = (owners.get(tool.name) ?? 0) > 1;
      const name = clashes ? `${server}${NAMESPACE_SEPARATOR}${tool.name}` : tool.name;
      index.set(name, {
        name,
        originalName: tool.name,
        server,
        description: tool.description ?? tool.title ?? '',
        inputSchema: tool.inputSchema,
        annotations: pickAnnotations(tool),
      });
    }
  }
  for (const tool of localTools) {
    index.set(tool.name, {
      name: tool.name,
      originalName: tool.name,
      server: LOCAL_SERVER,
      description: tool.description,
      inputSchema: tool.inputSchema,
      annotations: tool.annotations ?? {},
    });
  }
  return index;
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
