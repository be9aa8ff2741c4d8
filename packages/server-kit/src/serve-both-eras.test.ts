// One endpoint, both eras: a v2 McpServer served by serveMcp answers a 2026-07-28 client statelessly
// and a 2025-11-25 client in a session, behind the same guards; a v1 McpServer stays 2025-only.
// Real HTTP on 127.0.0.1:0. Server side.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer as LegacySdkServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { inputRequired, McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ServedMcp, type ServeMcpOptions, serveMcp } from './serve-mcp.js';
import type { BuildServerContext } from './served-server.js';
import { connectHttpClient, connectModernClient, type ModernClient } from './testing.js';

/** `echo` says which era built its server; `taste` asks the client's model, the 2026 way. */
function buildModernServer(context: BuildServerContext): McpServer {
  const server = new McpServer({ name: 'bakery', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Repeats text.', inputSchema: z.object({ text: z.string() }) },
    ({ text }) => ({ content: [{ type: 'text', text: `${text} (built for ${context.era})` }] }),
  );
  server.registerTool('taste', { description: 'Asks the model.', inputSchema: z.object({}) }, (_input, ctx) => {
    const answer = ctx.mcpReq.inputResponses?.verdict as { content?: { type?: string; text?: string } } | undefined;
    if (answer?.content?.type !== 'text') {
      return inputRequired({
        inputRequests: {
          verdict: inputRequired.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: 'Ready?' } }],
            maxTokens: 20,
          }),
        },
      });
    }
    return { content: [{ type: 'text', text: `The taster says: ${answer.content.text}` }] };
  });
  return server;
}

function buildLegacyServer(): LegacySdkServer {
  const server = new LegacySdkServer({ name: 'old', version: '1.0.0' });
  server.registerTool('echo', { inputSchema: { text: z.string() } }, ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
  return server;
}

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of opened.reverse()) await item.close();
  opened.length = 0;
});

async function serve(options: Partial<ServeMcpOptions> = {}) {
  const lines: Array<Record<string, unknown>> = [];
  const served: ServedMcp = await serveMcp({
    name: 'bakery',
    buildServer: buildModernServer,
    log: { level: 'debug', write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    ...options,
  });
  opened.push(served);
  const served2026 = () => lines.filter((line) => line.event === 'request-served' && line.era === '2026-07-28');
  return { served, lines, served2026 };
}

async function modern(url: string, options: Parameters<typeof connectModernClient>[1] = {}): Promise<ModernClient> {
  const client = await connectModernClient(url, options);
  opened.unshift(client);
  return client;
}

async function legacy(url: string, headers?: Record<string, string>): Promise<Client> {
  const client = await connectHttpClient(url, headers);
  opened.unshift(client);
  return client;
}

function textOf(result: unknown): string {
  const [block] = (result as { content: Array<{ type: string; text?: string }> }).content;
  return block?.type === 'text' ? (block.text ?? '') : '';
}

describe('serveMcp with a v2 McpServer', () => {
  it('answers a 2026-07-28 client per request, with no session', async () => {
    const { served, served2026 } = await serve();
    const client = await modern(served.url);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe(
      'hi (built for 2026-07-28)',
    );
    expect(served.sessionCount()).toBe(0);
    expect(served2026().map((line) => line.mcpMethod)).toEqual(
      expect.arrayContaining(['server/discover', 'tools/call']),
    );
  });

  it('answers a 2025-11-25 client on the same endpoint in a session', async () => {
    const { served, lines } = await serve();
    const client = await legacy(served.url);
    expect(client.getServerVersion()?.name).toBe('bakery');
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe(
      'hi (built for 2025-11-25)',
    );
    expect(served.sessionCount()).toBe(1);
    const eras = new Set(lines.filter((line) => line.event === 'request-served').map((line) => line.era));
    expect([...eras]).toEqual(['2025-11-25']);
  });

  it('asks the model with input_required in 2026 and with a pushed request in 2025, from one handler', async () => {
    const { served } = await serve();
    const newClient = await modern(served.url, { samplingAnswer: 'yes' });
    expect(textOf(await newClient.callTool({ name: 'taste', arguments: {} }))).toBe('The taster says: yes');

    // The SDK's legacy shim turns the same input_required return into a pushed request, sent only
    // to a client that offers sampling.
    const sampling = new Client({ name: 'old-host', version: '0' }, { capabilities: { sampling: {} } });
    const pushed: string[] = [];
    sampling.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      pushed.push(request.method);
      return { role: 'assistant', content: { type: 'text', text: 'pushed yes' }, model: 'test-model' };
    });
    await sampling.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    opened.unshift(sampling);
    expect(textOf(await sampling.callTool({ name: 'taste', arguments: {} }))).toBe('The taster says: pushed yes');
    expect(pushed).toEqual(['sampling/createMessage']);
  });

  it('refuses a foreign Origin and a missing bearer token in the 2026 era too', async () => {
    const { served, served2026 } = await serve({ bearerToken: 'secret-token' });
    await expect(modern(served.url)).rejects.toThrow();
    await expect(
      modern(served.url, { headers: { Authorization: 'Bearer secret-token', Origin: 'http://evil.example' } }),
    ).rejects.toThrow();
    expect(served2026()).toEqual([]);
    const client = await modern(served.url, { headers: { Authorization: 'Bearer secret-token' } });
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'ok' } }))).toBe(
      'ok (built for 2026-07-28)',
    );
  });

  it('refuses a 2026 body over maxBodyBytes with 413 before any server is built', async () => {
    let built = 0;
    const { served, lines } = await serve({
      maxBodyBytes: 4096,
      buildServer: (context) => {
        built += 1;
        return buildModernServer(context);
      },
    });
    const client = await modern(served.url);
    const before = built;
    await expect(client.callTool({ name: 'echo', arguments: { text: 'x'.repeat(8000) } })).rejects.toThrow();
    expect(built).toBe(before);
    expect(lines.some((line) => line.event === 'request-refused' && line.status === 413)).toBe(true);
  });

  it('serves 2025-11-25 only when eras says so: a pinned 2026 client finds no 2026 there', async () => {
    const { served } = await serve({ eras: ['2025-11-25'] });
    await expect(modern(served.url)).rejects.toThrow();
    const client = await legacy(served.url);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe(
      'hi (built for 2025-11-25)',
    );
    const health = (await (await fetch(served.url.replace('/mcp', '/healthz'))).json()) as { eras: string[] };
    expect(health.eras).toEqual(['2025-11-25']);
  });

  it('serves 2026-07-28 only when eras says so: a 2025 initialize is refused', async () => {
    const { served } = await serve({ eras: ['2026-07-28'] });
    await expect(legacy(served.url)).rejects.toThrow();
    const client = await modern(served.url);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(served.sessionCount()).toBe(0);
  });

  it('closes gracefully with 2026 and 2025 clients connected', async () => {
    const { served } = await serve();
    await modern(served.url);
    await legacy(served.url);
    await served.close();
    expect(served.sessionCount()).toBe(0);
    await expect(fetch(served.url.replace('/mcp', '/healthz'))).rejects.toThrow();
  });
});

describe('serveMcp with a v1 McpServer', () => {
  it('serves 2025-11-25 only, as before', async () => {
    const { served } = await serve({ buildServer: buildLegacyServer });
    await expect(modern(served.url)).rejects.toThrow();
    const client = await legacy(served.url);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe('hi');
    const health = (await (await fetch(served.url.replace('/mcp', '/healthz'))).json()) as { eras: string[] };
    expect(health.eras).toEqual(['2025-11-25']);
  });
});
