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

/** A JSON-RPC message: well formed, subtly wrong, or nothing like one. */
export const jsonRpcMessage: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(
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
  fc.jsonValue({ maxDepth: 3 }),
);

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
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** Stands for the live session's id in a generated request; the fuzzer puts the current one in its place. */
export const LIVE_SESSION = '<live session>';

/** Header values a client might send, well meant or not. */
export function headerArbitrary(options: {
  port: number;
  extra?: Record<string, fc.Arbitrary<string>>;
}): fc.Arbitrary<Record<string, string>> {
  const anyText = fc.string({ maxLength: 30 }).map((text) => text.replace(/[^\t\x20-\x7e]/g, '?'));
  const mostly = (good: fc.Arbitrary<string>, bad: fc.Arbitrary<string>) =>
    fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: bad });
  return fc.record(
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
      'last-event-id': anyText,
      authorization: fc.constantFrom('Bearer nope', 'Basic Zm9vOmJhcg==', ''),
      ...options.extra,
    },
    { requiredKeys: ['host', 'content-type', 'accept'] },
  );
}
