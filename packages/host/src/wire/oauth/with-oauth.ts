// The fetch of a Streamable HTTP transport to a server that uses OAuth: every request carries the
// session's access token, and a 401 (or a 403 insufficient_scope, step-up) is answered by
// authorizing and sending the request once more. Host side, at the wire. The SDK transport's own
// authProvider would throw at a challenge that needs the person mid-call; here the call waits.

import { extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { withDefined } from '../../with-defined.js';
import type { AuthorizationChallenge, OAuthSession } from './oauth-session.js';

export function withOAuth(session: OAuthSession, next: FetchLike): FetchLike {
  return async (url, init) => {
    const send = async () => {
      const generation = session.generation;
      const headers = new Headers(init?.headers);
      const token = await session.accessToken();
      if (token !== undefined) headers.set('Authorization', `Bearer ${token}`);
      return { generation, response: await next(url, { ...init, headers }) };
    };
    const first = await send();
    const challenge = challengeOf(first.response);
    if (challenge === undefined) {
      if (first.response.ok) session.succeeded();
      return first.response;
    }
    // Discovery and the token endpoint go through `next`: they carry no MCP token.
    if (!(await session.authorize(challenge, first.generation, next))) return first.response;
    await first.response.body?.cancel();
    const second = await send();
    if (second.response.ok) session.succeeded();
    return second.response;
  };
}

function challengeOf(response: Response): AuthorizationChallenge | undefined {
  if (response.status !== 401 && response.status !== 403) return undefined;
  const { resourceMetadataUrl, scope, error } = extractWWWAuthenticateParams(response);
  // A 403 for any other reason (a refused Host or Origin) is not about the token.
  if (response.status === 403 && error !== 'insufficient_scope') return undefined;
  return {
    ...withDefined({ resourceMetadataUrl, scope }),
    insufficientScope: response.status === 403,
  };
}
