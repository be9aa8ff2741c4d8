// One client's 2025-11-25 MCP session: its own McpServer (an McpServer holds exactly one
// transport), the Streamable HTTP transport of whichever SDK built that server, the event store
// that makes its streams resumable, and the request ids it is still answering. Server side.

import type { IncomingMessage } from 'node:http';
import { BoundedEventStore, type EventStoreLimits } from './bounded-event-store.js';
import type { SessionSdk, SessionTransport } from './eras/session-sdk.js';
import { InFlightRequests, isInitializeMessage, isResponseMessage } from './in-flight-requests.js';
import type { ServableServer } from './served-server.js';
import type { SessionCloseReason } from './structured-log.js';

export interface SessionResumability extends EventStoreLimits {
  /** The SSE `retry` field: how long a client waits before reconnecting a dropped stream. */
  retryMs: number;
}

export interface McpSessionOptions {
  buildServer: () => ServableServer;
  /** Who opened it (see session-client.ts): its sessions count against one share of the cap. */
  client: string;
  /** The SDK that carries the session: the one the server was built with. */
  sdk: SessionSdk;
  /** false: no event store, no priming events (streams cannot be resumed). */
  resumability: SessionResumability | false;
  /** Called once the transport has given the session its id (during the initialize request). */
  onInitialized: (session: McpSession) => void;
  onClosed: (session: McpSession) => void;
}

export class McpSession {
  id: string | undefined;
  /** Open HTTP exchanges (POSTs being answered, the GET stream): a session is idle only at zero. */
  openExchanges = 0;
  idleTimer: NodeJS.Timeout | undefined;
  /** When the session last went idle (ms since epoch); undefined while an exchange is open. */
  idleSince: number | undefined;
  closeReason: SessionCloseReason | 'idle-expired' | undefined;
  readonly inFlight = new InFlightRequests();
  /** The protocol revision negotiated at initialize. */
  protocolVersion: string | undefined;

  private constructor(
    readonly client: string,
    readonly server: ServableServer,
    readonly transport: SessionTransport,
    readonly eventStore: BoundedEventStore | undefined,
    private readonly sdk: SessionSdk,
  ) {}

  /** Builds the server and transport; `connect()` joins them. Synchronous, so the caller can
   * count the session against its limit before anything awaits. */
  static create(options: McpSessionOptions): McpSession {
    const { resumability, sdk } = options;
    const eventStore = resumability === false ? undefined : new BoundedEventStore(resumability);
    const transport = sdk.createTransport({
      onsessioninitialized: (id: string): void => {
        session.id = id;
        options.onInitialized(session);
      },
      eventStore,
      // With an event store the SDK starts each POST stream with a priming event (an id and empty
      // data) carrying this retry field, so even a stream dropped before the first message resumes.
      retryInterval: resumability === false ? undefined : resumability.retryMs,
    });
    const session: McpSession = new McpSession(options.client, options.buildServer(), transport, eventStore, sdk);
    // Every answer the server sends passes here, so the request ids in flight are exact.
    const send = transport.send.bind(transport);
    transport.send = (message, sendOptions) => {
      if (isResponseMessage(message)) session.inFlight.finish(message.id);
      return send(message, sendOptions);
    };
    // Set before connect: the SDK chains its own onclose after ours.
    transport.onclose = () => {
      session.inFlight.clear();
      options.onClosed(session);
    };
    return session;
  }

  connect(): Promise<void> {
    return this.sdk.connect(this.server, this.transport);
  }

  /** Remembers the revision the initialize request will settle on (the SDK answers with the
   * client's version when it supports it, else its latest). */
  noteInitialize(messages: readonly unknown[]): void {
    const initialize = messages.find(isInitializeMessage);
    const asked = initialize?.params?.protocolVersion;
    const { supportedVersions, latestVersion } = this.sdk;
    this.protocolVersion = typeof asked === 'string' && supportedVersions.includes(asked) ? asked : latestVersion;
  }

  /**
   * Makes a POST's MCP-Protocol-Version header no older than the session's negotiated revision,
   * and fills it in when missing. The SDK decides per request, from that header, whether to open
   * the stream with a priming event and whether a tool may close its stream early (both need
   * >= 2025-11-25, because older clients choke on an event with empty data), and without the
   * header it assumes 2025-03-26. But whether a client can parse that event is a property of the
   * client, stated once at initialize; the spec assumes 2025-03-26 only when the server has "no
   * other way to identify the version", such as the one negotiated at initialization. A client
   * that negotiated 2025-11-25 and then sends no header (curl) or labels a request 2025-03-26
   * (the conformance suite's server-sse-polling does) would otherwise get streams it cannot resume.
   */
  alignProtocolVersionHeader(request: IncomingMessage): void {
    const negotiated = this.protocolVersion;
    const sent = request.headers['mcp-protocol-version'];
    if (negotiated === undefined) return;
    if (sent === undefined) {
      request.headers['mcp-protocol-version'] = negotiated;
      request.rawHeaders.push('mcp-protocol-version', negotiated);
      return;
    }
    if (typeof sent !== 'string' || sent >= negotiated) return;
    if (!this.sdk.supportedVersions.includes(sent)) return; // the SDK answers 400 for that
    request.headers['mcp-protocol-version'] = negotiated;
    // The SDK's node adapter builds its web Request from rawHeaders: [name, value, name, value…].
    for (let index = 0; index < request.rawHeaders.length; index += 2) {
      if (request.rawHeaders[index]?.toLowerCase() === 'mcp-protocol-version') {
        request.rawHeaders[index + 1] = negotiated;
      }
    }
  }

  close(reason: SessionCloseReason | 'idle-expired'): Promise<void> {
    this.closeReason ??= reason;
    return this.server.close();
  }
}
