import { afterEach, describe, expect, it } from 'vitest';
import { ServerRefusedError } from '../errors.js';
import { createSamplingHandler } from '../sampling-handler.js';
import { createRecordingContext } from '../testing/recording-context.js';
import { startRevision2026Server, TASTE_PROMPT } from '../testing/revision-2026-server.js';
import { ScriptedModel, textTurn } from '../testing/scripted-model.js';
import { serveOverHttp } from '../testing/serve-over-http.js';
import { buildTestServer } from '../testing/test-server.js';
import { Toolbox } from '../toolbox.js';
import { TreeBudget } from '../tree-budget.js';
import type { HttpServerConnection } from './server-connection.js';
import {
  type WireEventRecord,
  type WireRecord,
  WireRecorder,
  type WireRequestRecord,
  type WireResponseRecord,
} from './wire-recorder.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One tools/call through a toolbox whose sampling handler answers "ready"; what came back and what crossed. */
async function callRecorded(server: HttpServerConnection, tool: string, input: Record<string, unknown>) {
  const wire = new WireRecorder();
  const sampling = createSamplingHandler({
    model: new ScriptedModel([textTurn('ready')]),
    budget: new TreeBudget(),
    defaultAction: 'allow',
  });
  const toolbox = await Toolbox.connect([server], { wire, handlers: { sampling } });
  const { context } = createRecordingContext();
  const outcome = await toolbox.call(tool, input, context);
  await toolbox.close();
  return { outcome, records: wire.records, unavailable: toolbox.unavailable };
}

const requests = (records: WireRecord[]) =>
  records.filter((record): record is WireRequestRecord => record.kind === 'request');
const methodOf = (record: WireRequestRecord) => (record.body as { method?: string } | undefined)?.method;

