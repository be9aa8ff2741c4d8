// Who a session belongs to, for the per-client share of the cap: address, Origin and the
// initialize's clientInfo name. Server side.

import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { defaultSessionsPerClient, sessionClientOf } from './session-client.js';

/** Just what sessionClientOf reads of a request. */
function requestFrom(remoteAddress: string, origin?: string): IncomingMessage {
  return { socket: { remoteAddress }, headers: origin === undefined ? {} : { origin } } as unknown as IncomingMessage;
}

const initialize = (clientInfo: unknown) => ({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { clientInfo } });

describe('sessionClientOf', () => {
  it('tells clients apart by address, Origin and clientInfo name', () => {
    const kitchen = sessionClientOf(requestFrom('127.0.0.1'), [initialize({ name: 'kitchen', version: '1' })]);
    expect(kitchen).toBe('["127.0.0.1","-","kitchen"]');
    expect(sessionClientOf(requestFrom('::ffff:127.0.0.1'), [initialize({ name: 'kitchen' })])).toBe(kitchen);
    expect(sessionClientOf(requestFrom('127.0.0.1'), [initialize({ name: 'inspector' })])).not.toBe(kitchen);
    expect(
      sessionClientOf(requestFrom('127.0.0.1', 'http://localhost:5173'), [initialize({ name: 'kitchen' })]),
    ).not.toBe(kitchen);
  });

  it('names a client with no usable clientInfo "-", and cuts a very long name', () => {
    expect(sessionClientOf(requestFrom('127.0.0.1'), [initialize(7)])).toBe('["127.0.0.1","-","-"]');
    expect(sessionClientOf(requestFrom('127.0.0.1'), [{ method: 'initialize', id: 0, params: null }])).toBe(
      '["127.0.0.1","-","-"]',
    );
    const long = sessionClientOf(requestFrom('127.0.0.1'), [initialize({ name: 'x'.repeat(10_000) })]);
    expect(long.length).toBeLessThan(200);
  });
});

describe('defaultSessionsPerClient', () => {
  it('is half the cap, and at least one', () => {
    expect(defaultSessionsPerClient(200)).toBe(100);
    expect(defaultSessionsPerClient(5)).toBe(2);
    expect(defaultSessionsPerClient(1)).toBe(1);
  });
});
