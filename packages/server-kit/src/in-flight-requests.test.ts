// Which request ids a session is still answering: duplicates found, answers and cancellations
// free an id, 1 and "1" stay apart. Server side, pure.

import { describe, expect, it } from 'vitest';
import { InFlightRequests } from './in-flight-requests.js';

const request = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'tools/call' });

describe('InFlightRequests', () => {
  it('finds an id already in flight, and one repeated within a batch', () => {
    const inFlight = new InFlightRequests();
    expect(inFlight.begin([request(1), { jsonrpc: '2.0', method: 'notifications/initialized' }])).toEqual([1]);
    expect(inFlight.findDuplicate([request(2), request(1)])).toBe(1);
    expect(inFlight.findDuplicate([request(3), request(3)])).toBe(3);
    expect(inFlight.findDuplicate([request('1'), request(2)])).toBeUndefined();
  });

  it('ignores responses, which carry the id of a request the server sent', () => {
    const inFlight = new InFlightRequests();
    inFlight.begin([request(1)]);
    expect(inFlight.findDuplicate([{ jsonrpc: '2.0', id: 1, result: {} }])).toBeUndefined();
  });

  it('frees an id once it is answered or cancelled', () => {
    const inFlight = new InFlightRequests();
    inFlight.begin([request(1), request('two')]);
    inFlight.finish(1);
    inFlight.begin([{ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'two' } }]);
    expect(inFlight.size).toBe(0);
    expect(inFlight.findDuplicate([request(1), request('two')])).toBeUndefined();
  });
});
