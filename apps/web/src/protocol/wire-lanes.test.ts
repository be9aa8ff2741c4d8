import type { LoopEvent, WireRecord } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { wireLanes } from './wire-lanes.js';

const call = (agent: string, tool: string, input: Record<string, unknown>): LoopEvent =>
  ({ type: 'tool-call', agent, at: 0, callId: `${agent}-${tool}`, tool, server: 'cookie-jars', input }) as LoopEvent;

const post = (seq: number, exchange: number, body: unknown): WireRecord => ({
  kind: 'request',
  seq,
  exchange,
  server: 'cookie-jars',
  method: 'POST',
  headers: {},
  body,
});

describe('wireLanes', () => {
  it('gives each tools/call exchange the lane whose call had the same tool and arguments', () => {
    const events = [
      call('main', 'list_jars', {}),
      call('w1', 'inspect_jar', { id: 2 }),
      call('w2', 'inspect_jar', { id: 3 }),
    ];
    const records = [
      post(1, 1, { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} }),
      post(2, 2, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_jars', arguments: {} } }),
      post(3, 3, {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'inspect_jar', arguments: { id: 3 } },
      }),
      post(4, 4, {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'inspect_jar', arguments: { id: 2 } },
      }),
    ];
    const lanes = wireLanes(records, events);
    expect([...lanes.entries()]).toEqual([
      [2, 'main'],
      [3, 'w2'],
      [4, 'w1'],
    ]);
  });

  it('puts the host’s answer to a server’s question in the lane of the call it was asked in', () => {
    const events = [call('w1', 'critique', { recipe: 'tart' })];
    const records: WireRecord[] = [
      post(1, 5, {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'critique', arguments: { recipe: 'tart' } },
      }),
      { kind: 'response', seq: 2, exchange: 5, server: 'cookie-jars', status: 200, headers: {} },
      {
        kind: 'event',
        seq: 3,
        exchange: 5,
        server: 'cookie-jars',
        data: { jsonrpc: '2.0', id: 0, method: 'sampling/createMessage', params: {} },
      },
      post(4, 6, { jsonrpc: '2.0', id: 0, result: { role: 'assistant' } }),
      post(5, 7, { jsonrpc: '2.0', id: 9, result: {} }),
    ];
    const lanes = wireLanes(records, events);
    expect(lanes.get(6)).toBe('w1');
    expect(lanes.has(7)).toBe(false);
  });
});
