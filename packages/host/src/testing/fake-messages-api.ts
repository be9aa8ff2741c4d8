// Test helper: a scripted stand-in for the Anthropic Messages API (POST /v1/messages) on
// 127.0.0.1:0, so AnthropicModel's tests run the real SDK over a real socket. Host side, tests only.

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { z } from 'zod';

export interface FakeMessage {
  content: Array<
    { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  >;
  stop_reason: 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'refusal' | 'pause_turn';
  /** Defaults to an estimate from the request and reply sizes. */
  usage?: { input_tokens: number; output_tokens: number };
  /** Answer this many milliseconds late (to test timeouts and aborts). */
  delayMs?: number;
}

export interface FakeError {
  status: number;
  type: string;
  message: string;
  headers?: Record<string, string>;
}

/** A body sent exactly as given (with status 200 unless told), to stand in for a broken API or proxy. */
export interface FakeRawReply {
  raw: string;
  status?: number;
  contentType?: string;
}

export type FakeReply = FakeMessage | FakeError | FakeRawReply;

export interface RecordedMessagesRequest {
  headers: Record<string, string>;
  body: MessagesRequestBody;
}

/** The replies in order, or a function that picks one (index counts every request, retries included). */
export type FakeScript = FakeReply[] | ((request: RecordedMessagesRequest, index: number) => FakeReply);

export interface FakeMessagesApi {
  /** Base URL for the SDK (ANTHROPIC_BASE_URL), without /v1. */
  url: string;
  /** Every request that reached POST /v1/messages, valid or not. */
  requests: RecordedMessagesRequest[];
  close(): Promise<void>;
}

export function textReply(text: string): FakeMessage {
  return { content: [{ type: 'text', text }], stop_reason: 'end_turn' };
}

export function toolUseReply(
  name: string,
  input: Record<string, unknown>,
  options: { id?: string; text?: string } = {},
): FakeMessage {
  const toolUse = { type: 'tool_use' as const, id: options.id ?? `toolu_fake_${name}`, name, input };
  return {
    content: options.text !== undefined ? [{ type: 'text', text: options.text }, toolUse] : [toolUse],
    stop_reason: 'tool_use',
  };
}

/** Answers like the real API does when it is overloaded. `retry-after-ms` keeps SDK retries fast in tests. */
export function overloadedReply(): FakeError {
  return { status: 529, type: 'overloaded_error', message: 'Overloaded', headers: { 'retry-after-ms': '5' } };
}

const textBlock = z.strictObject({
  type: z.literal('text'),
  text: z.string().min(1, 'text content blocks must be non-empty'),
});
const toolUseBlock = z.strictObject({
  type: z.literal('tool_use'),
  id: z.string().min(1),
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
});
const toolResultBlock = z.strictObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string().min(1),
  content: z.union([z.string(), z.array(textBlock)]).optional(),
  is_error: z.boolean().optional(),
});
const block = z.discriminatedUnion('type', [textBlock, toolUseBlock, toolResultBlock]);
const messagesRequestSchema = z.strictObject({
  model: z.string().min(1),
  max_tokens: z.number().int().min(1),
  messages: z
    .array(
      z.strictObject({
        role: z.enum(['user', 'assistant']),
        content: z.union([z.string().min(1), z.array(block).min(1)]),
      }),
    )
    .min(1),
  system: z.union([z.string(), z.array(textBlock)]).optional(),
  tools: z
    .array(
      z.strictObject({
        name: z.string().regex(/^[a-zA-Z0-9_-]{1,128}$/),
        description: z.string().optional(),
        input_schema: z.looseObject({ type: z.literal('object') }),
      }),
    )
    .optional(),
});

export type MessagesRequestBody = z.infer<typeof messagesRequestSchema>;

