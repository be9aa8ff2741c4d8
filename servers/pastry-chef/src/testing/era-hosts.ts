// Tests only: a fake host that answers the chef's questions, connected over real HTTP in either
// era — a v1 SDK client (revision 2025-11-25: the chef's questions arrive as pushed requests) or a
// v2 SDK client pinned to 2026-07-28 (they arrive as `input_required` results it answers and
// retries) — with every POST it makes recorded, so a test can read what crossed the wire.

import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttpTransport,
} from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  type CallToolResult,
  CreateMessageRequestSchema,
  type CreateMessageResult,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';

export type Era = '2025-11-25' | '2026-07-28';
export const ERAS: readonly Era[] = ['2025-11-25', '2026-07-28'];

/** What the fake host is asked, as plain JSON; a handler may throw to refuse. */
export interface HostAnswers {
  sampling?: (params: Record<string, unknown>) => CreateMessageResult;
  elicitation?: (params: Record<string, unknown>) => ElicitResult;
}

/** One POST the host made: the JSON-RPC body it sent and the text it got back (JSON or SSE). */
export interface WirePost {
  sent: { method?: string; id?: unknown; params?: Record<string, unknown>; result?: unknown };
  received: string;
}

export interface EraHost {
  era: Era;
  /** The params of every question the host was asked, in order, without `_meta`. */
  asked: Array<{ kind: 'sampling' | 'elicitation'; params: Record<string, unknown> }>;
  call(
    name: string,
    input?: Record<string, unknown>,
    options?: { signal?: AbortSignal; onprogress?: (progress: { progress: number; total?: number }) => void },
  ): Promise<CallToolResult>;
  /** The POSTs so far, once their responses have been read to the end. */
  wire(): Promise<WirePost[]>;
  close(): Promise<void>;
}

/** Connects a fake host in `era`, declaring only the capabilities it answers. */
export async function connectEraHost(url: string, era: Era, answers: HostAnswers = {}): Promise<EraHost> {
  const asked: EraHost['asked'] = [];
  const posts: Array<Promise<WirePost>> = [];
  const recordingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    if (init?.method === 'POST' && typeof init.body === 'string') {
      const sent = JSON.parse(init.body) as WirePost['sent'];
      // Read a copy to its end in the background: an SSE response ends with the call's result.
      // A cancelled call's stream is cut short; what arrived before the cut is not needed.
      posts.push(
        response
          .clone()
          .text()
          .then(
            (received) => ({ sent, received }),
            () => ({ sent, received: '' }),
          ),
      );
    }
    return response;
  };
  const capabilities = {
    ...(answers.sampling && { sampling: {} }),
    ...(answers.elicitation && { elicitation: { form: {} } }),
  };
  const answerSampling = (params: Record<string, unknown>) => {
    asked.push({ kind: 'sampling', params: withoutMeta(params) });
    return answers.sampling?.(params) as CreateMessageResult;
  };
  const answerElicitation = (params: Record<string, unknown>) => {
    asked.push({ kind: 'elicitation', params: withoutMeta(params) });
    return answers.elicitation?.(params) as ElicitResult;
  };

  let call: EraHost['call'];
  let close: () => Promise<void>;
  if (era === '2025-11-25') {
    const client = new LegacyClient({ name: 'fake-host', version: '1.0.0' }, { capabilities });
    if (answers.sampling)
      client.setRequestHandler(CreateMessageRequestSchema, (request) => answerSampling(request.params));
    if (answers.elicitation)
      client.setRequestHandler(ElicitRequestSchema, (request) => answerElicitation(request.params));
    await client.connect(new LegacyHttpTransport(new URL(url), { fetch: recordingFetch }));
    call = async (name, input = {}, options = {}) =>
      (await client.callTool({ name, arguments: input }, undefined, options)) as CallToolResult;
    close = () => client.close();
  } else {
    const client = new ModernClient(
      { name: 'fake-host', version: '1.0.0' },
      { capabilities, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    if (answers.sampling)
      client.setRequestHandler('sampling/createMessage', (request) =>
        answerSampling(request.params as Record<string, unknown>),
      );
    if (answers.elicitation)
      client.setRequestHandler('elicitation/create', (request) =>
        answerElicitation(request.params as Record<string, unknown>),
      );
    await client.connect(new ModernHttpTransport(new URL(url), { fetch: recordingFetch }));
    if (client.getProtocolEra() !== 'modern') throw new Error(`${url} did not answer in revision 2026-07-28`);
    call = async (name, input = {}, options = {}) =>
      (await client.callTool({ name, arguments: input }, options)) as CallToolResult;
    close = () => client.close();
  }
  return { era, asked, call, wire: () => Promise.all(posts), close };
}

function withoutMeta(params: Record<string, unknown>): Record<string, unknown> {
  const { _meta: _ignored, ...rest } = params;
  return rest;
}

/** The JSON-RPC messages in a response body, whether it came as one JSON object or as SSE events. */
export function messagesIn(received: string): Array<Record<string, unknown>> {
  const trimmed = received.trim();
  if (trimmed.startsWith('{')) return [JSON.parse(trimmed) as Record<string, unknown>];
  return trimmed
    .split('\n')
    .filter((line) => line.startsWith('data:') && line.length > 'data:'.length + 1)
    .map((line) => JSON.parse(line.slice('data:'.length)) as Record<string, unknown>);
}
