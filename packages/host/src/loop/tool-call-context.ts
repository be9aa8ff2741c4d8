// Which tool call is running right now, carried by AsyncLocalStorage. Host side: when a server
// sends sampling/createMessage or elicitation/create from inside a tools/call, the request
// handler runs in the async context of that call, so it can find the lane that caused it.

import { AsyncLocalStorage } from 'node:async_hooks';
import type { ToolCallContext } from '../tool-types.js';

const storage = new AsyncLocalStorage<ToolCallContext>();

/** The context of the tool call whose async work is running, or undefined outside any call. */
export function currentToolCallContext(): ToolCallContext | undefined {
  return storage.getStore();
}

/**
 * Runs `work` (and everything it starts asynchronously) inside `context`. The MCP SDK reads a
 * call's SSE response stream from an async function started inside the call, so server requests
 * arriving on that stream see this context (checked with two calls in flight on one server).
 */
export function runWithToolCallContext<Result>(context: ToolCallContext, work: () => Result): Result {
  return storage.run(context, work);
}
