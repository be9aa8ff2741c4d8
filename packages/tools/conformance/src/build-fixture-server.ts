// The conformance fixture: one McpServer with every tool, resource and prompt the suite's
// server scenarios call by name. Served by @kitchen/server-kit like any example server, so the
// suite checks the kit too. Server side, test fixture; one server per session.

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerFixturePrompts } from './register-fixture-prompts.js';
import { registerFixtureResources } from './register-fixture-resources.js';
import { registerFixtureTools } from './register-fixture-tools.js';
import { listToolsVerbatim } from './register-verbatim-schema-tool.js';

export const FIXTURE_SERVER_NAME = 'conformance-fixture';

export function buildFixtureServer(): McpServer {
  const server = new McpServer(
    { name: FIXTURE_SERVER_NAME, version: '0.1.0' },
    // Declared here, not later: logging/setLevel is installed only when `logging` is present at
    // construction, and subscribe handlers are refused without `resources.subscribe`.
    { capabilities: { logging: {}, resources: { subscribe: true, listChanged: true } } },
  );
  registerFixtureTools(server);
  registerFixtureResources(server);
  registerFixturePrompts(server);
  // After registerTool installed McpServer's own handler: json_schema_2020_12_tool is listed as written.
  listToolsVerbatim(server, registerFixtureTools);
  return server;
}
