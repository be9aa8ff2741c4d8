// The Vercel AI SDK's loop as a peer (`pnpm bench --peers`): generateText with the tools of the AI
// SDK's own MCP client, driven by an instant fake model that asks for one echo call per turn.
// Host side; a dev dependency of the bench only.

import { createMCPClient } from '@ai-sdk/mcp';
import { generateText, isStepCount } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { ECHO_TOOL } from './echo-server.js';

const USAGE = {
  inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 20, text: 20, reasoning: 0 },
};

/** The same script as EchoTurnsModel, in the AI SDK's model shape; counts steps from the prompt. */
function echoTurnsModel(turns: number, onTurn: () => void): MockLanguageModelV4 {
  let turn = 0;
  return new MockLanguageModelV4({
    doGenerate: async () => {
      turn += 1;
      onTurn();
      if (turn <= turns)
        return {
          content: [
            {
              type: 'tool-call',
              toolCallId: `call_${turn}`,
              toolName: ECHO_TOOL,
              input: JSON.stringify({ text: `turn ${turn}` }),
            },
          ],
          finishReason: { unified: 'tool-calls', raw: 'tool_use' },
          usage: USAGE,
          warnings: [],
        };
      return {
        content: [{ type: 'text', text: 'done' }],
        finishReason: { unified: 'stop', raw: 'end_turn' },
        usage: USAGE,
        warnings: [],
      };
    },
  });
}

export interface PeerLoop {
  name: string;
  /** Runs `turns` echo turns and the closing text turn; returns when each turn started. */
  run(turns: number): Promise<number[]>;
  /** Calls the echo tool once through the peer's MCP client. */
  callOnce(index: number): Promise<void>;
  close(): Promise<void>;
}

export async function openAiSdkLoop(url: string): Promise<PeerLoop> {
  const client = await createMCPClient({ transport: { type: 'http', url } });
  const tools = await client.tools();
  const echo = tools[ECHO_TOOL];
  if (echo?.execute === undefined) throw new Error('The AI SDK MCP client did not list the echo tool.');
  return {
    name: 'Vercel AI SDK',
    run: async (turns) => {
      const turnStarts: number[] = [];
      const result = await generateText({
        model: echoTurnsModel(turns, () => turnStarts.push(performance.now())),
        tools,
        prompt: 'Echo a short text once per turn, then say done.',
        stopWhen: isStepCount(turns + 2),
      });
      if (result.text !== 'done')
        throw new Error(`The AI SDK loop ended without its last turn (${result.finishReason}).`);
      return turnStarts;
    },
    callOnce: async (index) => {
      await echo.execute?.({ text: `call ${index}` }, { toolCallId: `c${index}`, messages: [], context: {} });
    },
    close: () => client.close(),
  };
}
