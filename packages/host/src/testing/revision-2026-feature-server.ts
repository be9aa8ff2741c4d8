// A 2026-07-28 server with every feature a host meets besides sampling and forms, for tests
// (@kitchen/host/testing/revision-2026): paginated resources, a resource template with completions, a
// prompt, log lines and progress during a call, a call that waits to be cancelled, roots and a link
// asked for with `input_required`, and list changes and resource updates sent on the
// `subscriptions/listen` stream. The v2 server SDK, stateless, on loopback (serveRevision2026Handler).

import { createMcpHandler, inputRequired, McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Revision2026Server } from './revision-2026-server.js';
import { serveRevision2026Handler } from './revision-2026-server.js';

/** The shelves resources/list pages through, two a page. */
export const SHELF_URIS = [
  'pantry://shelf/1',
  'pantry://shelf/2',
  'pantry://shelf/3',
  'pantry://shelf/4',
  'pantry://shelf/5',
];
const PAGE_SIZE = 2;
const RECIPES = ['brioche', 'bagel', 'baguette', 'croissant'];

export interface Revision2026FeatureServer extends Revision2026Server {
  /** What the server saw, in order: "cancelled knead_forever", "log level info", "roots file:///…". */
  readonly observed: string[];
  /** Adds a tool and says so on every open listen stream (notifications/tools/list_changed). */
  addTool(name: string): void;
  /** Says a resource changed (notifications/resources/updated) to the streams that listen for it. */
  resourceUpdated(uri: string): void;
  /** Drops every open HTTP connection, as a crashed server would. */
  dropConnections(): void;
  /** Resolves once the server has received a call of this tool (or at once if it already has). */
  called(tool: string): Promise<void>;
}

