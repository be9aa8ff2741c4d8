// The tasks extension on a 2026-07-28 server the host already reaches with the v2 client: the
// SDK's codec refuses a tools/call answered with a task, so ext-tasks' requests (tools/call,
// tasks/get, tasks/update, tasks/cancel) are sent raw on the same transport, each answer taken
// off it before the client sees it. Host side, at the wire. A task's input requests (a form, a
// model call) arrive inside tasks/get answers and are answered by the host's handlers, in the
// lane of the call that made the task; progress a server sends for a call reaches that call.

import type { Client } from '@modelcontextprotocol/client';
import {
  type ApplicationInputRequest,
  createTaskSessionFromClient,
  type JsonRpcResponse,
  type TaskEnabledSession,
} from '@modelcontextprotocol/ext-tasks/client';
import type { CreateMessageRequest, ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCallContext } from '../../tool-types.js';
import { REVISION_2026 } from '../protocol-revisions.js';
import type { Root, ServerRequestHandlers } from '../server-requests.js';

/** The extension's id, in the server's `capabilities.extensions` and the request's client capabilities. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The part of a v2 transport this needs: send, and the handler the client installed. */
interface RawTransport {
  send(message: unknown, options?: { requestSignal?: AbortSignal }): Promise<void>;
  onmessage?: ((message: unknown, extra?: unknown) => void) | undefined;
}

export interface TaskSession2026 {
  session: TaskEnabledSession<ToolCallContext>;
  /** What every call's `_meta` carries besides its progress token (the log level it asks for). */
  requestMeta: Record<string, string>;
  /** Sends `onprogress` the server's progress for `token` until the returned function is called. */
  followProgress(
    token: string,
    onprogress: (progress: { progress: number; total?: number; message?: string }) => void,
  ): () => void;
}

export interface TaskSession2026Options {
  server: string;
  clientName: string;
  clientVersion: string;
  clientCapabilities: Record<string, unknown>;
  handlers: ServerRequestHandlers | undefined;
  roots: () => Root[];
  log: (text: string) => void;
  /**
   * How a request is stopped on the wire: over HTTP its exchange is closed (the 2026 way); over
   * stdio, with no exchange to close, notifications/cancelled is sent.
   */
  stdio: boolean;
  /** `_meta` for every call (the log level asked for), as the v2 client adds to its own calls. */
  requestMeta: Record<string, string>;
}

/** True when the server declares the tasks extension (an empty object, per the extension). */
export function offersTasks2026(client: Client): boolean {
  const extension = (client.getServerCapabilities()?.extensions as Record<string, unknown> | undefined)?.[
    TASKS_EXTENSION
  ];
  return typeof extension === 'object' && extension !== null && !Array.isArray(extension);
}

export function taskSession2026(
  client: Client,
  transport: RawTransport,
  options: TaskSession2026Options,
): TaskSession2026 {
  const pending = new Map<string, (response: JsonRpcResponse) => void>();
  const progress = new Map<string, (progress: { progress: number; total?: number; message?: string }) => void>();
  let sent = 0;
  const inner = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const received = message as {
      id?: unknown;
      result?: unknown;
      error?: unknown;
      method?: string;
      params?: Record<string, unknown>;
    };
    if (typeof received.id === 'string' && pending.has(received.id) && received.method === undefined) {
      const settle = pending.get(received.id);
      pending.delete(received.id);
      settle?.(
        received.error === undefined
          ? { kind: 'result', result: received.result as never }
          : { kind: 'error', error: received.error as never },
      );
      return;
    }
    if (received.method === 'notifications/progress') {
      const follow = progress.get(String(received.params?.['progressToken']));
      if (follow !== undefined) {
        const params = received.params as { progress: number; total?: number; message?: string };
        follow({
          progress: params.progress,
          ...(params.total === undefined ? {} : { total: params.total }),
          ...(params.message === undefined ? {} : { message: params.message }),
        });
        return;
      }
    }
    inner?.(message, extra);
  };
  const { handlers } = options;
  const session = createTaskSessionFromClient<ToolCallContext>(client as never, {
    endpointId: options.server,
    // Each call brings its tool's declaration: the session need not list the tools itself.
    tools: { currentTool: () => undefined },
    v2RequestFraming: {
      protocolVersion: REVISION_2026,
      clientInfo: { name: options.clientName, version: options.clientVersion },
      clientCapabilities: options.clientCapabilities as never,
    },
    rawDispatch: (request, dispatchOptions) =>
      new Promise<JsonRpcResponse>((resolve, reject) => {
        sent += 1;
        const id = `kitchen-call-${sent}`;
        const signal = dispatchOptions?.signal;
        const timeoutMs = dispatchOptions?.context?.requestTimeoutMs;
        const timer =
          timeoutMs === undefined
            ? undefined
            : setTimeout(() => finish(() => reject(new Error(`no answer in ${timeoutMs} ms`))), timeoutMs);
        const exchange = new AbortController();
        const onAbort = () =>
          finish(() => {
            exchange.abort();
            if (options.stdio) {
              void transport
                .send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } })
                .catch(() => undefined);
            }
            reject(signal?.reason ?? new Error('aborted'));
          });
        const finish = (then: () => void) => {
          pending.delete(id);
          if (timer !== undefined) clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          then();
        };
        if (signal?.aborted) return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        pending.set(id, (response) => finish(() => resolve(response)));
        transport
          .send({ ...(request as Record<string, unknown>), jsonrpc: '2.0', id }, { requestSignal: exchange.signal })
          .catch((error: unknown) => finish(() => reject(error)));
      }),
    onError: (error) => options.log(`task session: ${error.message}`),
    // A task's input requests are the server's questions: the same handlers answer them, in the
    // lane of the call that made the task.
    onInputRequest: (async (
      request: ApplicationInputRequest,
      exchange: { applicationContext: ToolCallContext; signal?: AbortSignal },
    ) => {
      const context = exchange.applicationContext;
      const signal = exchange.signal ?? context.signal;
      if (request.kind === 'sampling') {
        if (handlers?.sampling === undefined) throw new Error('This host does not answer sampling requests.');
        return handlers.sampling(
          options.server,
          request.params as CreateMessageRequest['params'],
          context,
          signal,
          'input_required',
        );
      }
      if (request.kind === 'elicitation') {
        if (handlers?.elicitation === undefined) return { action: 'decline' };
        return handlers.elicitation(
          options.server,
          request.params as ElicitRequest['params'],
          context,
          signal,
          'input_required',
        );
      }
      return { roots: options.roots() };
    }) as never,
  });
  return {
    session,
    requestMeta: options.requestMeta,
    followProgress(token, onprogress) {
      progress.set(token, onprogress);
      return () => progress.delete(token);
    },
  };
}
