// Test helper for the HTTP fuzzers: random requests (method, path, headers, body of any size) sent
// with node:http so that Host, Origin and a wrong Content-Length can be sent as they are, and the
// answer read back whole, or up to its first SSE message for a stream that stays open.

import { request as httpRequest } from 'node:http';
import fc from 'fast-check';

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

/** Bodies above this may be refused by closing the connection before they are read (then checked with a health probe). */
export const LARGE_BODY_BYTES = 64 * 1024;

export interface FuzzAnswer {
  status: number;
  contentType: string;
  /** The whole body; for an event stream, the data of its first message (or '' if it sent none). */
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Sends one request to the server at `base` (http://127.0.0.1:PORT). Rejects if the connection
 * breaks before a status line (a crash or a reset), or after `timeoutMs` without one.
 */
export function sendRaw(base: string, fuzz: FuzzRequest, timeoutMs = 30_000): Promise<FuzzAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: fuzz.method,
        path: fuzz.path,
        headers: fuzz.headers,
        setHost: !Object.keys(fuzz.headers).some((name) => name.toLowerCase() === 'host'),
        agent: false,
      },
      (response) => {
        clearTimeout(timer);
        const contentType = String(response.headers['content-type'] ?? '');
        const answer = (body: string) =>
          resolve({ status: response.statusCode ?? 0, contentType, body, headers: response.headers });
        let text = '';
        response.setEncoding('utf8');
        if (contentType.startsWith('text/event-stream')) {
          // A stream may stay open (a GET stream, a tool waiting on the client): its first message is enough.
          const streamTimer = setTimeout(() => {
            response.destroy();
            answer('');
          }, 2_000);
          response.on('data', (chunk: string) => {
            text += chunk;
            const data = /^data: (.+)$/m.exec(text.split('\n\n').find((event) => /^data: ./m.test(event)) ?? '');
            if (data === null) return;
            clearTimeout(streamTimer);
            response.destroy();
            answer(data[1] ?? '');
          });
          response.on('end', () => {
            clearTimeout(streamTimer);
            answer('');
          });
          response.on('error', () => {});
          return;
        }
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => answer(text));
        response.on('error', reject);
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy(new Error(`no answer to ${fuzz.method} ${fuzz.path} within ${timeoutMs} ms`));
    }, timeoutMs);
    outgoing.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // A server may answer 413 and close before the whole body is written: that is an answer, not a crash.
    outgoing.on('socket', (socket) => socket.on('error', () => {}));
    if (fuzz.body !== undefined) outgoing.end(fuzz.body);
    else outgoing.end();
  });
}

const jsonRpcMethods = [
  'initialize',
  'notifications/initialized',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'ping',
  'logging/setLevel',
  'completion/complete',
  'notifications/cancelled',
  'sampling/createMessage',
  '',
  'rpc.discover',
];

const jsonRpcId = fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null), fc.double(), fc.boolean());

/** A method with params that fit it, or nearly: what a client could send to the example servers. */
const plausibleCall: fc.Arbitrary<{ method: string; params: Record<string, unknown> }> = fc.oneof(
  fc.record({
    method: fc.constant('tools/call'),
    params: fc.record({
      // Quick tools only: one that waits (bake) would hold each request open.
      name: fc.constantFrom('inspect_jar', 'list_jars', 'weigh_jar', 'roll_dice', 'list_pantry', 'read_note', 'nope'),
      arguments: fc.oneof(
        fc.record({ id: fc.integer({ min: -1, max: 50 }) }),
        fc.record({ count: fc.integer({ min: 0, max: 12 }), sides: fc.integer({ min: 1, max: 120 }) }),
        fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
      ),
    }),
  }),
  fc.record({
    method: fc.constantFrom('tools/list', 'resources/list', 'resources/templates/list', 'prompts/list', 'ping'),
    params: fc.oneof(fc.constant({}), fc.record({ cursor: fc.string({ maxLength: 8 }) })),
  }),
  fc.record({
    method: fc.constant('resources/read'),
    params: fc.record({ uri: fc.constantFrom('jar://1', 'jar://999', 'pantry://shelf', 'nope://x') }),
  }),
  fc.record({
    method: fc.constant('prompts/get'),
    params: fc.record({
      name: fc.constantFrom('critique_recipe', 'plan_bake', 'nope'),
      arguments: fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 10 }), { maxKeys: 2 }),
    }),
  }),
  fc.record({
    method: fc.constant('logging/setLevel'),
    params: fc.record({ level: fc.constantFrom('debug', 'nope') }),
  }),
);

/** A well-formed 2025-11-25 request: the envelope right, the method real. */
const plausibleRequest: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 1, max: 1_000_000 }), plausibleCall)
  .map(([id, call]) => ({ jsonrpc: '2.0', id, ...call }));

