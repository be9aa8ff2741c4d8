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

  it("answers the server's sampling request and form through the handlers it is given, and declares neither without them", async () => {
    const server = await serveOverHttp(() => buildTestServer('pantry', createObservations()));
    const asked: string[] = [];
    try {
      const handlers = {
        sampling: async (from: string) => {
          asked.push(`sampling from ${from}`);
          return { role: 'assistant' as const, model: 'fake', content: { type: 'text' as const, text: 'fake answer' } };
        },
        elicitation: async (from: string) => {
          asked.push(`form from ${from}`);
          return { action: 'accept' as const, content: { answer: 'yes' } };
        },
      };
      const options = { timeoutMs: 10_000, handlers };
      const sampled = await recordToolCall({ name: 'pantry', url: server.url }, 'ask_model', { prompt: 'hi' }, options);
      expect(sampled.outcome).toEqual({ isError: false, content: 'fake answer' });
      expect(sampled.messages.map(({ message }) => ('method' in message ? message.method : ''))).toContain(
        'sampling/createMessage',
      );
      const filled = await recordToolCall(
        { name: 'pantry', url: server.url },
        'ask_user',
        { question: 'ok?' },
        options,
      );
      expect(filled.outcome.content).toBe('accept: {"answer":"yes"}');
      expect(asked).toEqual(['sampling from pantry', 'form from pantry']);
      const unanswered = await recordToolCall(
        { name: 'pantry', url: server.url },
        'ask_model',
        { prompt: 'hi' },
        { timeoutMs: 10_000 },
      );
      expect(unanswered.outcome.content).toContain('sampling failed');
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
