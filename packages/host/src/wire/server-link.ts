// One connected server's link, in whichever era it speaks: a 2025-11-25 session on the v1 client,
// or a 2026-07-28 server on the v2 one. Host side, at the wire: where a call is sent, where its
// features are asked for, how a lost session is noticed and how a link is closed.

import { setMaxListeners } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { refusesSession, SessionLostError } from './call-recovery.js';
import type { Server2026 } from './client-2026.js';
import { REVISION_2025, REVISION_2026 } from './protocol-revisions.js';
import type { CallTarget } from './remote-tool-call.js';
import { type FeatureRequests, featureRequests2025 } from './server-features.js';

/** A 2025-era server on the v1 client, or a 2026-era one on the v2 client: the same features either way. */
export type ServerLink =
  | { era: typeof REVISION_2025; client: Client; transport: Transport; sessionLost: AbortController }
  | { era: typeof REVISION_2026; server2026: Server2026 };

/**
 * A 2025-11-25 link whose `sessionLost` fires when the server says it does not know the session
 * (404, or a 400 that says so: see refusesSession): to a call's POST, or to the SDK's reconnection
 * of a stream that was open (which the SDK reports only to onerror, leaving a call that waits on
 * that stream to wait out its timeout). Behind a load balancer, the replica that held the session
 * is gone; a restarted server forgot it. A 404 to the first GET alone is not a lost session: some
 * servers answer it so when they offer no standalone stream.
 */
export function sessionLink(client: Client, transport: Transport): ServerLink {
  const sessionLost = new AbortController();
  setMaxListeners(0, sessionLost.signal);
  const lose = (status: number) => {
    // After the current turn: a call whose own POST got the 404 rejects with it first, which
    // tells that call it was not run; calls still waiting on the lost session are cut off.
    setImmediate(() => {
      if (!sessionLost.signal.aborted) {
        sessionLost.abort(new SessionLostError(`the server does not know the session any more (HTTP ${status})`));
      }
    });
  };
  // A refused stream carries only the status text, so a 400 to it counts as well: the first GET
  // alone never declares the session lost, only the reconnection of a stream that was open.
  let streamRefusedWith: number | undefined;
  client.onerror = (error) => {
    if (error instanceof StreamableHTTPError) {
      const refusedStream = error.message.startsWith('Failed to open SSE stream');
      streamRefusedWith = refusedStream && (error.code === 404 || error.code === 400) ? error.code : undefined;
      const status = error.code ?? 0;
      if (error.message.startsWith('Error POSTing') && refusesSession(status, error.message)) lose(status);
      return;
    }
    // The SDK wraps the failure of a reconnection right after reporting the refusal itself.
    if (streamRefusedWith !== undefined && error.message.startsWith('Failed to reconnect SSE stream')) {
      lose(streamRefusedWith);
    }
  };
  return { era: REVISION_2025, client, transport, sessionLost };
}

export function callTarget(link: ServerLink): CallTarget {
  if (link.era === REVISION_2026) return { callTool: (params, options) => link.server2026.callTool(params, options) };
  return {
    callTool: (params, options) => link.client.callTool(params, undefined, options),
    sessionLost: link.sessionLost.signal,
  };
}

export function featureRequests(link: ServerLink): FeatureRequests {
  return link.era === REVISION_2025 ? featureRequests2025(link.client) : link.server2026.features;
}

export async function closeLink(link: ServerLink): Promise<void> {
  // A 2026-07-28 server keeps no session: there is nothing to end on its side.
  if (link.era === REVISION_2026) return link.server2026.close();
  // Ending the session politely lets the server free it now instead of at its idle timeout.
  if (link.transport instanceof StreamableHTTPClientTransport) {
    await Promise.race([
      link.transport.terminateSession().catch(() => undefined),
      delay(1_000, undefined, { ref: false }),
    ]);
  }
  await link.client.close();
}

/** A server's link as a caller keeps it: replaced by a new session after the old one was lost. */
export interface RelinkableServer {
  link: ServerLink;
  /** Opens a new 2025-11-25 session on a new transport (HTTP servers only). */
  reopen?: () => Promise<ServerLink | undefined>;
  /** The session being opened to replace a lost one, shared by every call that lost it. */
  reopening?: { from: ServerLink; link: Promise<ServerLink | undefined> };
}

/**
 * Where to send a call again after the link `from` was lost. A 2026-07-28 server keeps no session:
 * the same client reaches whichever replica is alive. A 2025-11-25 session lives on one server (or
 * replica): once lost it is gone, so a new one is opened, once for every call that lost the same
 * session; `onReplaced` is told when this call's reopening replaced it.
 */
export async function relink(
  server: RelinkableServer,
  from: ServerLink,
  onReplaced: () => void,
): Promise<(CallTarget & { newSession: boolean }) | undefined> {
  if (server.link.era === REVISION_2026) return { ...callTarget(server.link), newSession: false };
  const reopen = server.reopen;
  if (server.link === from) {
    if (reopen === undefined) return undefined;
    if (server.reopening?.from !== from) server.reopening = { from, link: reopen().catch(() => undefined) };
    const link = await server.reopening.link;
    if (link === undefined) return undefined;
    if (server.link === from) {
      server.link = link;
      onReplaced();
      if (from.era === REVISION_2025) void closeLink(from);
    }
  }
  return { ...callTarget(server.link), newSession: true };
}
