// The event store that makes a session's SSE streams resumable: every message sent on a stream is
// kept (up to a bound) under an event id, so a client that reconnects with Last-Event-ID gets
// what it missed. One store per session, in memory. Server side.

import type { EventId, EventStore, StreamId } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export interface EventStoreLimits {
  /** Most events kept per session; the oldest go first. */
  maxEvents: number;
  /** Most bytes of JSON kept per session (the newest event is always kept, whatever its size). */
  maxBytes: number;
}

/** Per session, so the worst case for a whole server is maxSessions × maxBytes (200 MiB at the
 * defaults), plus one oversized newest event per session. */
export const DEFAULT_EVENT_STORE_LIMITS: EventStoreLimits = { maxEvents: 500, maxBytes: 1024 * 1024 };

// The message is kept as the JSON it is sent as: a string is a fraction of the object graph it
// came from (a tool result's content blocks, structured content, _meta), and a replay is rare.
interface StoredEvent {
  streamId: StreamId;
  json: string;
  bytes: number;
}

// Written for the kit rather than taken from the SDK's example InMemoryEventStore: that one is
// unbounded, and it recovers the stream from the id with split('_'), which breaks on the standalone
// GET stream's id "_GET_stream" (typescript-sdk #943), so GET-stream events never replay.
export class BoundedEventStore implements EventStore {
  // A Map keeps insertion order, so iteration is oldest first and eviction takes the first key.
  private readonly events = new Map<EventId, StoredEvent>();
  private nextSequence = 1;
  private totalBytes = 0;

  constructor(private readonly limits: EventStoreLimits = DEFAULT_EVENT_STORE_LIMITS) {}

  get size(): number {
    return this.events.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  has(eventId: EventId): boolean {
    return this.events.has(eventId);
  }

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    // The store is per session, so a sequence number is unique; the session id guards access.
    const eventId = String(this.nextSequence++);
    const json = JSON.stringify(message);
    const bytes = Buffer.byteLength(json);
    this.events.set(eventId, { streamId, json, bytes });
    this.totalBytes += bytes;
    this.evict();
    return eventId;
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    return this.events.get(eventId)?.streamId;
  }

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const last = this.events.get(lastEventId);
    if (last === undefined) throw new Error(`event ${lastEventId} is not held by this session`);
    let after = false;
    for (const [eventId, event] of [...this.events]) {
      if (eventId === lastEventId) after = true;
      else if (after && event.streamId === last.streamId) await send(eventId, JSON.parse(event.json) as JSONRPCMessage);
    }
    return last.streamId;
  }

  private evict(): void {
    while (
      this.events.size > 1 &&
      (this.events.size > this.limits.maxEvents || this.totalBytes > this.limits.maxBytes)
    ) {
      const [oldestId, oldest] = this.events.entries().next().value as [EventId, StoredEvent];
      this.events.delete(oldestId);
      this.totalBytes -= oldest.bytes;
    }
  }
}
