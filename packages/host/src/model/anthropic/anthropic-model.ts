// The real model: Claude through @anthropic-ai/sdk's Messages API. Host side; the API key stays
// here and never reaches an MCP server.

import Anthropic from '@anthropic-ai/sdk';
import { ConfigurationError } from '../../errors.js';
import type { Model, ModelRequest, ModelResponse } from '../../model.js';
import { toModelError } from './anthropic-model-error.js';
import { fromApiMessage, toApiMessages, toApiTools } from './anthropic-model-mapping.js';
import { checkApiReply, unreadableReply } from './anthropic-reply-check.js';
import { withRetries } from './anthropic-retries.js';

/**
 * The Claude model the kitchen uses when none is named. Claude Sonnet 4.5 reaches end of life on
 * 30 November 2026 (the SDK warns on every call), so the default is the current Sonnet.
 */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-5-5';

const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';

export interface AnthropicModelOptions {
  apiKey: string;
  /** Defaults to DEFAULT_ANTHROPIC_MODEL. */
  model?: string;
  /** Defaults to https://api.anthropic.com; process.env is not read here (the caller reads it). */
  baseURL?: string;
  /**
   * Retries of overloaded (529), rate-limited (429), 5xx and network failures, with the SDK's
   * backoff (which honours retry-after), each announced through the request's onRetry. Default 2: enough to ride out a blip, short enough that
   * a run stuck on an outage says so within seconds.
   */
  maxRetries?: number;
  /** Per-attempt timeout in milliseconds; the SDK picks one from max_tokens when absent. */
  timeoutMs?: number;
}

export class AnthropicModel implements Model {
  readonly label: string;
  readonly id: string;
  readonly #client: Anthropic;
  readonly #baseURL: string;
  readonly #maxRetries: number;

  constructor(options: AnthropicModelOptions) {
    if (options.apiKey.trim() === '') {
      throw new ConfigurationError('AnthropicModel needs an API key: set ANTHROPIC_API_KEY, or use the offline model.');
    }
    this.id = options.model ?? DEFAULT_ANTHROPIC_MODEL;
    this.label = this.id;
    this.#baseURL = options.baseURL ?? ANTHROPIC_DEFAULT_BASE_URL;
    this.#maxRetries = options.maxRetries ?? 2;
    this.#client = new Anthropic({
      apiKey: options.apiKey,
      baseURL: this.#baseURL,
      // The kitchen retries itself (anthropic-retries.ts), so each retry can be announced.
      maxRetries: 0,
      ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
    });
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    const tools = toApiTools(request.tools);
    const body = {
      model: this.id,
      max_tokens: request.maxTokens,
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      messages: toApiMessages(request.messages, tools !== undefined),
      ...(request.system !== undefined && request.system !== '' ? { system: request.system } : {}),
      ...(tools !== undefined ? { tools } : {}),
    };
    const context = { model: this.id, baseURL: this.#baseURL };
    try {
      const reply: unknown = await withRetries(
        () => this.#client.messages.create(body, request.signal !== undefined ? { signal: request.signal } : undefined),
        { ...context, maxRetries: this.#maxRetries, signal: request.signal, onRetry: request.onRetry },
      );
      return fromApiMessage(checkApiReply(reply, this.#baseURL));
    } catch (error) {
      if (error instanceof SyntaxError) throw unreadableReply(this.#baseURL, error);
      throw toModelError(error, context);
    }
  }
}
