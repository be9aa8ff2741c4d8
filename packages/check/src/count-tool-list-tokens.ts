// What the tool list costs a model on every request: the tools as the kitchen sends them (name,
// description, input schema), counted by Anthropic's token counting endpoint when a key is given,
// or by the kitchen's own estimate (about four characters a token) otherwise, and labelled so.
// Host side; the count is the only network call, and it carries the tool list and nothing else.

import Anthropic from '@anthropic-ai/sdk';
import { DEFAULT_ANTHROPIC_MODEL, estimateTokens, type ToolSpec, withDefined } from '@kitchen/host';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

export type TokenMethod = 'count_tokens' | 'estimate';

export interface ToolListTokens {
  total: number;
  /** The model the count is for (the estimate is the same for every model). */
  model: string;
  method: TokenMethod;
}

export interface ToolTokens {
  name: string;
  tokens: number;
}

export interface TokenCountResult {
  toolListTokens: ToolListTokens;
  /** Biggest first. */
  tools: ToolTokens[];
}

/** How to reach the counting endpoint; without it, the estimate. */
export interface TokenCounting {
  apiKey: string;
  baseURL?: string;
  model?: string;
}

/** Counts at once, at most, so a 100-tool server is 13 rounds, not 101 requests in a burst. */
const COUNT_CONCURRENCY = 8;

/** A tool as the kitchen offers it to the model (the toolbox's own shape). */
export function toolSpec(tool: Tool): ToolSpec {
  return { name: tool.name, description: tool.description ?? tool.title ?? '', input_schema: tool.inputSchema };
}

export async function countToolListTokens(tools: readonly Tool[], counting?: TokenCounting): Promise<TokenCountResult> {
  const specs = tools.map(toolSpec);
  if (counting === undefined) {
    return {
      toolListTokens: { total: estimateTokens(specs), model: DEFAULT_ANTHROPIC_MODEL, method: 'estimate' },
      tools: biggestFirst(specs.map((spec) => ({ name: spec.name, tokens: estimateTokens(spec) }))),
    };
  }
  const model = counting.model ?? DEFAULT_ANTHROPIC_MODEL;
  const client = new Anthropic({
    apiKey: counting.apiKey,
    ...withDefined({ baseURL: counting.baseURL }),
  });
  const count = async (offered: ToolSpec[]) => {
    const answer = await client.messages.countTokens({
      model,
      messages: [{ role: 'user', content: 'Hello' }],
      ...(offered.length === 0 ? {} : { tools: offered as Anthropic.Messages.Tool[] }),
    });
    return answer.input_tokens;
  };
  // What the tools add to a request: the count with them less the count of the same request without.
  const [bare, whole] = await Promise.all([count([]), count(specs)]);
  const perTool = await inBatches(specs, COUNT_CONCURRENCY, async (spec) => ({
    name: spec.name,
    tokens: (await count([spec])) - bare,
  }));
  return { toolListTokens: { total: whole - bare, model, method: 'count_tokens' }, tools: biggestFirst(perTool) };
}

function biggestFirst(tools: ToolTokens[]): ToolTokens[] {
  return [...tools].sort((left, right) => right.tokens - left.tokens);
}

async function inBatches<Item, Result>(
  items: readonly Item[],
  size: number,
  work: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  }
  return results;
}