/** The log level a 2026 request asked for (`_meta` io.modelcontextprotocol/logLevel), if any. */
function logLevelOf(ctx: { mcpReq: { envelope?: object } }): string | undefined {
  return (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/logLevel'] as
    | string
    | undefined;
}

export async function startRevision2026FeatureServer(): Promise<Revision2026FeatureServer> {
  const observed: string[] = [];
  const extraTools: string[] = [];
  const callWaiters = new Map<string, Array<() => void>>();
  const sawCall = (tool: string) => {
    observed.push(`call ${tool}`);
    for (const resolve of callWaiters.get(tool) ?? []) resolve();
    callWaiters.delete(tool);
  };

  const build = (): McpServer => {
    const server = new McpServer(
      { name: 'pantry-2026', version: '1.0.0' },
      { capabilities: { logging: {}, resources: { subscribe: true, listChanged: true } } },
    );
    for (const uri of SHELF_URIS) {
      server.registerResource(uri, uri, { mimeType: 'text/plain' }, async () => ({
        contents: [{ uri, mimeType: 'text/plain', text: `Shelf ${uri.slice(-1)} holds flour.` }],
      }));
    }
    server.registerResource(
      'recipe',
      new ResourceTemplate('recipe://{name}', {
        list: undefined,
        complete: { name: (value) => RECIPES.filter((recipe) => recipe.startsWith(value)) },
      }),
      { mimeType: 'text/plain' },
      async (uri, variables, ctx) => {
        observed.push(`read log level ${logLevelOf(ctx) ?? 'none'}`);
        return { contents: [{ uri: uri.href, text: `How to bake ${String(variables.name)}.` }] };
      },
    );
    // The SDK answers resources/list in one page; this server pages, as a long catalogue would.
    server.server.setRequestHandler('resources/list', async (request) => {
      const start = Number(request.params?.cursor ?? 0);
      const page = SHELF_URIS.slice(start, start + PAGE_SIZE);
      const next = start + PAGE_SIZE;
      return {
        resources: page.map((uri) => ({ uri, name: uri, mimeType: 'text/plain' })),
        ...(next < SHELF_URIS.length ? { nextCursor: String(next) } : {}),
      };
    });
    server.registerPrompt(
      'bake',
      {
        description: 'A baking plan for one recipe.',
        argsSchema: z.object({ recipe: z.string() }),
      },
      async ({ recipe }, ctx) => {
        observed.push(`prompt log level ${logLevelOf(ctx) ?? 'none'}`);
        return { messages: [{ role: 'user', content: { type: 'text', text: `Plan the bake of ${recipe}.` } }] };
      },
    );
    server.registerTool(
      'knead',
      { description: 'Kneads the dough, reporting progress and logging as it goes.', inputSchema: z.object({}) },
      async (_input, ctx) => {
        sawCall('knead');
        observed.push(`log level ${logLevelOf(ctx) ?? 'none'}`);
        await ctx.mcpReq.log('debug', 'motor at 80 rpm', 'mixer');
        await ctx.mcpReq.log('warning', 'kneading started late', 'mixer');
        const progressToken = ctx.mcpReq._meta?.progressToken;
        if (progressToken !== undefined) {
          for (const progress of [1, 2]) {
            await ctx.mcpReq.notify({
              method: 'notifications/progress',
              params: { progressToken, progress, total: 2, message: `fold ${progress}` },
            });
          }
        }
        return { content: [{ type: 'text', text: 'The dough is smooth.' }] };
      },
    );
    server.registerTool(
      'knead_forever',
      { description: 'Kneads until the caller stops it.', inputSchema: z.object({}) },
      async (_input, ctx) => {
        sawCall('knead_forever');
        await new Promise<void>((resolve) => {
          if (ctx.mcpReq.signal.aborted) resolve();
          ctx.mcpReq.signal.addEventListener('abort', () => resolve(), { once: true });
        });
        observed.push('cancelled knead_forever');
        return { content: [{ type: 'text', text: 'stopped' }] };
      },
    );
    server.registerTool(
      'where',
      { description: 'Asks the host which folders it may work in.', inputSchema: z.object({}) },
      async (_input, ctx) => {
        const answer = ctx.mcpReq.inputResponses?.roots as { roots?: Array<{ uri: string }> } | undefined;
        if (answer?.roots === undefined) return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
        const uris = answer.roots.map((root) => root.uri);
        observed.push(`roots ${uris.join(' ')}`);
        return { content: [{ type: 'text', text: `Working in ${uris.join(', ')}.` }] };
      },
    );
    server.registerTool(
      'sign_for_delivery',
      { description: 'Asks the person to sign on the supplier’s page (a link).', inputSchema: z.object({}) },
      async (_input, ctx) => {
        const answer = ctx.mcpReq.inputResponses?.signature as { action?: string } | undefined;
        if (answer?.action === undefined) {
          return inputRequired({
            inputRequests: {
              signature: inputRequired.elicitUrl({
                message: 'Sign for the flour delivery',
                url: 'https://supplier.example/sign',
              }),
            },
          });
        }
        return { content: [{ type: 'text', text: `The person answered ${answer.action}.` }] };
      },
    );
    server.registerTool(
      'ask_forever',
      { description: 'Asks for the roots again however often it is answered.', inputSchema: z.object({}) },
      async () => inputRequired({ inputRequests: { roots: inputRequired.listRoots() } }),
    );
    server.registerTool('hang', { description: 'Never answers.', inputSchema: z.object({}) }, async () => {
      sawCall('hang');
      return new Promise<never>(() => {});
    });
    server.registerTool(
      'weigh',
      { description: 'Weighs an amount of flour.', inputSchema: z.object({ grams: z.number() }) },
      async ({ grams }) => ({ content: [{ type: 'text', text: `${grams} g weighed.` }] }),
    );
    server.registerTool(
      'smell',
      { description: 'Answers with content no client can read.', inputSchema: z.object({}) },
      // A content block of a type MCP does not have: the client's check of the result refuses it.
      async () => ({ content: [{ type: 'smell', text: 'yeasty' }] }) as never,
    );
    for (const name of extraTools) {
      server.registerTool(name, { description: `Added later: ${name}.`, inputSchema: z.object({}) }, async () => ({
        content: [{ type: 'text', text: `${name} done` }],
      }));
    }
    return server;
  };

  const handler = createMcpHandler(build, { legacy: 'reject' });
  const served = await serveRevision2026Handler(handler);
  return {
    ...served,
    observed,
    addTool: (name) => {
      extraTools.push(name);
      handler.notify.toolsChanged();
    },
    resourceUpdated: (uri) => handler.notify.resourceUpdated(uri),
    dropConnections: () => served.dropConnections(),
    called: (tool) =>
      observed.includes(`call ${tool}`)
        ? Promise.resolve()
        : new Promise<void>((resolve) => callWaiters.set(tool, [...(callWaiters.get(tool) ?? []), resolve])),
  };
}
