// The diagnostic tools the suite's server-stateless scenario (SEP-2575, revision 2026-07-28)
// calls: one that needs a capability the client may not have declared, one that answers on the
// request's own stream, one that logs only at the level the request asked for. Server side, test
// fixture.

import { inputRequired, type McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const noInput = z.object({});
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

export function registerStatelessDiagnostics(server: McpServer): void {
  // Asking the client's model needs `sampling`: the SDK refuses a client that did not declare it (-32021).
  server.registerTool(
    'test_missing_capability',
    { description: 'Needs the client’s sampling capability.', inputSchema: noInput },
    (_input, ctx) => {
      if (ctx.mcpReq.inputResponses?.sample !== undefined) return text('Success');
      const prompt = { type: 'text' as const, text: 'Say yes.' };
      return inputRequired({
        inputRequests: {
          sample: inputRequired.createMessage({ messages: [{ role: 'user', content: prompt }], maxTokens: 10 }),
        },
      });
    },
  );

  server.registerTool(
    'test_streaming_elicitation',
    { description: 'Reports progress on its own response stream, then answers.', inputSchema: noInput },
    async (_input, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      if (progressToken !== undefined) {
        await ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken, progress: 50, total: 100 },
        });
      }
      return text('Streaming complete');
    },
  );

  // A 2026 request says which level it wants in its _meta; without one the SDK sends no log at all.
  server.registerTool(
    'test_logging_tool',
    { description: 'Logs one line at info level.', inputSchema: noInput },
    async (_input, ctx) => {
      await ctx.mcpReq.log('info', 'Diagnostic trace logging activated');
      return text('Logging evaluated');
    },
  );
}
