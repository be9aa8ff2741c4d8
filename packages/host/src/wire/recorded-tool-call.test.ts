import { describe, expect, it } from 'vitest';
import { serveOverHttp } from '../testing/serve-over-http.js';
import { buildTestServer, createObservations } from '../testing/test-server.js';
import { recordToolCall } from './recorded-tool-call.js';

describe('recordToolCall', () => {
  it('answers a call made by hand with every JSON-RPC message of its session, in order', async () => {
    const server = await serveOverHttp(() => buildTestServer('pantry', createObservations()));
    try {
      const call = await recordToolCall(
        { name: 'pantry', url: server.url },
        'echo',
        { text: 'hello' },
        { timeoutMs: 10_000 },
      );
      expect(call.outcome).toEqual({ isError: false, content: expect.stringContaining('hello') });
      const methods = call.messages.map(({ direction, message }) => [
        direction,
        'method' in message ? message.method : 'result' in message ? 'result' : 'error',
      ]);
      expect(methods).toEqual([
        ['out', 'initialize'],
        ['in', 'result'],
        ['out', 'notifications/initialized'],
        ['out', 'tools/call'],
        ['in', 'result'],
      ]);
    } finally {
      await server.close();
    }
  });

  it('turns a server that is not there into an outcome in words, not an exception', async () => {
    const call = await recordToolCall(
      { name: 'ghost', url: 'http://127.0.0.1:9/mcp' },
      'echo',
      {},
      { timeoutMs: 5_000 },
    );
    expect(call.outcome).toMatchObject({
      isError: true,
      content: expect.stringContaining('Tool "echo" on server "ghost" failed'),
    });
    expect(call.messages[0]).toMatchObject({ direction: 'out', message: { method: 'initialize' } });
  });
});
