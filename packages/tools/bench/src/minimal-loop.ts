// The baseline agent loop: the fewest lines that run a model against a raw MCP client (call the
// model, run its tool calls, append the results, repeat). Host side, but not the host's code:
// no events, gate, budget, seatbelts or abort handling.

import type { Message, Model, ToolResultBlock, ToolSpec, ToolUseBlock } from '@kitchen/host';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { resultText } from './raw-client.js';

/** The client's tools in the shape the model seam takes, listed once before the loop. */
export async function listToolSpecs(client: Client): Promise<ToolSpec[]> {
  const { tools } = await client.listTools();
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description ?? '',
    input_schema: tool.inputSchema,
  }));
}

/** Runs until the model answers without tools; returns when each turn started (performance.now()). */
export async function runMinimalLoop(client: Client, model: Model, tools: ToolSpec[], task: string): Promise<number[]> {
  const messages: Message[] = [{ role: 'user', content: task }];
  const turnStarts: number[] = [];
  for (;;) {
    turnStarts.push(performance.now());
    const response = await model.complete({ messages, tools, maxTokens: 4096 });
    messages.push({ role: 'assistant', content: response.content });
    const toolUses = response.content.filter((block): block is ToolUseBlock => block.type === 'tool_use');
    if (toolUses.length === 0) return turnStarts;
    const results = await Promise.all(
      toolUses.map(async (use): Promise<ToolResultBlock> => {
        const result = (await client.callTool({ name: use.name, arguments: use.input })) as CallToolResult;
        return {
          type: 'tool_result',
          tool_use_id: use.id,
          content: resultText(result),
          ...(result.isError ? { is_error: true } : {}),
        };
      }),
    );
    messages.push({ role: 'user', content: results });
  }
}
