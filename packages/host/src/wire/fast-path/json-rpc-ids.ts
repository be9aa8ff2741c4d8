// The ids in JSON-RPC messages as the host's fetch sees them on the wire: the requests a POST
// sends and the request an SSE `data:` line answers. Host side, right at the wire; read from the
// ends of the text where the SDK's own shapes allow it, so a long result is not parsed for its id.

/**
 * The ids of the JSON-RPC requests in a POST body, read without parsing it when it has the shape
 * the SDK writes: `{"method":…,"jsonrpc":"2.0","id":7}` (a request, id last) or `{"result":…}` /
 * `{"error":…}` (an answer to the server: no request). Anything else (a batch, a notification,
 * another writer's key order) is parsed.
 */
export function jsonRpcRequestIds(body: RequestInit['body']): Array<string | number> {
  if (typeof body !== 'string') return [];
  if (body.startsWith('{"result":') || body.startsWith('{"error":')) return [];
  if (body.startsWith('{"method":')) {
    const id = trailingId(body);
    if (id !== undefined) return [id];
  }
  try {
    const parsed: unknown = JSON.parse(body);
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    return messages.flatMap((message: unknown) =>
      isRecord(message) &&
      typeof message.method === 'string' &&
      (typeof message.id === 'string' || typeof message.id === 'number')
        ? [message.id]
        : [],
    );
  } catch {
    return [];
  }
}

/**
 * The id a JSON message on one SSE `data:` line answers, or undefined when it answers nothing (a
 * request or notification from the server). The SDK parses every line itself; this reads the
 * common shapes from their ends, `{"result":…,"jsonrpc":"2.0","id":7}` and
 * `{"jsonrpc":"2.0","id":7,"result":…}`, and parses only a line of any other shape.
 */
export function answeredId(json: string): string | number | undefined {
  if (json.startsWith('{"method":')) return undefined;
  if (json.startsWith('{"result":') || json.startsWith('{"error":')) {
    const id = trailingId(json);
    if (id !== undefined) return id;
  }
  const leading = LEADING_ANSWER.exec(json);
  if (leading?.[1] !== undefined) return idValue(leading[1]);
  try {
    const message: unknown = JSON.parse(json);
    if (isRecord(message) && ('result' in message || 'error' in message)) {
      const { id } = message;
      return typeof id === 'string' || typeof id === 'number' ? id : undefined;
    }
  } catch {
    // Not a whole JSON message on one line: the SDK's own parser deals with it.
  }
  return undefined;
}

// A member `"id":…` right before the closing brace is a member of the outermost object: a nested
// one would need a second brace, and a string that ends so would need a closing quote.
const TRAILING_ID = /,"id":(-?\d+|"(?:[^"\\]|\\.)*")\}$/;
const LEADING_ANSWER = /^\{"jsonrpc":"2\.0","id":(-?\d+|"(?:[^"\\]|\\.)*"),"(?:result|error)":/;

function trailingId(json: string): string | number | undefined {
  // Only the tail is searched: a long result costs no more than a short one.
  const match = TRAILING_ID.exec(json.length > 200 ? json.slice(-200) : json);
  return match?.[1] === undefined ? undefined : idValue(match[1]);
}

function idValue(text: string): string | number {
  return text.startsWith('"') ? (JSON.parse(text) as string) : Number(text);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
