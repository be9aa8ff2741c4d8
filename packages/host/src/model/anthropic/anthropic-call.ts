// One Messages API call as the Anthropic model makes it: the SDK client, the kitchen's own
// retries, the reply check and the error mapping. Host side. Everything that loads
// @anthropic-ai/sdk sits behind this file, which AnthropicModel imports on its first call.

import Anthropic from '@anthropic-ai/sdk';
import type { ModelRequest, ModelResponse } from '../../model.js';
import { withDefined } from '../../with-defined.js';
import { toModelError } from './anthropic-model-error.js';
import { fromApiMessage, toApiMessages, toApiTools } from './anthropic-model-mapping.js';
import { checkApiReply, unreadableReply } from './anthropic-reply-check.js';
import { withRetries } from './anthropic-retries.js';

export interface AnthropicCallOptions {
  apiKey: string;
  model: string;
  baseURL: string;
  maxRetries: number;
  timeoutMs?: number;
}

export type AnthropicCall = (request: ModelRequest) => Promise<ModelResponse>;

export function createAnthropicCall(options: AnthropicCallOptions): AnthropicCall {
  const client = new Anthropic({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    // The kitchen retries itself (anthropic-retries.ts), so each retry can be announced.
    maxRetries: 0,
    ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
  });
  const context = { model: options.model, baseURL: options.baseURL };
  return async (request) => {
    const tools = toApiTools(request.tools);
    const body = {
      model: options.model,
      max_tokens: request.maxTokens,
      ...withDefined({ temperature: request.temperature }),
      messages: toApiMessages(request.messages, tools !== undefined),
      ...(request.system !== undefined && request.system !== '' ? { system: request.system } : {}),
      ...(tools !== undefined ? { tools } : {}),
    };
    try {
      const reply: unknown = await withRetries(
        () => client.messages.create(body, request.signal !== undefined ? { signal: request.signal } : undefined),
        { ...context, maxRetries: options.maxRetries, signal: request.signal, onRetry: request.onRetry },
      );
      return fromApiMessage(checkApiReply(reply, options.baseURL));
    } catch (error) {
      if (error instanceof SyntaxError) throw unreadableReply(options.baseURL, error);
      throw toModelError(error, context);
    }
  };
}
