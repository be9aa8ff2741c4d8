// Recording and replaying model calls. Host side. A trace here is the list of {request, response}
// pairs a RecordingModel saw: LoopEvents show what happened, but not exactly what the model said
// or to which conversation, so the pairs are what replay serves.

import { z } from 'zod';
import { ConfigurationError } from '../errors.js';
import type { Message, Model, ModelRequest, ModelResponse, ToolSpec } from '../model.js';
import { withDefined } from '../with-defined.js';
import { ModelAbortedError, ReplayExhaustedError } from './model-errors.js';

export interface RecordedExchange {
  request: { system?: string; messages: Message[]; tools?: ToolSpec[]; maxTokens: number; temperature?: number };
  response: ModelResponse;
}

/** Wraps a model and keeps every exchange, ready to be saved (one JSON object per line) and replayed. */
export class RecordingModel implements Model {
  readonly label: string;
  readonly id: string;
  readonly exchanges: RecordedExchange[] = [];

  constructor(readonly inner: Model) {
    this.label = inner.label;
    this.id = inner.id;
  }

  get acceptsImages(): boolean {
    return this.inner.acceptsImages === true;
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    const response = await this.inner.complete(request);
    // Only what was said is recorded: the signal and the retry callback are the call's plumbing.
    const { system, messages, tools, maxTokens, temperature } = request;
    const recorded: RecordedExchange['request'] = {
      ...withDefined({ system }),
      messages,
      ...withDefined({ tools }),
      maxTokens,
      ...withDefined({ temperature }),
    };
    this.exchanges.push(structuredClone({ request: recorded, response }));
    return response;
  }
}

/**
 * Serves recorded responses again. A request is matched to the recording by its conversation
 * (the first user message) and its turn (how many assistant messages it holds), so parallel
 * workers replay correctly whatever order they call in; identical keys are served in recorded
 * order. A request the trace has no answer for is a ReplayExhaustedError, never a guess.
 */
export class ReplayModel implements Model {
  readonly label: string;
  readonly id: string;
  readonly #queues = new Map<string, ModelResponse[]>();
  readonly #total: number;
  #served = 0;

  constructor(exchanges: RecordedExchange[]) {
    for (const exchange of exchanges) {
      const key = conversationKey(exchange.request.messages);
      this.#queues.set(key, [...(this.#queues.get(key) ?? []), structuredClone(exchange.response)]);
    }
    this.#total = exchanges.length;
    this.id = exchanges[0]?.response.model ?? 'replay';
    this.label = `replay of ${this.id}`;
  }

  /** Responses not served yet. */
  get remaining(): number {
    return this.#total - this.#served;
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    if (request.signal?.aborted === true) throw new ModelAbortedError(undefined, { cause: request.signal.reason });
    const response = this.#queues.get(conversationKey(request.messages))?.shift();
    if (response === undefined) {
      const turn = request.messages.filter((message) => message.role === 'assistant').length + 1;
      throw new ReplayExhaustedError(
        `The replayed trace has no response for turn ${turn} of the conversation that starts ${JSON.stringify(shorten(firstUserText(request.messages)))} ` +
          `(${this.#served} of ${this.#total} recorded responses served). The run went further than the recording did: record it again.`,
      );
    }
    this.#served += 1;
    return structuredClone(response);
  }
}

const textBlock = z.object({ type: z.literal('text'), text: z.string() });
const toolUseBlock = z.object({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.record(z.string(), z.unknown()),
});
const toolResultBlock = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.string(),
  is_error: z.boolean().optional(),
});
const blockSchema = z.union([textBlock, toolUseBlock, toolResultBlock]);
const exchangeSchema = z.object({
  request: z.object({
    system: z.string().optional(),
    messages: z.array(
      z.object({ role: z.enum(['user', 'assistant']), content: z.union([z.string(), z.array(blockSchema)]) }),
    ),
    tools: z
      .array(
        z.object({
          name: z.string(),
          description: z.string(),
          input_schema: z.looseObject({ type: z.literal('object') }),
        }),
      )
      .optional(),
    maxTokens: z.number(),
    temperature: z.number().optional(),
  }),
  response: z.object({
    content: z.array(z.union([textBlock, toolUseBlock])),
    stopReason: z.enum(['end_turn', 'tool_use', 'max_tokens', 'stop_sequence', 'refusal', 'pause_turn']),
    usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }),
    model: z.string(),
  }),
});

/** Reads a saved trace: a JSON array, or one exchange per line. A bad line is named with the problem. */
export function parseRecordedExchanges(text: string): RecordedExchange[] {
  const trimmed = text.trim();
  const items: Array<{ value: unknown; where: string }> = [];
  if (trimmed.startsWith('[')) {
    const values = parseJson(trimmed, 'the trace') as unknown[];
    for (const [index, value] of values.entries()) items.push({ value, where: `exchange ${index + 1}` });
  } else {
    text.split('\n').forEach((line, index) => {
      if (line.trim() !== '') items.push({ value: parseJson(line, `line ${index + 1}`), where: `line ${index + 1}` });
    });
  }
  return items.map(({ value, where }) => {
    const parsed = exchangeSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') ?? '';
      throw new ConfigurationError(
        `Trace ${where} is not a recorded exchange: ${field !== '' ? `${field}: ` : ''}${issue?.message ?? 'unreadable'}. Record traces with RecordingModel.`,
      );
    }
    return parsed.data as RecordedExchange;
  });
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ConfigurationError(`Trace ${where} is not JSON (${(error as Error).message}).`);
  }
}

function conversationKey(messages: Message[]): string {
  return JSON.stringify([firstUserText(messages), messages.filter((message) => message.role === 'assistant').length]);
}

function firstUserText(messages: Message[]): string {
  const first = messages.find((message) => message.role === 'user');
  if (first === undefined) return '';
  return typeof first.content === 'string'
    ? first.content
    : first.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
