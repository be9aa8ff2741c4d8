// list_resources and read_resource: local tools that let the model page through a server's
// resources and read one. Host side. They are local because the model names the server and the
// host makes the request to exactly that server: a resource always comes from its owner, whatever
// another server lists under the same URI. Both are read-only, so the gate treats them as such.

import { describeError } from './errors.js';
import { base64Bytes, formatBytes } from './limits/format-units.js';
import type { LocalTool } from './local-tools.js';
import type { ToolOutcome } from './tool-types.js';
import type { FeatureClash } from './wire/feature-clashes.js';
import type { ResourceContents, ServerFeatures, ServerResource } from './wire/server-features.js';

export const LIST_RESOURCES_TOOL = 'list_resources';
export const READ_RESOURCE_TOOL = 'read_resource';

/** What the resource tools need of the toolbox. */
export interface ResourceServers {
  readonly serverNames: string[];
  server(name: string): ServerFeatures | undefined;
  readonly featureClashes: readonly FeatureClash[];
}

/** The two tools, or none when no connected server declares resources (nothing to offer). */
export function createResourceTools(servers: ResourceServers): LocalTool[] {
  const offering = servers.serverNames.filter((name) => servers.server(name)?.capabilities.resources === true);
  if (offering.length === 0) return [];
  const serverField = {
    type: 'string',
    enum: offering,
    description: 'The server whose resources these are; a resource is always read from the server that listed it.',
  };
  return [
    {
      name: LIST_RESOURCES_TOOL,
      description: `List one page of a server's resources (URI, name, type) and, on the first page, its resource templates. Servers with resources: ${offering.join(', ')}. Read one with ${READ_RESOURCE_TOOL}.`,
      inputSchema: {
        type: 'object',
        properties: {
          server: serverField,
          cursor: {
            type: 'string',
            description: 'The cursor the previous page ended with; leave out for the first page.',
          },
        },
        required: ['server'],
        additionalProperties: false,
      },
      annotations: { title: 'List resources', readOnlyHint: true, openWorldHint: false },
      run: async (input) => {
        const found = serverOf(servers, offering, input);
        if ('outcome' in found) return found.outcome;
        const cursor = typeof input['cursor'] === 'string' && input['cursor'] !== '' ? input['cursor'] : undefined;
        try {
          const page = await found.server.listResourcesPage(cursor);
          const templates = cursor === undefined ? await found.server.listResourceTemplates() : [];
          return { isError: false, content: describePage(found.server.server, page, templates, servers, cursor) };
        } catch (error) {
          return failure(found.server.server, 'resources/list', describeError(error));
        }
      },
    },
    {
      name: READ_RESOURCE_TOOL,
      description: `Read one resource of a server by its URI (from ${LIST_RESOURCES_TOOL}, a template filled in, or a resource link in a tool result). Servers with resources: ${offering.join(', ')}.`,
      inputSchema: {
        type: 'object',
        properties: { server: serverField, uri: { type: 'string', description: 'The resource URI, e.g. "jar://7".' } },
        required: ['server', 'uri'],
        additionalProperties: false,
      },
      annotations: { title: 'Read a resource', readOnlyHint: true, openWorldHint: false },
      run: async (input) => {
        const found = serverOf(servers, offering, input);
        if ('outcome' in found) return found.outcome;
        const uri = input['uri'];
        if (typeof uri !== 'string' || uri.trim() === '')
          return { isError: true, content: `${READ_RESOURCE_TOOL} needs "uri": the resource's URI, as text.` };
        try {
          return { isError: false, content: describeContents(await found.server.readResource(uri)) };
        } catch (error) {
          return failure(found.server.server, `resources/read ${uri}`, describeError(error));
        }
      },
    },
  ];
}

function serverOf(
  servers: ResourceServers,
  offering: string[],
  input: Record<string, unknown>,
): { server: ServerFeatures } | { outcome: ToolOutcome } {
  const name = input['server'];
  const server = typeof name === 'string' && offering.includes(name) ? servers.server(name) : undefined;
  if (server !== undefined) return { server };
  return {
    outcome: {
      isError: true,
      content: `"server" must name a connected server with resources: ${offering.join(', ')} (got ${JSON.stringify(name ?? null)}).`,
    },
  };
}

function failure(server: string, request: string, detail: string): ToolOutcome {
  return {
    isError: true,
    content: `Server "${server}" answered ${request} with an error: ${detail.replace(/^(MCP error -?\d+: )+/, '')}`,
  };
}

function describePage(
  server: string,
  page: { resources: ServerResource[]; nextCursor?: string },
  templates: { uriTemplate: string; name: string; title?: string; description?: string; mimeType?: string }[],
  servers: ResourceServers,
  cursor: string | undefined,
): string {
  const elsewhere = (uri: string) =>
    servers.featureClashes
      .find((clash) => clash.kind === 'resource' && clash.name === uri)
      ?.servers.filter((other) => other !== server) ?? [];
  const lines = [
    `${server}: ${page.resources.length} resources on this page${cursor === undefined ? '' : ' (a later page)'}.`,
  ];
  for (const resource of page.resources) {
    const others = elsewhere(resource.uri);
    lines.push(
      `- ${resource.uri}${describeItem(resource)}${others.length === 0 ? '' : ` (also listed by ${others.join(', ')}; this one is ${server}'s)`}`,
    );
  }
  if (templates.length > 0) {
    lines.push('Templates (fill in each {…} and read the URI):');
    for (const template of templates) lines.push(`- ${template.uriTemplate}${describeItem(template)}`);
  }
  lines.push(
    page.nextCursor === undefined
      ? 'This is the last page.'
      : `More: call ${LIST_RESOURCES_TOOL} again with server "${server}" and cursor ${JSON.stringify(page.nextCursor)}.`,
  );
  return lines.join('\n');
}

function describeItem(item: { name: string; title?: string; description?: string; mimeType?: string }): string {
  const label = item.title ?? item.name;
  const mime = item.mimeType === undefined ? '' : ` (${item.mimeType})`;
  const description = item.description === undefined ? '' : ` — ${item.description}`;
  return ` "${label}"${mime}${description}`;
}

/** Text contents as they are; binary contents described by type and size (the model reads text). */
export function describeContents(contents: ResourceContents[]): string {
  if (contents.length === 0) return '(the resource is empty)';
  return contents
    .map((content) => {
      const mime = content.mimeType === undefined ? '' : ` (${content.mimeType})`;
      if ('text' in content && typeof content.text === 'string') return `[${content.uri}${mime}]\n${content.text}`;
      const bytes = 'blob' in content && typeof content.blob === 'string' ? base64Bytes(content.blob) : 0;
      return `[${content.uri}${mime}: binary, ${formatBytes(bytes)}, not shown to the model]`;
    })
    .join('\n\n');
}