/** A JSON-RPC message: mostly well formed, else subtly wrong or nothing like one. */
export const jsonRpcMessage: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: plausibleRequest },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        jsonrpc: fc.oneof(fc.constant('2.0'), fc.constantFrom('1.0', '2', ''), fc.integer()),
        id: jsonRpcId,
        method: fc.oneof(fc.constantFrom(...jsonRpcMethods), fc.string({ maxLength: 12 })),
        params: fc.oneof(
          fc.record(
            {
              name: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('inspect_jar', 'roll', 'list_jars')),
              arguments: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.dictionary(fc.string(), fc.jsonValue())),
              protocolVersion: fc.constantFrom('2025-11-25', '2025-06-18', '1999-01-01', ''),
              capabilities: fc.jsonValue({ maxDepth: 2 }),
              clientInfo: fc.jsonValue({ maxDepth: 2 }),
              uri: fc.string({ maxLength: 20 }),
              cursor: fc.string({ maxLength: 8 }),
              level: fc.string({ maxLength: 8 }),
            },
            { requiredKeys: [] },
          ),
          fc.jsonValue({ maxDepth: 2 }),
        ),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A tools/call whose arguments nest `depth` levels (10 KB at 5,000), shown by its depth. */
function deepCall(depth: number, meta?: Record<string, unknown>): Buffer {
  const envelope = meta === undefined ? '' : `"_meta":${JSON.stringify(meta)},`;
  const text = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{${envelope}"name":"inspect_jar","arguments":{"id":${'['.repeat(depth)}${']'.repeat(depth)}}}}`;
  return Object.assign(Buffer.from(text), { [fc.toStringMethod]: () => `<a tools/call nested ${depth} deep>` });
}

/** Depths around the kit's limit of 64 and far past it. */
const nestingDepth = fc.constantFrom(8, 63, 70, 1_000, 5_000);

/** What a 2026-07-28 request carries in params._meta instead of a session. */
export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'fuzz', version: '0' },
};

/**
 * A 2026-07-28 request, no session: the envelope in `_meta`, and the Mcp-Method, Mcp-Name and
 * MCP-Protocol-Version headers that must agree with it, each right nine times in ten. Bodies are
 * sometimes deep. `headers` are the rest (Host, Origin, Accept, Content-Type).
 */
export function modernRequest(options: {
  path: fc.Arbitrary<string>;
  headers: fc.Arbitrary<Record<string, string>>;
}): fc.Arbitrary<FuzzRequest> {
  const message = fc.tuple(fc.integer({ min: 1, max: 1_000_000 }), plausibleCall).map(([id, call]) => ({
    jsonrpc: '2.0',
    id,
    method: call.method,
    params: { ...call.params, _meta: MODERN_META },
  }));
  const body = fc.oneof(
    { weight: 8, arbitrary: message.map((value) => ({ value, bytes: Buffer.from(JSON.stringify(value)) })) },
    {
      weight: 2,
      arbitrary: nestingDepth.map((depth) => ({
        value: { method: 'tools/call', params: { name: 'inspect_jar' } },
        bytes: deepCall(depth, MODERN_META),
      })),
    },
  );
  const mostlyRight = fc.constantFrom(true, true, true, true, true, true, true, true, true, false);
  return fc
    .record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant('POST') },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'DELETE') },
      ),
      path: options.path,
      headers: options.headers,
      body,
      methodRight: mostlyRight,
      versionRight: mostlyRight,
      nameRight: mostlyRight,
    })
    .map(({ method, path, headers, body: { value, bytes }, methodRight, versionRight, nameRight }) => {
      const params = value.params as { name?: unknown; uri?: unknown };
      const named = params.name ?? params.uri;
      return {
        method,
        path,
        headers: {
          ...headers,
          'mcp-protocol-version': versionRight ? '2026-07-28' : '2025-11-25',
          'mcp-method': methodRight ? value.method : 'tools/list',
          ...(typeof named === 'string' ? { 'mcp-name': nameRight ? named : 'other' } : {}),
        },
        body: bytes,
      };
    });
}

/** Bodies: one message, a batch, raw bytes, cut-off JSON, or one of a hostile size. */
export const requestBody: fc.Arbitrary<Buffer | undefined> = fc.oneof(
  { weight: 6, arbitrary: jsonRpcMessage.map((message) => Buffer.from(JSON.stringify(message) ?? 'null')) },
  {
    weight: 2,
    arbitrary: fc.array(jsonRpcMessage, { maxLength: 4 }).map((batch) => Buffer.from(JSON.stringify(batch))),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(jsonRpcMessage, fc.nat())
      .map(([message, cut]) => Buffer.from((JSON.stringify(message) ?? '').slice(0, cut % 40))),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(64 * 1024, 1024 * 1024 + 1, 2 * 1024 * 1024).map((size) =>
      // Shown by its size in a counterexample, not byte by byte.
      Object.assign(Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"${'x'.repeat(size)}"}}`), {
        [fc.toStringMethod]: () => `<a ping of ${size} bytes>`,
      }),
    ),
  },
  { weight: 1, arbitrary: nestingDepth.map((depth) => deepCall(depth)) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** What a client would send in a session: one well-formed request, a batch of them, or one nested deep. */
export const clientBody: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 8, arbitrary: plausibleRequest.map((message) => Buffer.from(JSON.stringify(message))) },
  {
    weight: 1,
    arbitrary: fc
      .array(plausibleRequest, { minLength: 1, maxLength: 3 })
      .map((batch) => Buffer.from(JSON.stringify(batch))),
  },
  { weight: 1, arbitrary: nestingDepth.map((depth) => deepCall(depth)) },
);

