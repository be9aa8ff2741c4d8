// The session side of an MCP endpoint: starting a session under the cap and the client's share
// of it, and handing a request to its session after the checks only the kit makes (a request id
// already in flight, a Last-Event-ID the store no longer holds). Server side.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SessionSdk } from './eras/session-sdk.js';
import { type HttpRejection, JsonRpcErrorCode } from './json-rpc-error.js';
import { McpSession, type SessionResumability } from './mcp-session.js';
import type { BuildServer } from './served-server.js';
import { sessionClientOf } from './session-client.js';
import type { SessionRegistry } from './session-registry.js';

export type Refuse = (request: IncomingMessage, response: ServerResponse, rejection: HttpRejection) => void;

export interface SessionEndpointOptions {
  name: string;
  buildServer: BuildServer;
  resumability: SessionResumability | false;
  maxSessions: number;
  maxSessionsPerClient: number;
  sessions: SessionRegistry;
  /** Answers with a JSON-RPC shaped refusal (and logs it). */
  refuse: Refuse;
}

export interface SessionEndpoint {
  /** Starts a session for an initialize POST, or refuses it past the cap; `sdk` carries it. */
  start(
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
    messages: unknown[],
    sdk: SessionSdk,
  ): Promise<void>;
  /** Hands a POST, GET or DELETE to the session `sessionId` names. */
  forward(
    sessionId: string,
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
    messages: unknown[],
  ): Promise<void>;
}

export function createSessionEndpoint(options: SessionEndpointOptions): SessionEndpoint {
  const { name, resumability, maxSessions, maxSessionsPerClient, sessions, refuse } = options;

  async function startSession(
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
    messages: unknown[],
    sdk: SessionSdk,
  ): Promise<void> {
    if (sessions.isFull) {
      const seconds = sessions.retryAfterSeconds();
      return refuse(request, response, {
        status: 503,
        code: JsonRpcErrorCode.serverError,
        message: `Service Unavailable: "${name}" already holds ${maxSessions} sessions, its limit. Retry after ${seconds} s; a client that is done should end its session with DELETE.`,
        headers: { 'Retry-After': String(seconds) },
      });
    }
    const client = sessionClientOf(request, messages);
    if (sessions.isFullFor(client)) {
      const seconds = sessions.retryAfterSeconds(Date.now(), client);
      return refuse(request, response, {
        status: 429,
        code: JsonRpcErrorCode.serverError,
        message: `Too Many Requests: this client already holds ${maxSessionsPerClient} of the ${maxSessions} sessions of "${name}", its share. End a session it no longer needs with DELETE, or retry after ${seconds} s.`,
        headers: { 'Retry-After': String(seconds) },
      });
    }
    const session = McpSession.create({
      client,
      buildServer: () => options.buildServer({ era: '2025-11-25' }),
      sdk,
      resumability,
      onInitialized: (started) => sessions.register(started),
      onClosed: (closed) => sessions.forget(closed),
    });
    // Admitted before the first await, so concurrent initialize requests cannot pass the cap.
    sessions.admit(session);
    session.noteInitialize(messages);
    try {
      await session.connect();
      await exchange(session, request, response, body, messages);
    } finally {
      // Refused before initializing (e.g. a bad Accept header), or failed: nothing will ever
      // reach this server, and its place under the cap is given back.
      if (session.id === undefined) {
        sessions.forget(session);
        await session.close('never-initialized');
      }
    }
  }

  async function forwardToSession(
    sessionId: string,
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
    messages: unknown[],
  ): Promise<void> {
    const session = sessions.find(sessionId);
    if (!session) {
      return refuse(request, response, {
        status: 404,
        code: JsonRpcErrorCode.sessionNotFound,
        message: `Session ${sessionId} not found: it ended, expired after sitting idle, or the server restarted. Re-initialize: send a new initialize request without an Mcp-Session-Id header.`,
      });
    }
    const duplicate = session.inFlight.findDuplicate(messages);
    if (duplicate !== undefined) {
      return refuse(request, response, {
        status: 400,
        code: JsonRpcErrorCode.invalidRequest,
        message: `Invalid Request: request id ${JSON.stringify(duplicate)} is already in flight in this session; give every request its own id.`,
        id: duplicate,
      });
    }
    const lastEventId = request.headers['last-event-id'];
    if (
      request.method === 'GET' &&
      typeof lastEventId === 'string' &&
      session.eventStore &&
      !session.eventStore.has(lastEventId)
    ) {
      return refuse(request, response, {
        status: 400,
        code: JsonRpcErrorCode.serverError,
        message: `Bad Request: Last-Event-ID ${lastEventId} is not held by this session (it keeps its last ${resumability ? resumability.maxEvents : 0} events), so what followed it cannot be replayed. Send the request again.`,
      });
    }
    if (request.method === 'DELETE') session.closeReason = 'deleted';
    await exchange(session, request, response, body, messages);
  }

  async function exchange(
    session: McpSession,
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
    messages: unknown[],
  ): Promise<void> {
    if (request.method === 'POST') session.alignProtocolVersionHeader(request);
    const started = session.inFlight.begin(messages);
    sessions.trackExchange(session, response);
    await session.transport.handleRequest(request, response, body);
    // Refused by the transport (bad Accept, protocol version…): those requests never started.
    if (response.statusCode >= 400) {
      for (const id of started) session.inFlight.finish(id);
      if (session.closeReason === 'deleted') session.closeReason = undefined;
    }
  }

  return { start: startSession, forward: forwardToSession };
}
