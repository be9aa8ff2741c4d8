// The per-session event store: replays one stream after an id, in order, and forgets the oldest
// events past its bounds. Server side, pure.

import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { BoundedEventStore } from './bounded-event-store.js';

const note = (n: number): JSONRPCMessage => ({ jsonrpc: '2.0', method: 'notifications/message', params: { n } });

async function replay(store: BoundedEventStore, after: string) {
  const sent: Array<[string, unknown]> = [];
  const streamId = await store.replayEventsAfter(after, {
    send: async (eventId, message) => {
      sent.push([eventId, (message as unknown as { params: { n: number } }).params.n]);
    },
  });
  return { streamId, sent };
}

describe('BoundedEventStore', () => {
  it('replays the events of the same stream after the given id, in order', async () => {
    const store = new BoundedEventStore();
    const a1 = await store.storeEvent('stream-a', note(1));
    await store.storeEvent('stream-b', note(2));
    const a3 = await store.storeEvent('stream-a', note(3));
    const a4 = await store.storeEvent('stream-a', note(4));
    expect(await replay(store, a1)).toEqual({
      streamId: 'stream-a',
      sent: [
        [a3, 3],
        [a4, 4],
      ],
    });
    expect(await store.getStreamIdForEventId(a3)).toBe('stream-a');
  });

  it('replays the standalone GET stream, whose id "_GET_stream" the SDK example store mangles', async () => {
    const store = new BoundedEventStore();
    const first = await store.storeEvent('_GET_stream', note(1));
    const second = await store.storeEvent('_GET_stream', note(2));
    expect(await replay(store, first)).toEqual({ streamId: '_GET_stream', sent: [[second, 2]] });
  });

  it('replays a message as it was sent, even if the object was changed after', async () => {
    const store = new BoundedEventStore();
    const first = await store.storeEvent('stream-a', note(1));
    const changed = note(2);
    await store.storeEvent('stream-a', changed);
    (changed as unknown as { params: { n: number } }).params.n = 99;
    expect((await replay(store, first)).sent.map(([, n]) => n)).toEqual([2]);
  });

  it('keeps at most maxEvents, forgetting the oldest', async () => {
    const store = new BoundedEventStore({ maxEvents: 2, maxBytes: 1_000_000 });
    const ids = [];
    for (const n of [1, 2, 3]) ids.push(await store.storeEvent('s', note(n)));
    expect(store.size).toBe(2);
    expect(store.has(ids[0] ?? '')).toBe(false);
    await expect(replay(store, ids[0] ?? '')).rejects.toThrow('not held by this session');
    expect((await replay(store, ids[1] ?? '')).sent).toEqual([[ids[2], 3]]);
  });

  it('keeps at most maxBytes, but always the newest event', async () => {
    const size = Buffer.byteLength(JSON.stringify(note(1)));
    const store = new BoundedEventStore({ maxEvents: 100, maxBytes: size * 2 });
    for (const n of [1, 2, 3, 4]) await store.storeEvent('s', note(n));
    expect(store.size).toBe(2);
    expect(store.bytes).toBe(size * 2);
    const huge: JSONRPCMessage = {
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { text: 'x'.repeat(size * 5) },
    };
    const hugeId = await store.storeEvent('s', huge);
    expect(store.size).toBe(1);
    expect(store.has(hugeId)).toBe(true);
  });
});