/** Stands for the live session's id in a generated request; the fuzzer puts the current one in its place. */
export const LIVE_SESSION = '<live session>';

/** Header values a client might send, well meant or not. */
export function headerArbitrary(options: {
  port: number;
  extra?: Record<string, fc.Arbitrary<string>>;
  /** 2026-07-28 requests carry no session headers (modernRequest adds the per-request ones). */
  sessionless?: boolean;
  /** Every header a client would send, right (Origin and Authorization may still be missing). */
  right?: boolean;
}): fc.Arbitrary<Record<string, string>> {
  const anyText = fc.string({ maxLength: 30 }).map((text) => text.replace(/[^\t\x20-\x7e]/g, '?'));
  // Right nine times in ten each, so every wrong value is tried and many requests get through.
  const mostly = (good: fc.Arbitrary<string>, bad: fc.Arbitrary<string>) =>
    options.right ? good : fc.oneof({ weight: 9, arbitrary: good }, { weight: 1, arbitrary: bad });
  const headers = fc.record(
    {
      'content-type': mostly(
        fc.constantFrom('application/json', 'application/json; charset=utf-8'),
        fc.oneof(fc.constantFrom('text/plain', 'multipart/form-data'), anyText),
      ),
      accept: mostly(
        fc.constant('application/json, text/event-stream'),
        fc.oneof(fc.constantFrom('application/json', 'text/event-stream', '*/*'), anyText),
      ),
      host: mostly(
        fc.constantFrom(`127.0.0.1:${options.port}`, `localhost:${options.port}`),
        fc.constantFrom('evil.example', `attacker.example:${options.port}`, '', '[::1]'),
      ),
      origin: mostly(
        fc.constant(`http://127.0.0.1:${options.port}`),
        fc.oneof(fc.constantFrom('https://evil.example', 'null', 'http://localhost', ''), anyText),
      ),
      'mcp-session-id': mostly(fc.constant(LIVE_SESSION), fc.oneof(fc.uuid(), anyText)),
      'mcp-protocol-version': mostly(
        fc.constant('2025-11-25'),
        fc.oneof(fc.constantFrom('2025-06-18', '2024-11-05', '9999-99-99'), anyText),
      ),
      'last-event-id': options.right ? fc.constant('') : anyText,
      authorization: fc.constantFrom('Bearer nope', 'Basic Zm9vOmJhcg==', ''),
      ...options.extra,
    },
    { requiredKeys: ['host', 'content-type', 'accept', 'mcp-session-id'] },
  );
  if (!options.sessionless) return headers;
  return headers.map(
    ({ 'mcp-session-id': _session, 'mcp-protocol-version': _version, 'last-event-id': _event, ...rest }) => rest,
  );
}

// The server kit's own refusals, told apart by their wording: an answer that is none of these
// came from the MCP SDK's handler (or the server behind it), which is what the fuzzer is for.
const KIT_REFUSALS = [
  /^Forbidden: /,
  /^Unauthorized: /,
  /^Unsupported Media Type: send the JSON-RPC message/,
  /^Payload Too Large: the request body/,
  /^Parse error: the request body/,
  /^Bad Request: no Mcp-Session-Id header, and/,
  /^Bad Request: \w+ needs an Mcp-Session-Id header/,
  /^Bad Request: Last-Event-ID /,
  /^Bad Request: the request target /,
  /^Session \S+ not found: it ended/,
  /^Not Found: .* is not an MCP endpoint/,
  /^Method Not Allowed: .* is not part of Streamable HTTP/,
  /^Service Unavailable: /,
  /^Too Many Requests: this client/,
  /^Invalid Request: request id .* is already in flight/,
  /^Internal error in /,
];

/** True when the answer is the MCP handler's, not a refusal of the kit in front of it. */
export function reachedMcpHandler(mcpPath: string, fuzz: FuzzRequest, answer: FuzzAnswer): boolean {
  if (new URL(fuzz.path, 'http://placeholder').pathname !== mcpPath) return false;
  if (answer.status < 400) return true;
  // The kit's refusals are always JSON (a HEAD's has no body); a bare status came from the SDK.
  if (fuzz.method === 'HEAD') return false;
  if (!answer.contentType.startsWith('application/json')) return true;
  let message: unknown;
  try {
    message = (JSON.parse(answer.body) as { error?: { message?: unknown } }).error?.message;
  } catch {
    return true;
  }
  return typeof message === 'string' && !KIT_REFUSALS.some((pattern) => pattern.test(message));
}
