// Requests a hostile or unusual client may send, over raw TCP so every byte of the request line is
// ours: a body nested thousands of levels deep, and an absolute-form request target. Each gets an
// answer in both eras, never a 500 or a stack overflow. Real HTTP on 127.0.0.1:0. Server side.

import { connect } from 'node:net';
import { McpServer as LegacySdkServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_JSON_DEPTH } from './json-depth.js';
import { type ServedMcp, serveMcp } from './serve-mcp.js';

const opened: ServedMcp[] = [];
afterEach(async () => {
  for (const served of opened.splice(0)) await served.close();
});

/** A server of either SDK with one tool, `bake`. */
function buildServer(sdk: 'v1' | 'v2'): McpServer | LegacySdkServer {
  const bake = () => ({ content: [{ type: 'text' as const, text: 'baked' }] });
  if (sdk === 'v1') {
    const legacy = new LegacySdkServer({ name: 'oven', version: '1.0.0' });
    legacy.registerTool('bake', { description: 'Bakes.' }, bake);
    return legacy;
  }
  const server = new McpServer({ name: 'oven', version: '1.0.0' });
  server.registerTool('bake', { description: 'Bakes.' }, bake);
  return server;
}

async function serve(sdk: 'v1' | 'v2'): Promise<ServedMcp> {
  const served = await serveMcp({
    name: 'oven',
    buildServer: () => buildServer(sdk),
    log: { level: 'silent' },
  });
  opened.push(served);
  return served;
}

interface RawAnswer {
  status: number;
  /** The body as sent (chunked framing included): enough to find the JSON-RPC error in it. */
  body: string;
}

/** Writes one HTTP/1.1 request by hand and reads the answer until the server closes. */
function sendOverTcp(port: number, target: string, headers: Record<string, string>, body: string): Promise<RawAnswer> {
  const head = [
    `POST ${target} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      // An SSE answer stays open after its message; the first message is enough.
      if (/\r\n\r\n[\s\S]*data: \{/.test(text)) socket.destroy();
    });
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    socket.on('error', reject);
    socket.write(`${head}\r\n\r\n${body}`);
  });
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});
const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const modernHeaders = { 'Mcp-Method': 'tools/list', 'MCP-Protocol-Version': '2026-07-28' };
const modernList = (params: object = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { ...params, _meta: modernMeta } });

/** 5,000 levels deep, about 10 KB: far under the size limit. */
const deepArray = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
const deepObject = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
const withDeep = (message: string, deep: string) => message.replace('"PLACE"', deep);
const deepModern = withDeep(modernList({ deep: 'PLACE' }), deepObject);
const deepInitialize = withDeep(initialize.replace('"capabilities":{}', '"capabilities":"PLACE"'), deepObject);

function expectDepthRefusal(answer: RawAnswer): void {
  expect(answer.status).toBe(400);
  expect(answer.body).toContain('"code":-32700');
  expect(answer.body).toContain(`nested deeper than ${DEFAULT_MAX_JSON_DEPTH} levels`);
}

describe('a body nested far too deep', () => {
  it.each([
    ['an array, 2025 headers', deepArray, {}],
    ['an array, 2026 headers', deepArray, modernHeaders],
    ['a 2026 request with deep params', deepModern, modernHeaders],
    ['a 2025 initialize with deep params', deepInitialize, {}],
  ])('gets 400 -32700 naming the depth limit from a v2 server: %s', async (_label, body, headers) => {
    const served = await serve('v2');
    expectDepthRefusal(await sendOverTcp(served.port, '/mcp', headers, body));
  });

  it('gets the same from a v1 server', async () => {
    const served = await serve('v1');
    expectDepthRefusal(await sendOverTcp(served.port, '/mcp', {}, deepArray));
  });

  it(`lets a message nested ${DEFAULT_MAX_JSON_DEPTH} levels deep through`, async () => {
    const served = await serve('v2');
    // The message itself, params and the value: three of the levels.
    const depth = DEFAULT_MAX_JSON_DEPTH - 3;
    const body = withDeep(modernList({ deep: 'PLACE' }), `${'['.repeat(depth)}${']'.repeat(depth)}`);
    const answer = await sendOverTcp(served.port, '/mcp', modernHeaders, body);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"name":"bake"');
  });
});

describe('an absolute-form request target', () => {
  it('is answered like /mcp in 2025-11-25, by a v1 and a v2 server', async () => {
    for (const sdk of ['v1', 'v2'] as const) {
      const served = await serve(sdk);
      const answer = await sendOverTcp(served.port, `http://127.0.0.1:${served.port}/mcp`, {}, initialize);
      expect(answer.status, sdk).toBe(200);
      expect(answer.body, sdk).toContain('"protocolVersion":"2025-11-25"');
    }
  });

  it('is answered like /mcp in 2026-07-28', async () => {
    const served = await serve('v2');
    const answer = await sendOverTcp(served.port, `http://127.0.0.1:${served.port}/mcp`, modernHeaders, modernList());
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"name":"bake"');
  });

  it('takes its host from the target, so a foreign one is refused as a wrong Host would be', async () => {
    const served = await serve('v2');
    const answer = await sendOverTcp(
      served.port,
      `http://evil.example:${served.port}/mcp`,
      modernHeaders,
      modernList(),
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('DNS rebinding protection');
  });

  it('is refused with 400 when it is not an http URL', async () => {
    const served = await serve('v2');
    const answer = await sendOverTcp(served.port, 'ftp://127.0.0.1/mcp', modernHeaders, modernList());
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('request target');
  });
});
