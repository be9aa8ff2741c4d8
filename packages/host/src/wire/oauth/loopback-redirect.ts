// The loopback redirect of an OAuth authorization (RFC 8252 §7.3): a one-shot listener on
// 127.0.0.1 that takes the first redirect back from the authorization server and closes. Host
// side, at the wire. The SDK sets `state` but never checks it, so the check lives here.

import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the redirect must carry to be believed. */
export interface ExpectedRedirect {
  /** The `state` this authorization request was sent with. */
  state: string;
  /** The authorization server's issuer; a redirect naming another one (RFC 9207 `iss`) is refused. */
  issuer?: string;
  /** The server said it always sends `iss` (authorization_response_iss_parameter_supported). */
  issuerRequired?: boolean;
}

/** The authorization did not come back as a usable code; the message says why, never the server's own text. */
export class AuthorizationRedirectError extends Error {}

export interface LoopbackRedirect {
  /** http://127.0.0.1:<port>/callback */
  readonly redirectUrl: string;
  readonly port: number;
  /** Resolves with the code of the first redirect to /callback, or rejects when it is unusable. */
  waitForCode(expected: ExpectedRedirect, signal: AbortSignal): Promise<string>;
  close(): Promise<void>;
}

const CALLBACK_PATH = '/callback';

/** Listens on 127.0.0.1 (port 0: any free port). The caller closes it when the flow ends. */
export async function openLoopbackRedirect(port = 0): Promise<LoopbackRedirect> {
  // The browser may come back before anyone waits (a fast person, a test): the redirect is held.
  let arrived: Arrival | undefined;
  let waiting: ((arrival: Arrival) => void) | undefined;
  let used = false;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== CALLBACK_PATH || used) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found.\n');
      return;
    }
    // One shot: the first redirect decides, whatever it says.
    used = true;
    const arrival: Arrival = {
      query: url.searchParams,
      answer: (refusal) =>
        response
          .writeHead(refusal === undefined ? 200 : 400, { 'Content-Type': 'text/plain; charset=utf-8' })
          .end(refusal === undefined ? 'Authorized. You can close this tab.\n' : `Not authorized: ${refusal}\n`),
    };
    if (waiting === undefined) arrived = arrival;
    else waiting(arrival);
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const bound = (server.address() as AddressInfo).port;

  return {
    redirectUrl: `http://127.0.0.1:${bound}${CALLBACK_PATH}`,
    port: bound,
    waitForCode(expected, signal) {
      return new Promise<string>((resolve, reject) => {
        const decide = ({ query, answer }: Arrival) => {
          signal.removeEventListener('abort', onAbort);
          waiting = undefined;
          const problem = checkRedirect(query, expected);
          answer(problem);
          if (problem === undefined) resolve(query.get('code') ?? '');
          else reject(new AuthorizationRedirectError(problem));
        };
        const onAbort = () => {
          waiting = undefined;
          reject(new AuthorizationRedirectError('nobody completed the authorization in time'));
        };
        if (arrived !== undefined) return decide(arrived);
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        waiting = decide;
      });
    },
    async close() {
      waiting = undefined;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Arrival {
  query: URLSearchParams;
  /** Answers the browser: 200, or 400 with the reason. */
  answer: (refusal: string | undefined) => void;
}

/** Why a redirect is refused, or undefined when it carries a code for this very request. */
function checkRedirect(query: URLSearchParams, expected: ExpectedRedirect): string | undefined {
  // The error's description is the authorization server's text: shown nowhere, only its code is.
  const error = query.get('error');
  if (error !== null) return `the authorization server answered "${error.replace(/[^\w.-]/g, '')}"`;
  // Without this check any page the person visits could send the host someone else's code (CSRF).
  if (query.get('state') !== expected.state) return 'the redirect does not carry the state this request was sent with';
  const issuer = query.get('iss');
  if (issuer !== null && expected.issuer !== undefined && issuer !== expected.issuer) {
    return 'the redirect names another authorization server (iss)';
  }
  if (issuer === null && expected.issuerRequired) return 'the redirect lacks the iss its authorization server promised';
  if (!query.get('code')) return 'the redirect carries no code';
  return undefined;
}