export async function startFakeMessagesApi(options: { script: FakeScript; apiKey?: string }): Promise<FakeMessagesApi> {
  const requests: RecordedMessagesRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const app = express();
  app.use(express.json({ limit: '10mb' }));

  app.post('/v1/messages', (request, response) => {
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const recorded: RecordedMessagesRequest = { headers, body: request.body as MessagesRequestBody };
    const index = requests.push(recorded) - 1;
    const sendError = (failure: FakeError): void => {
      response
        .status(failure.status)
        .set(failure.headers ?? {})
        .json({ type: 'error', error: { type: failure.type, message: failure.message } });
    };

    const key = headers['x-api-key'] ?? headers['authorization']?.replace(/^Bearer /, '');
    if (options.apiKey !== undefined && key !== options.apiKey) {
      return sendError({ status: 401, type: 'authentication_error', message: 'invalid x-api-key' });
    }
    if (headers['anthropic-version'] === undefined) {
      return sendError({
        status: 400,
        type: 'invalid_request_error',
        message: 'anthropic-version: header is required',
      });
    }
    const parsed = messagesRequestSchema.safeParse(request.body);
    const problem = parsed.success
      ? toolPairingProblem(parsed.data)
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    if (problem !== undefined) return sendError({ status: 400, type: 'invalid_request_error', message: problem });

    const reply = typeof options.script === 'function' ? options.script(recorded, index) : options.script[index];
    if (reply === undefined) {
      return sendError({
        status: 500,
        type: 'api_error',
        message: `fake Messages API: the script has no reply for request ${index + 1}`,
        headers: { 'x-should-retry': 'false' },
      });
    }
    if ('raw' in reply)
      return response
        .status(reply.status ?? 200)
        .type(reply.contentType ?? 'application/json')
        .send(reply.raw);
    if ('status' in reply) return sendError(reply);
    const body = {
      id: `msg_fake_${index + 1}`,
      type: 'message',
      role: 'assistant',
      model: recorded.body.model,
      content: reply.content,
      stop_reason: reply.stop_reason,
      stop_sequence: null,
      usage: reply.usage ?? {
        input_tokens: Math.ceil(JSON.stringify(recorded.body).length / 4),
        output_tokens: Math.ceil(JSON.stringify(reply.content).length / 4),
      },
    };
    if (reply.delayMs === undefined) return response.json(body);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!response.destroyed) response.json(body);
    }, reply.delayMs);
    timers.add(timer);
  });

  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The API's conversation rules: user first, and every tool_use answered by a tool_result in the next turn. */
function toolPairingProblem(body: MessagesRequestBody): string | undefined {
  if (body.messages[0]?.role !== 'user') return 'messages: the first message must use the "user" role';
  const toolBlocks = body.messages.some((message) =>
    blocksOf(message.content).some((item) => item.type === 'tool_use' || item.type === 'tool_result'),
  );
  if (toolBlocks && (body.tools ?? []).length === 0)
    return 'Requests which include `tool_use` or `tool_result` blocks must define tools.';
  for (const [index, message] of body.messages.entries()) {
    const next = body.messages[index + 1];
    const asked = blocksOf(message.content).flatMap((item) =>
      item.type === 'tool_use' && message.role === 'assistant' ? [item.id] : [],
    );
    const answered = new Set(
      next === undefined
        ? asked
        : blocksOf(next.content).flatMap((item) => (item.type === 'tool_result' ? [item.tool_use_id] : [])),
    );
    const missing = asked.filter((id) => !answered.has(id));
    if (missing.length > 0)
      return `messages.${index + 1}: tool_use ids were found without tool_result blocks immediately after: ${missing.join(', ')}`;
    if (message.role === 'user') {
      const previous = body.messages[index - 1];
      const known = new Set(
        previous === undefined
          ? []
          : blocksOf(previous.content).flatMap((item) => (item.type === 'tool_use' ? [item.id] : [])),
      );
      const stray = blocksOf(message.content).flatMap((item) =>
        item.type === 'tool_result' && !known.has(item.tool_use_id) ? [item.tool_use_id] : [],
      );
      if (stray.length > 0)
        return `messages.${index}: unexpected tool_use_id found in tool_result blocks: ${stray.join(', ')}`;
    }
  }
  return undefined;
}

function blocksOf(content: MessagesRequestBody['messages'][number]['content']): Array<z.infer<typeof block>> {
  return typeof content === 'string' ? [] : content;
}
