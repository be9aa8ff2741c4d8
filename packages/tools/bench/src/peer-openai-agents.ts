// OpenAI Agents JS as a peer (`pnpm bench --peers`): its Runner with the echo server attached as an
// MCPServerStreamableHttp, driven by an instant fake model that asks for one echo call per turn.
// Host side; a dev dependency of the bench only.

import {
  Agent,
  type AgentOutputItem,
  MCPServerStreamableHttp,
  type Model,
  type ModelResponse,
  run,
  setTracingDisabled,
  Usage,
} from '@openai/agents';
import { ECHO_TOOL } from './echo-server.js';
import type { PeerLoop } from './peer-ai-sdk.js';

/** The same script as EchoTurnsModel, in the Agents SDK's model shape. */
class EchoTurnsAgentModel implements Model {
  #turn = 0;

  constructor(
    readonly turns: number,
    readonly onTurn: () => void,
  ) {}

  async getResponse(): Promise<ModelResponse> {
    this.#turn += 1;
    this.onTurn();
    const usage = new Usage({ requests: 1, inputTokens: 100, outputTokens: 20, totalTokens: 120 });
    const output: AgentOutputItem[] =
      this.#turn <= this.turns
        ? [
            {
              type: 'function_call',
              callId: `call_${this.#turn}`,
              name: ECHO_TOOL,
              arguments: JSON.stringify({ text: `turn ${this.#turn}` }),
              status: 'completed',
            },
          ]
        : [
            {
              type: 'message',
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'output_text', text: 'done' }],
            },
          ];
    return { usage, output };
  }

  // biome-ignore lint/correctness/useYield: the bench never streams.
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('The bench runs the Agents SDK without streaming.');
  }
}

export async function openOpenAiAgentsLoop(url: string): Promise<PeerLoop> {
  setTracingDisabled(true);
  const server = new MCPServerStreamableHttp({ url, name: 'echo', cacheToolsList: true });
  await server.connect();
  return {
    name: 'OpenAI Agents JS',
    run: async (turns) => {
      const turnStarts: number[] = [];
      const agent = new Agent({
        name: 'echo',
        instructions: 'Echo a short text once per turn, then say done.',
        model: new EchoTurnsAgentModel(turns, () => turnStarts.push(performance.now())),
        mcpServers: [server],
      });
      const result = await run(agent, 'Echo a short text once per turn, then say done.', { maxTurns: turns + 2 });
      if (result.finalOutput !== 'done') throw new Error('The Agents SDK loop ended without its last turn.');
      return turnStarts;
    },
    callOnce: async (index) => {
      await server.callTool(ECHO_TOOL, { text: `call ${index}` });
    },
    close: () => server.close(),
  };
}
