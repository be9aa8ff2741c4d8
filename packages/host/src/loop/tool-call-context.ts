// Which tool call a server's request belongs to. Host side: when a server sends
// sampling/createMessage or elicitation/create from inside a tools/call, its handler must find the
// lane that caused it.

import { AsyncLocalStorage } from 'node:async_hooks';
import type { ToolCallContext } from '../tool-types.js';

const storage = new AsyncLocalStorage<ToolCallContext>();
/** Calls in flight that run inside a storage scope, over every server; at 0 the storage is turned off. */
let scopedCalls = 0;

/**
 * The tool calls in flight to one server, for routing the requests it sends back. A call that
 * starts while no other call to that server is in flight (one at a time, the common case) runs
 * without an AsyncLocalStorage scope: a request that arrives in no scope is that call's, the only
 * unscoped one in flight. Only overlapping calls get a scope, and the storage is turned off again
 * once none is left: while it is on, Node 20 runs a hook for every promise of the process, which
 * cost about a seventh of a tool call's own CPU.
 */
export class ServerCalls {
  #inFlight = 0;
  #unscoped: ToolCallContext | undefined;

  /**
   * The context of the call whose async work is running, or of the server's only unscoped call in
   * flight; undefined outside any call.
   */
  current(): ToolCallContext | undefined {
    return storage.getStore() ?? this.#unscoped;
  }

  /** Runs one call to this server, findable by `current()` from the requests it causes. */
  async run<Result>(context: ToolCallContext, work: () => Promise<Result>): Promise<Result> {
    // A call started from inside another call's scope would inherit that scope: it gets its own.
    const alone = this.#inFlight === 0 && storage.getStore() === undefined;
    this.#inFlight += 1;
    if (alone) this.#unscoped = context;
    else scopedCalls += 1;
    try {
      return await (alone ? work() : storage.run(context, work));
    } finally {
      this.#inFlight -= 1;
      if (alone) this.#unscoped = undefined;
      else {
        scopedCalls -= 1;
        if (scopedCalls === 0) storage.disable();
      }
    }
  }
}