describe('WireRecorder', () => {
  it('records a 2025-11-25 call: a session, the sampling request pushed on the call stream, the answer POSTed back', async () => {
    const pantry = await serveOverHttp(() => buildTestServer('pantry'));
    cleanups.push(() => pantry.close());
    const { outcome, records } = await callRecorded(
      { name: 'pantry', url: pantry.url, protocol: '2025-11-25' },
      'ask_model',
      { prompt: TASTE_PROMPT },
    );
    expect(outcome.content).toBe('ready');
    const sent = requests(records);
    // protocol 2025-11-25: no server/discover probe before the handshake.
    expect(methodOf(sent[0] as WireRequestRecord)).toBe('initialize');
    const session = records.find((record) => record.kind === 'response')?.headers['mcp-session-id'];
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.slice(1).every((request) => request.headers['mcp-session-id'] === session)).toBe(true);

    const call = sent.find((request) => methodOf(request) === 'tools/call') as WireRequestRecord;
    const callEvents = records.filter(
      (record): record is WireEventRecord => record.kind === 'event' && record.exchange === call.exchange,
    );
    expect(callEvents.map((event) => Object.keys(event.data as object)[0])).toEqual(['method', 'result']);
    expect(callEvents[0]?.data).toMatchObject({ method: 'sampling/createMessage', params: { maxTokens: 50 } });
    const answer = sent.find((request) => (request.body as { result?: unknown } | undefined)?.result !== undefined);
    expect(answer?.body).toMatchObject({ result: { content: { type: 'text', text: 'ready' } } });
    // The answer goes out between the question and the call's result, on its own POST.
    expect(callEvents[0]?.seq).toBeLessThan(answer?.seq ?? 0);
    expect(answer?.seq).toBeLessThan(callEvents[1]?.seq ?? 0);
    expect(records.find((record) => record.kind === 'response' && record.exchange === answer?.exchange)).toMatchObject({
      status: 202,
    });
    expect(sent.at(-1)?.method).toBe('DELETE');
  });

  it('records a 2026-07-28 call: no session, Mcp-Method and Mcp-Name headers, input_required and the retry', async () => {
    const bakery = await startRevision2026Server();
    cleanups.push(() => bakery.close());
    const { outcome, records } = await callRecorded({ name: 'bakery', url: bakery.url }, 'taste', {});
    expect(outcome.content).toBe('The taster says: ready');
    expect(records.some((record) => record.kind !== 'event' && 'mcp-session-id' in record.headers)).toBe(false);
    const sent = requests(records);
    // The listen stream carries list changes in this revision; it stays open beside the calls.
    expect(sent.map(methodOf)).toEqual([
      'server/discover',
      'subscriptions/listen',
      'tools/list',
      'tools/call',
      'tools/call',
    ]);
    expect(sent[3]?.headers).toMatchObject({ 'mcp-method': 'tools/call', 'mcp-name': 'taste' });
    const answers = records.filter(
      (record): record is WireResponseRecord =>
        record.kind === 'response' && record.exchange >= (sent[3]?.exchange ?? 0),
    );
    expect(answers.map((answer) => (answer.body as { result: { resultType: string } }).result.resultType)).toEqual([
      'input_required',
      'complete',
    ]);
    expect(sent[4]?.body).toMatchObject({
      params: { inputResponses: { verdict: { content: { type: 'text', text: 'ready' } } } },
    });
  });

  it('refuses a server whose protocol setting asks for 2026-07-28 when it offers only 2025-11-25', async () => {
    const pantry = await serveOverHttp(() => buildTestServer('pantry'));
    cleanups.push(() => pantry.close());
    const { records, unavailable } = await callRecorded(
      { name: 'pantry', url: pantry.url, protocol: '2026-07-28' },
      'echo',
      { text: 'hi' },
    );
    expect(unavailable[0]?.error).toBeInstanceOf(ServerRefusedError);
    expect(unavailable[0]?.error.message).toContain('does not speak MCP revision 2026-07-28');
    expect(requests(records).map(methodOf)).toEqual(['server/discover']);
  });

  it('passes an SSE body through byte for byte and reports events split across chunks', async () => {
    const chunks = [
      'event: message\nda',
      'ta: {"jsonrpc":"2.0","id":1,"result":{}}\n',
      '\nid: 7\n\n',
      'data: not json\n\n',
    ];
    const inner = async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
            controller.close();
          },
        }),
        { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8', 'mcp-session-id': 's1' } },
      );
    const wire = new WireRecorder();
    const response = await wire.fetchFor('jar', inner)('http://127.0.0.1/mcp', {
      method: 'POST',
      headers: { 'Mcp-Method': 'tools/call', Accept: 'text/event-stream' },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/call"}',
    });
    expect(await response.text()).toBe(chunks.join(''));
    expect(wire.records).toEqual([
      {
        seq: 1,
        exchange: 1,
        server: 'jar',
        kind: 'request',
        method: 'POST',
        headers: { 'mcp-method': 'tools/call' },
        body: { jsonrpc: '2.0', id: 1, method: 'tools/call' },
      },
      {
        seq: 2,
        exchange: 1,
        server: 'jar',
        kind: 'response',
        status: 200,
        headers: { 'mcp-session-id': 's1', 'content-type': 'text/event-stream' },
      },
      {
        seq: 3,
        exchange: 1,
        server: 'jar',
        kind: 'event',
        event: 'message',
        data: { jsonrpc: '2.0', id: 1, result: {} },
      },
      { seq: 4, exchange: 1, server: 'jar', kind: 'event', id: '7' },
      { seq: 5, exchange: 1, server: 'jar', kind: 'event', data: 'not json' },
    ]);
  });

  it('records a failed connection and rethrows its error unchanged', async () => {
    const refused = new TypeError('fetch failed');
    const wire = new WireRecorder();
    const fetch = wire.fetchFor('gone', async () => {
      throw refused;
    });
    await expect(fetch('http://127.0.0.1:9/mcp', { method: 'POST', body: '{}' })).rejects.toBe(refused);
    expect(wire.records.at(-1)).toMatchObject({ kind: 'response', status: 0, error: 'fetch failed' });
  });
});
