// list_resources and read_resource over real Streamable HTTP: the model pages through a server's
// resources and reads one, always from the server it names, and a URI or prompt two servers list
// is reported, never merged. Host side; the servers are small McpServers built here.

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListResourcesRequestSchema, ListResourceTemplatesRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { Gate } from './gate.js';
import { createResourceTools, LIST_RESOURCES_TOOL, READ_RESOURCE_TOOL } from './resource-tools.js';
import { createRecordingContext } from './testing/recording-context.js';
import { serveOverHttp } from './testing/serve-over-http.js';
import { Toolbox } from './toolbox.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A shelf server whose jar://1 says who served it, with a template and a prompt. */
function shelfServer(owner: string, options: { secret?: boolean } = {}): McpServer {
  const server = new McpServer({ name: owner, version: '1.0.0' });
  server.registerResource('jar-1', 'jar://1', { title: 'Jar 1', mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: `jar 1 as ${owner} keeps it` }],
  }));
  if (options.secret === true) {
    server.registerResource('label', 'label://png', { mimeType: 'image/png' }, async (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'image/png', blob: Buffer.alloc(3000).toString('base64') }],
    }));
  }
  server.registerResource(
    'jar',
    new ResourceTemplate('jar://{id}', { list: undefined }),
    { title: 'A jar by number' },
    async (uri, { id }) => ({ contents: [{ uri: uri.href, text: `jar ${String(id)} from ${owner}` }] }),
  );
  server.registerPrompt('audit', { description: 'Audit the shelf' }, async () => ({
    messages: [{ role: 'user', content: { type: 'text', text: `audit ${owner}` } }],
  }));
  return server;
}

function toolsOnlyServer(): McpServer {
  const server = new McpServer({ name: 'dice', version: '1.0.0' });
  server.registerTool('roll', { description: 'Roll a die' }, async () => ({ content: [{ type: 'text', text: '4' }] }));
  return server;
}

/** A low-level server that lists 5 resources two to a page, as a server with many would. */
function pagedServer(): Server {
  const server = new Server({ name: 'paged', version: '1.0.0' }, { capabilities: { resources: {} } });
  const uris = [1, 2, 3, 4, 5].map((n) => `page://${n}`);
  server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const start = Number(request.params?.cursor ?? 0);
    const next = start + 2 < uris.length ? { nextCursor: String(start + 2) } : {};
    return { resources: uris.slice(start, start + 2).map((uri) => ({ uri, name: uri })), ...next };
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: [] }));
  return server;
}

async function connect(servers: Record<string, () => McpServer | Server>): Promise<Toolbox> {
  const connections = [];
  for (const [name, build] of Object.entries(servers)) {
    const served = await serveOverHttp(build);
    cleanups.push(() => served.close());
    connections.push({ name, url: served.url });
  }
  const toolbox = await Toolbox.connect(connections);
  cleanups.push(() => toolbox.close());
  for (const tool of createResourceTools(toolbox)) toolbox.addLocalTool(tool);
  return toolbox;
}

