// A server with many plain, well-described tools, for measuring how long a check takes (the
// target: 100 tools checked in 2 s without calls). Server side, test fixture, v2 server SDK.

import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function buildManyToolServer(toolCount = 100): McpServer {
  const server = new McpServer({ name: 'many-tools', version: '1.0.0' });
  const inputSchema = z.object({
    jar: z.string().describe('The jar id, e.g. "J-12".'),
    grams: z.number().optional().describe('A weight in grams, e.g. 250.'),
  });
  for (let index = 0; index < toolCount; index += 1) {
    server.registerTool(
      `weigh_shelf_${index}`,
      {
        description: `Weigh every jar on shelf ${index} and return each weight in grams, heaviest first.`,
        annotations: { readOnlyHint: true },
        inputSchema,
      },
      () => ({ content: [{ type: 'text', text: '[]' }] }),
    );
  }
  return server;
}
