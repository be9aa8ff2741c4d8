// The real model: Claude through @anthropic-ai/sdk's Messages API. Host side; the API key stays
// here and never reaches an MCP server.

import { ConfigurationError } from '../../errors.js';
import type { Model, ModelRequest, ModelResponse } from '../../model.js';
import { withDefined } from '../../with-defined.js';
import type { AnthropicCall } from './anthropic-call.js';

/**
 * The Claude model the kitchen uses when none is named. Claude Sonnet 4.5 reaches end of life on
 * 30 November 2026 (the SDK warns on every call), so the default is the current Sonnet.
 */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-5-5';

const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** Sent as the key to an Anthropic-compatible endpoint that needs none (a local runtime ignores it). */
const NO_API_KEY = 'none';

export interface AnthropicModelOptions {
  /** Needed for Anthropic's own API; another endpoint that speaks the Messages API may need none. */
  apiKey?: string;
  /** Defaults to DEFAULT_ANTHROPIC_MODEL. */
  model?: string;
  /** Defaults to https://api.anthropic.com; process.env is not read here (the caller reads it). */
  baseURL?: string;
  /** How the model is named to a person; default its id. */
  label?: string;
  /**
   * The model id each reply is reported and priced as; default the one the API names in its reply.
   * An Anthropic-compatible runtime may name its model anything in a reply (a file path, another
   * vendor's name), so a caller that priced it by its own id says so here.
   */
  reportAs?: string;
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
  /** The Messages API reads PNG, JPEG, GIF and WebP images inside a tool_result. */
  readonly acceptsImages = true;
  readonly #options: AnthropicModelOptions;
  readonly #baseURL: string;
  /** The SDK is loaded on the first call, not at start-up: a run on another model never pays for it. */
  #call: Promise<AnthropicCall> | undefined;

  constructor(options: AnthropicModelOptions) {
    this.#baseURL = options.baseURL ?? ANTHROPIC_DEFAULT_BASE_URL;
    if ((options.apiKey ?? '').trim() === '' && isAnthropicApiUrl(this.#baseURL)) {
      throw new ConfigurationError('AnthropicModel needs an API key: set ANTHROPIC_API_KEY, or use the offline model.');
    }
    this.id = options.model ?? DEFAULT_ANTHROPIC_MODEL;
    this.label = options.label ?? this.id;
    this.#options = options;
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    this.#call ??= import('./anthropic-call.js').then(({ createAnthropicCall }) =>
      createAnthropicCall({
        apiKey: nonEmpty(this.#options.apiKey) ?? NO_API_KEY,
        model: this.id,
        baseURL: this.#baseURL,
        maxRetries: this.#options.maxRetries ?? 2,
        ...withDefined({ timeoutMs: this.#options.timeoutMs }),
      }),
    );
    const call = await this.#call;
    const response = await call(request);
    return this.#options.reportAs === undefined ? response : { ...response, model: this.#options.reportAs };
  }
}

/** Whether a base URL is Anthropic's own API (which needs a key), rather than another endpoint that speaks it. */
export function isAnthropicApiUrl(baseURL: string): boolean {
  let host: string;
  try {
    host = new URL(baseURL).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'anthropic.com' || host.endsWith('.anthropic.com');
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}