describe('the resource tools', () => {
  it('are offered only when a connected server declares resources, and only for those servers', async () => {
    const diceOnly = await connect({ dice: toolsOnlyServer });
    expect(diceOnly.find(LIST_RESOURCES_TOOL)).toBeUndefined();
    expect(diceOnly.localToolCount).toBe(0);

    const toolbox = await connect({ dice: toolsOnlyServer, shelf: () => shelfServer('shelf') });
    expect(toolbox.localToolCount).toBe(2);
    expect(toolbox.find(READ_RESOURCE_TOOL)?.inputSchema['properties']).toMatchObject({
      server: { enum: ['shelf'] },
    });
  });

  it('pass the gate as read-only tools, as any read-only tool does', async () => {
    const toolbox = await connect({ shelf: () => shelfServer('shelf') });
    const gate = new Gate();
    for (const name of [LIST_RESOURCES_TOOL, READ_RESOURCE_TOOL]) {
      const tool = toolbox.find(name);
      expect(tool).toMatchObject({ server: 'local', annotations: { readOnlyHint: true } });
      expect(gate.decide(tool!, {})).toMatchObject({ kind: 'approved' });
    }
  });

  it('list a page with the templates, read a resource and a filled-in template, and describe a binary one', async () => {
    const toolbox = await connect({ shelf: () => shelfServer('shelf', { secret: true }) });
    const { context } = createRecordingContext();
    const listed = await toolbox.call(LIST_RESOURCES_TOOL, { server: 'shelf' }, context);
    expect(listed.isError).toBe(false);
    expect(listed.content).toContain('- jar://1 "Jar 1" (text/plain)');
    expect(listed.content).toContain('- jar://{id} "A jar by number"');
    expect(listed.content).toContain('This is the last page.');

    expect(await toolbox.call(READ_RESOURCE_TOOL, { server: 'shelf', uri: 'jar://1' }, context)).toEqual({
      isError: false,
      content: '[jar://1 (text/plain)]\njar 1 as shelf keeps it',
    });
    expect((await toolbox.call(READ_RESOURCE_TOOL, { server: 'shelf', uri: 'jar://9' }, context)).content).toBe(
      '[jar://9]\njar 9 from shelf',
    );
    expect((await toolbox.call(READ_RESOURCE_TOOL, { server: 'shelf', uri: 'label://png' }, context)).content).toBe(
      '[label://png (image/png): binary, 3 KB, not shown to the model]',
    );
  });

  it('page through a long list one call a page, following the cursor the model is given', async () => {
    const toolbox = await connect({ paged: pagedServer });
    const { context } = createRecordingContext();
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const listed = await toolbox.call(
        LIST_RESOURCES_TOOL,
        { server: 'paged', ...(cursor === undefined ? {} : { cursor }) },
        context,
      );
      seen.push(...[...listed.content.matchAll(/^- (\S+)/gm)].map((match) => match[1] ?? ''));
      const next = /cursor ("[^"]*")\.$/.exec(listed.content)?.[1];
      if (next === undefined) break;
      cursor = JSON.parse(next) as string;
    }
    expect(seen).toEqual(['page://1', 'page://2', 'page://3', 'page://4', 'page://5']);
  });

  it('answer a bad server name or an unknown URI with an error the model can act on', async () => {
    const toolbox = await connect({ dice: toolsOnlyServer, shelf: () => shelfServer('shelf') });
    const { context } = createRecordingContext();
    const wrongServer = await toolbox.call(READ_RESOURCE_TOOL, { server: 'dice', uri: 'jar://1' }, context);
    expect(wrongServer).toMatchObject({ isError: true });
    expect(wrongServer.content).toContain('"server" must name a connected server with resources: shelf');
    const unknown = await toolbox.call(READ_RESOURCE_TOOL, { server: 'shelf', uri: 'nope://1' }, context);
    expect(unknown.isError).toBe(true);
    expect(unknown.content).toMatch(/^Server "shelf" answered resources\/read nope:\/\/1 with an error: .*nope:\/\/1/);
  });

  it('read a URI two servers list from the server the model names, and report the clash', async () => {
    const toolbox = await connect({ 'cookie-jars': () => shelfServer('cookie-jars'), evil: () => shelfServer('evil') });
    expect(toolbox.featureClashes).toEqual([
      expect.objectContaining({ kind: 'resource', name: 'jar://1', servers: ['cookie-jars', 'evil'] }),
      expect.objectContaining({ kind: 'prompt', name: 'audit', servers: ['cookie-jars', 'evil'] }),
    ]);
    const { context } = createRecordingContext();
    const real = await toolbox.call(READ_RESOURCE_TOOL, { server: 'cookie-jars', uri: 'jar://1' }, context);
    expect(real.content).toContain('jar 1 as cookie-jars keeps it');
    const listed = await toolbox.call(LIST_RESOURCES_TOOL, { server: 'cookie-jars' }, context);
    expect(listed.content).toContain(
      '- jar://1 "Jar 1" (text/plain) (also listed by evil; this one is cookie-jars\'s)',
    );
    const prompt = await toolbox.server('evil')?.getPrompt('audit');
    expect(JSON.stringify(prompt?.messages)).toContain('audit evil');
  });
});
