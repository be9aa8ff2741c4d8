import { describe, expect, it } from 'vitest';
import { WireRecorder } from '../wire-recorder.js';
import { transportFetch } from './transport-fetch.js';

const CALL = '{"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}},"jsonrpc":"2.0","id":7}';
const ANSWER = '{"result":{"content":[{"type":"text","text":"hi"}]},"jsonrpc":"2.0","id":7}';
const STREAM = `id: 1\nretry: 1000\ndata: \n\nevent: message\nid: 2\ndata: ${ANSWER}\n\n`;

/** A server that answers every POST with `body` as an SSE stream in session s-1. */
function sseServer(body: string) {
  return async () => new Response(body, { headers: { 'content-type': 'text/event-stream', 'mcp-session-id': 's-1' } });
}

/** The body as the SDK's transport reads an SSE stream: through the `body` property. */
async function bodyText(response: Response): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of response.body ?? []) text += decoder.decode(chunk, { stream: true });
  return text;
}

const post = (fetch: ReturnType<typeof transportFetch>) =>
  fetch('http://127.0.0.1/mcp', { method: 'POST', body: CALL, signal: new AbortController().signal });

describe('transportFetch', () => {
  it('hands the SDK a lone SSE answer as a JSON response, once the stream has shown its reconnection delay', async () => {
    const fetch = transportFetch(sseServer(STREAM), { readLoneAnswers: true });
    // The first stream shows the SDK the server's retry delay: it reaches the SDK as it came.
    const first = await post(fetch);
    expect(first.headers.get('content-type')).toBe('text/event-stream');
    expect(await bodyText(first)).toBe(STREAM);

    const second = await post(fetch);
    expect(second.status).toBe(200);
    expect(second.headers.get('content-type')).toBe('application/json');
    expect(second.headers.get('mcp-session-id')).toBe('s-1');
    expect(await second.json()).toEqual(JSON.parse(ANSWER));
  });

  it('passes every stream on as it came when not asked to read lone answers (the 2026-07-28 transport)', async () => {
    const fetch = transportFetch(sseServer(STREAM));
    await bodyText(await post(fetch));
    const response = await post(fetch);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await bodyText(response)).toBe(STREAM);
  });

  it('leaves a stream with more than the answer to the SDK, every byte of it', async () => {
    const progress =
      'event: message\nid: 2\ndata: {"method":"notifications/progress","params":{"progressToken":7,"progress":1},"jsonrpc":"2.0"}\n\n';
    const body = `id: 1\nretry: 1000\ndata: \n\n${progress}event: message\nid: 3\ndata: ${ANSWER}\n\n`;
    const fetch = transportFetch(sseServer(body), { readLoneAnswers: true });
    await bodyText(await post(fetch));
    const response = await post(fetch);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await bodyText(response)).toBe(body);
  });

  it('lets a wire recorder under it record the SSE events that crossed the wire', async () => {
    const wire = new WireRecorder();
    const fetch = transportFetch(wire.fetchFor('echo', sseServer(STREAM)), { readLoneAnswers: true });
    await bodyText(await post(fetch));
    wire.clear();
    expect(await (await post(fetch)).json()).toEqual(JSON.parse(ANSWER));
    expect(wire.records.filter((record) => record.kind === 'event')).toEqual([
      { seq: 3, exchange: 1, server: 'echo', kind: 'event', id: '1' },
      { seq: 4, exchange: 1, server: 'echo', kind: 'event', id: '2', event: 'message', data: JSON.parse(ANSWER) },
    ]);
  });
});
