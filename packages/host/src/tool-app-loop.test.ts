// A tool with an MCP App, end to end over real HTTP: the host advertises the Apps extension, reads
// the tool's `_meta.ui.resourceUri`, and the loop's tool-result event carries the App and the
// whole CallToolResult (structuredContent included) for a page to render; a tool without an App
// keeps its events as they were.

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { allowAllGate } from './gate.js';
import type { LoopEvent } from './loop-event.js';
import { runAgentLoop } from './run-agent-loop.js';
import { collectEvents } from './testing/recording-context.js';
import { ScriptedModel, textTurn, toolTurn } from './testing/scripted-model.js';
import { serveOverHttp } from './testing/serve-over-http.js';
import { Toolbox } from './toolbox.js';
import { MCP_APPS_EXTENSION } from './wire/mcp-apps.js';

const advertised: unknown[] = [];

function boardServer(): McpServer {
  const server = new McpServer({ name: 'board', version: '1.0.0' });
  server.registerTool(
    'pin',
    { description: 'Pin a note', _meta: { ui: { resourceUri: 'ui://board/app' } } },
    async () => {
      advertised.push(server.server.getClientCapabilities()?.extensions?.[MCP_APPS_EXTENSION]);
      return { content: [{ type: 'text', text: 'pinned' }], structuredContent: { notes: 1 } };
    },
  );
  server.registerTool('count', { description: 'Count notes' }, async () => ({
    content: [{ type: 'text', text: '1' }],
    structuredContent: { notes: 1 },
  }));
  return server;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a tool with an MCP App', () => {
  it('gets the extension advertised, and its tool-result event carries the App and the whole result', async () => {
    const served = await serveOverHttp(boardServer);
    cleanups.push(() => served.close());
    const toolbox = await Toolbox.connect([{ name: 'board', url: served.url }]);
    cleanups.push(() => toolbox.close());
    expect(toolbox.list().find((tool) => tool.name === 'pin')?.app).toEqual({ resourceUri: 'ui://board/app' });
    const model = new ScriptedModel([toolTurn({ name: 'pin' }, { name: 'count' }), textTurn('Done.')]);
    const events: LoopEvent[] = await collectEvents(
      runAgentLoop({ messages: [{ role: 'user', content: 'Pin a note' }], model, toolbox, gate: allowAllGate }),
    );
    expect(advertised).toEqual([{ mimeTypes: ['text/html;profile=mcp-app'] }]);
    const results = events.filter((event) => event.type === 'tool-result');
    expect(results.find((event) => event.tool === 'pin')).toMatchObject({
      app: {
        resourceUri: 'ui://board/app',
        result: { content: [{ type: 'text', text: 'pinned' }], structuredContent: { notes: 1 } },
      },
    });
    expect(results.find((event) => event.tool === 'count')).not.toHaveProperty('app');
  });
});
