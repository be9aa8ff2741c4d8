import { describe, expect, it } from 'vitest';
import { ANY, CONNECTING, filterWire, lanesOf, NO_LANE, type RunWire, summarize } from './page/protocol-wire.js';

const wire: RunWire = {
  runId: 'run-1',
  finished: true,
  connecting: [
    { kind: 'request', seq: 1, exchange: 1, server: 'dice', method: 'POST', body: { method: 'initialize', id: 0 } },
  ],
  records: [
    {
      kind: 'request',
      seq: 1,
      exchange: 9,
      server: 'cookie-jars',
      lane: 'main',
      method: 'POST',
      body: { method: 'tools/call', id: 3, params: { name: 'list_jars' } },
    },
    {
      kind: 'response',
      seq: 2,
      exchange: 9,
      server: 'cookie-jars',
      lane: 'main',
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: { id: 3, result: {} },
    },
    {
      kind: 'request',
      seq: 3,
      exchange: 10,
      server: 'cookie-jars',
      lane: '1',
      method: 'POST',
      body: { method: 'tools/call', id: 4, params: { name: 'inspect_jar' } },
    },
    { kind: 'event', seq: 4, exchange: 2, server: 'dice', data: { method: 'notifications/tools/list_changed' } },
  ],
  servers: [],
};

describe('the protocol view’s filters', () => {
  it('keeps the records of one lane, of no lane, or of what crossed while connecting', () => {
    expect(filterWire(wire, { server: ANY, lane: '1' }).map((record) => record.seq)).toEqual([3]);
    expect(filterWire(wire, { server: ANY, lane: NO_LANE }).map((record) => record.server)).toEqual(['dice']);
    expect(filterWire(wire, { server: 'cookie-jars', lane: CONNECTING })).toEqual([]);
    expect(filterWire(wire, { server: 'dice', lane: CONNECTING })).toHaveLength(1);
    expect(lanesOf(wire)).toEqual(['main', '1']);
  });

  it('sums a record up in one line: the method, the status, the event', () => {
    expect(wire.records.map(summarize)).toEqual([
      '→ POST tools/call list_jars #3',
      '← 200 application/json result #3',
      '→ POST tools/call inspect_jar #4',
      '⇠ event: notifications/tools/list_changed',
    ]);
  });
});
