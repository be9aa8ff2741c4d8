// The model seam: one small interface shaped like the Anthropic Messages API, used by the agent
// loop and the sampling handler alike. Host side; nothing here crosses the wire.

export interface TextBlock {
  type: 'text';
  text: string;
}

export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string;
  is_error?: boolean;
  /** Pictures after the text, only for a model whose seam takes them (Model.acceptsImages). */
  images?: ToolImage[];
}

/** An image a tool returned, as base64, for a model that can look at it. */
export interface ToolImage {
  mimeType: string;
  data: string;
}

export type ContentBlock = TextBlock | ToolUseBlock | ToolResultBlock;

export interface Message {
  role: 'user' | 'assistant';
  content: string | ContentBlock[];
}

/** A tool as the model sees it: name, description and a JSON Schema for its input. */
export interface ToolSpec {
  name: string;
  description: string;
  input_schema: { type: 'object'; [key: string]: unknown };
}

export interface ModelRequest {
  system?: string;
  messages: Message[];
  /** Omitted or empty: the model must answer in text (a last-chance report, a sampling call). */
  tools?: ToolSpec[];
  maxTokens: number;
  /** Sampling temperature, when the caller sets one (a worker's model arguments); the model's default otherwise. */
  temperature?: number;
  signal?: AbortSignal;
  /** Told before each retry of a failed call that may pass (an overloaded API), so a person can see it. */
  onRetry?: (retry: ModelRetry) => void;
}

/** One retry of a model call, announced before the wait. */
export interface ModelRetry {
  /** 1 for the first retry. */
  attempt: number;
  maxRetries: number;
  delayMs: number;
  /** The failure's code, e.g. "model-overloaded". */
  code: string;
  /** What failed, in neutral words, e.g. "The Anthropic API is overloaded (529)". */
  reason: string;
}

/**
 * Why the model stopped writing, as the Messages API says it. max_tokens: the reply was cut at the
 * request's maxTokens (or the context window filled); refusal: the model declined; pause_turn: the
 * API paused a long turn, and sending the reply back as the last message lets it carry on.
 */
export type ModelStopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'refusal' | 'pause_turn';

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

export interface ModelResponse {
  content: Array<TextBlock | ToolUseBlock>;
  stopReason: ModelStopReason;
  usage: Usage;
  /** The model id that answered, used to price the call. */
  model: string;
}

export interface Model {
  /** Human label for summaries, e.g. "offline model" or "claude-sonnet-4-5". */
  readonly label: string;
  /** Model id used for pricing. */
  readonly id: string;
  /** True when the model can look at images in tool results; otherwise it reads their description. */
  readonly acceptsImages?: boolean;
  complete(request: ModelRequest): Promise<ModelResponse>;
}

/** Rough token estimate used for budget reservations: ~4 characters a token. */
export function estimateTokens(value: unknown): number {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? '');
  return Math.ceil(text.length / 4);
}

/** Worst-case input estimate for a request, before it is sent. */
export function estimateRequestTokens(request: Pick<ModelRequest, 'system' | 'messages' | 'tools'>): number {
  return estimateTokens(request.system ?? '') + estimateTokens(request.messages) + estimateTokens(request.tools ?? []);
}
