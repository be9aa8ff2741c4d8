// The JSON-RPC request ids a session is still answering, so a second request that reuses one is
// refused at once instead of hanging. Server side.
//
// Why the kit tracks this: in SDK 1.32.2, StreamableHTTPServerTransport maps a request id to the
// SSE stream that will carry its answer, and Protocol keeps one abort controller per id. A second
// in-flight request with the same id overwrites both entries, so one of the two requests is never
// answered and its stream stays open forever (upstream bug in @modelcontextprotocol/sdk; MCP also
// says a requestor must not reuse an id within a session). Until the SDK refuses duplicates
// itself, the kit answers the second one with -32600.

/** A JSON-RPC request id (both SDKs' RequestId). */
export type RequestId = string | number;

/** A JSON-RPC answer (result or error) to request `id`; read without loading either SDK. */
export function isResponseMessage(message: unknown): message is { id: RequestId } {
  if (typeof message !== 'object' || message === null || 'method' in message) return false;
  const { id } = message as { id?: unknown };
  return (typeof id === 'string' || typeof id === 'number') && ('result' in message || 'error' in message);
}

/** An `initialize` request (the 2025 handshake); its params are the SDK's to check. */
export function isInitializeMessage(
  message: unknown,
): message is { method: 'initialize'; id: RequestId; params?: { protocolVersion?: unknown } } {
  if (typeof message !== 'object' || message === null) return false;
  const { method, id } = message as { method?: unknown; id?: unknown };
  return method === 'initialize' && (typeof id === 'string' || typeof id === 'number');
}

type Key = `${'string' | 'number'}:${string}`;

// JSON-RPC ids 1 and "1" are different requests, as they are to the SDK's maps.
function keyOf(id: RequestId): Key {
  return `${typeof id === 'number' ? 'number' : 'string'}:${id}`;
}

function requestIdOf(message: unknown): RequestId | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { id, method } = message as { id?: unknown; method?: unknown };
  if (typeof method !== 'string') return undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

function cancelledRequestIdOf(message: unknown): RequestId | undefined {
  const { method, params } = (message ?? {}) as { method?: unknown; params?: { requestId?: unknown } };
  if (method !== 'notifications/cancelled') return undefined;
  const id = params?.requestId;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

export class InFlightRequests {
  private readonly ids = new Set<Key>();

  get size(): number {
    return this.ids.size;
  }

  /** The first request id in `messages` already in flight, or repeated within them. */
  findDuplicate(messages: readonly unknown[]): RequestId | undefined {
    const seen = new Set<Key>();
    for (const message of messages) {
      const id = requestIdOf(message);
      if (id === undefined) continue;
      const key = keyOf(id);
      if (this.ids.has(key) || seen.has(key)) return id;
      seen.add(key);
    }
    return undefined;
  }

  /** Records the requests in `messages`; a cancellation releases the id it names, since a
   * cancelled request is never answered. Returns the ids recorded. */
  begin(messages: readonly unknown[]): RequestId[] {
    const started: RequestId[] = [];
    for (const message of messages) {
      const cancelled = cancelledRequestIdOf(message);
      if (cancelled !== undefined) this.ids.delete(keyOf(cancelled));
      const id = requestIdOf(message);
      if (id === undefined) continue;
      this.ids.add(keyOf(id));
      started.push(id);
    }
    return started;
  }

  /** Called when the server sends the answer (result or error) for `id`. */
  finish(id: RequestId): void {
    this.ids.delete(keyOf(id));
  }

  clear(): void {
    this.ids.clear();
  }
}
