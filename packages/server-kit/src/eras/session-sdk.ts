// The seam between a 2025 session and the SDK that carries it: the v1 SDK for a v1 McpServer, the
// v2 SDK (whose legacy shim turns an `input_required` return into pushed requests) for a v2 one.
// Each side lives in its own module, loaded only when a server of that kind is served. Server side.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BoundedEventStore } from '../bounded-event-store.js';
import type { ServableServer } from '../served-server.js';

/** The Streamable HTTP server transport both SDKs offer, as the session uses it. */
export interface SessionTransport {
  handleRequest(request: IncomingMessage, response: ServerResponse, parsedBody?: unknown): Promise<void>;
  send(message: unknown, options?: unknown): Promise<void>;
  onclose?: (() => void) | undefined;
}

export interface SessionTransportOptions {
  onsessioninitialized: (id: string) => void;
  eventStore: BoundedEventStore | undefined;
  retryInterval: number | undefined;
}

export interface SessionSdk {
  /** Which package carries the session, for logs. */
  readonly sdk: '@modelcontextprotocol/sdk' | '@modelcontextprotocol/server';
  /** Revisions `initialize` can settle on, and the one it falls back to. */
  readonly supportedVersions: readonly string[];
  readonly latestVersion: string;
  /** A stateful transport: a random session id, SSE responses, the given event store. */
  createTransport(options: SessionTransportOptions): SessionTransport;
  connect(server: ServableServer, transport: SessionTransport): Promise<void>;
}
