// The tasks extension's view of a 2025-11-25 session the host already holds (the v1 client, over
// HTTP or stdio): requests go out on it as they are, and the task notifications it hears are
// passed on. Host side, at the wire. A task's input requests (a form, a model call) arrive on the
// session as ordinary server requests, answered by the session's own handlers in the lane of the
// call (see ServerCalls), so none is routed through here.

import type { ConnectedMcpSessionPort, JsonRpcResponse } from '@modelcontextprotocol/ext-tasks/client';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** Any JSON-RPC result: ext-tasks checks the shapes of the task requests it sends itself. */
const anyResult = z.looseObject({});

export function sessionPort2025(client: Client, endpointId: string): ConnectedMcpSessionPort {
  const notificationListeners = new Set<(notification: never) => void>();
  const earlier = client.fallbackNotificationHandler;
  // notifications/tasks/status has no handler of its own on the v1 client: it lands here.
  client.fallbackNotificationHandler = async (notification) => {
    await earlier?.(notification);
    for (const listener of [...notificationListeners]) listener(notification as never);
  };
  const tasks = client.getServerCapabilities()?.tasks;
  return {
    endpointId,
    taskCapabilities:
      tasks === undefined
        ? { generation: 'none' }
        : { generation: 'v1', capabilities: structuredClone(tasks) as never },
    invalidated: false,
    async dispatch(request, options = {}): Promise<JsonRpcResponse> {
      const { method, params } = request as { method: string; params?: Record<string, unknown> };
      try {
        const result = await client.request(
          { method, ...(params === undefined ? {} : { params }) } as never,
          anyResult,
          {
            ...(options.signal === undefined ? {} : { signal: options.signal }),
            ...(options.context?.requestTimeoutMs === undefined ? {} : { timeout: options.context.requestTimeoutMs }),
            ...(options.context?.resetTimeoutOnProgress === undefined
              ? {}
              : { resetTimeoutOnProgress: options.context.resetTimeoutOnProgress }),
          },
        );
        return { kind: 'result', result: result as never };
      } catch (error) {
        // A JSON-RPC error is the server's answer; anything else (a lost connection) is the dispatch failing.
        if (error instanceof McpError) {
          return {
            kind: 'error',
            error: {
              code: error.code,
              message: error.message,
              ...(error.data === undefined ? {} : { data: error.data }),
            },
          } as JsonRpcResponse;
        }
        throw error;
      }
    },
    onServerRequest: () => () => {},
    onNotification(listener) {
      notificationListeners.add(listener as never);
      return () => notificationListeners.delete(listener as never);
    },
    onInvalidated: () => () => {},
  };
}
