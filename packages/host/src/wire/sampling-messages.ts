// Translating between MCP sampling (what a server sends in sampling/createMessage) and the host's
// model seam. Host side: the server's request is only a proposal; the host caps and rewrites it.

import {
  type CreateMessageRequest,
  type CreateMessageResult,
  ErrorCode,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { Message, ModelRequest, ModelResponse, ModelStopReason } from '../model.js';
import { withDefined } from '../with-defined.js';

type SamplingParams = CreateMessageRequest['params'];

/**
 * The model request the host will run for a server: text messages only, the server's system
 * prompt, and at most `maxOutputTokens` (the host's cap wins over the server's maxTokens).
 * Throws an McpError InvalidParams naming the message and the fix when it cannot be honoured.
 */
export function toModelRequest(params: SamplingParams, maxOutputTokens: number): Omit<ModelRequest, 'signal'> {
  if (!Number.isInteger(params.maxTokens) || params.maxTokens < 1) {
    throw new McpError(
      ErrorCode.InvalidParams,
      `maxTokens must be a whole number of at least 1 (got ${params.maxTokens}).`,
    );
  }
  if (params.tools !== undefined || params.toolChoice !== undefined) {
    throw new McpError(
      ErrorCode.InvalidParams,
      'This host does not offer tools in sampling (it did not declare sampling.tools); send the request without tools.',
    );
  }
  if (params.messages.length === 0) {
    throw new McpError(ErrorCode.InvalidParams, 'messages is empty: send at least one user message to sample from.');
  }
  const messages: Message[] = params.messages.map((message, index) => {
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    const texts = blocks.map((block) => {
      if (block.type !== 'text') {
        throw new McpError(
          ErrorCode.InvalidParams,
          `messages[${index}] has ${block.type} content; this host samples from text only. Send the content as text.`,
        );
      }
      return block.text;
    });
    return { role: message.role, content: texts.join('\n\n') };
  });
  return {
    ...withDefined({ system: params.systemPrompt }),
    messages,
    maxTokens: Math.min(params.maxTokens, maxOutputTokens),
  };
}

const STOP_REASONS: Record<ModelStopReason, string> = {
  end_turn: 'endTurn',
  max_tokens: 'maxTokens',
  stop_sequence: 'stopSequence',
  tool_use: 'toolUse',
  refusal: 'refusal',
  pause_turn: 'pauseTurn',
};

/** The model's answer as MCP wants it back: one text block from the assistant. */
export function toCreateMessageResult(response: ModelResponse): CreateMessageResult {
  const text = response.content
    .filter((block) => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
  return {
    role: 'assistant',
    content: { type: 'text', text },
    model: response.model,
    stopReason: STOP_REASONS[response.stopReason],
  };
}
