// Who is asking for a session, so that the cap is shared out: one client may hold only its share
// of a server's sessions, and a runaway or greedy one cannot lock the others out. Server side.
//
// On loopback every client has the same address, so the address alone would make all local
// clients one. The client is known by what it says of itself as well: its Origin (a browser sets
// it and a page cannot forge it) and the name in the initialize request's clientInfo. A local
// process can claim any name, so this contains a client that leaks sessions or opens too many,
// not a hostile local process; nothing on loopback could tell such a process from two clients.

import type { IncomingMessage } from 'node:http';
import { isInitializeMessage } from './in-flight-requests.js';

/** Names as long as this are plenty to tell clients apart; longer ones are cut, not refused. */
const MAX_NAME_CHARACTERS = 100;

/** The share of `maxSessions` one client may hold when the options do not say: half. */
export function defaultSessionsPerClient(maxSessions: number): number {
  return Math.max(1, Math.floor(maxSessions / 2));
}

/** `["127.0.0.1","http://localhost:5173","kitchen"]`: address, Origin and clientInfo.name ("-" when absent). */
export function sessionClientOf(request: IncomingMessage, messages: readonly unknown[]): string {
  const address = (request.socket.remoteAddress ?? '-').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const origin = typeof request.headers.origin === 'string' ? request.headers.origin : '-';
  const name = (messages.find(isInitializeMessage)?.params as { clientInfo?: { name?: unknown } } | undefined)
    ?.clientInfo?.name;
  const shown = typeof name === 'string' && name !== '' ? name.slice(0, MAX_NAME_CHARACTERS) : '-';
  return JSON.stringify([address, origin.slice(0, MAX_NAME_CHARACTERS), shown]);
}
