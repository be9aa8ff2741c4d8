// OAuth for servers that want real auth: RFC 9728 protected-resource metadata telling clients
// which authorization server issues tokens, and a bearer check that answers 401 with
// `WWW-Authenticate: Bearer resource_metadata="…"` so clients can discover it. The token itself is
// checked by the server's own verifier. Server side.

import type { IncomingHttpHeaders } from 'node:http';
import { InsufficientScopeError, OAuthError, ServerError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { type HttpRejection, JsonRpcErrorCode } from './json-rpc-error.js';

export interface OAuthResourceOptions {
  /** Issuers of tokens for this server (RFC 9728 `authorization_servers`). */
  authorizationServers: string[];
  /** Scopes a client may ask for (`scopes_supported`). */
  scopesSupported?: string[];
  /** Scopes every token must carry; a token without them gets 403 insufficient_scope. */
  requiredScopes?: string[];
  /** Human-readable name (`resource_name`). */
  resourceName?: string;
  /** The endpoint's public URL when it differs from the one served (behind a proxy). */
  resourceUrl?: string;
  /**
   * Checks a token and says who holds it: the shape of the SDK's
   * `OAuthTokenVerifier.verifyAccessToken`. Throw the SDK's `InvalidTokenError` for a bad token,
   * `InsufficientScopeError` for a weak one; `AuthInfo.expiresAt` (seconds) is required, and a
   * `resource` other than this endpoint is refused (RFC 8707 audience).
   */
  verifyToken: (token: string) => Promise<AuthInfo>;
}

/** `/mcp` → `/.well-known/oauth-protected-resource/mcp` (RFC 9728 §3.1: the path goes after). */
export function protectedResourceMetadataPath(endpointPath: string): string {
  return `/.well-known/oauth-protected-resource${endpointPath === '/' ? '' : endpointPath}`;
}

export function protectedResourceMetadata(
  options: OAuthResourceOptions,
  resourceUrl: string,
): OAuthProtectedResourceMetadata {
  return {
    resource: resourceUrl,
    authorization_servers: options.authorizationServers,
    scopes_supported: options.scopesSupported,
    resource_name: options.resourceName,
    bearer_methods_supported: ['header'],
  };
}

export type BearerCheck = { kind: 'authorized'; authInfo: AuthInfo } | { kind: 'refused'; rejection: HttpRejection };

/** Checks the request's bearer token the way the SDK's `requireBearerAuth` does, answering in
 * the kit's JSON-RPC shape. `resourceUrl` is this endpoint's URL, `metadataUrl` where its
 * metadata is served. */
export async function checkOAuthBearer(
  headers: IncomingHttpHeaders,
  options: OAuthResourceOptions,
  resourceUrl: string,
  metadataUrl: string,
): Promise<BearerCheck> {
  const challenge = (error?: { code: string; description: string }) => {
    const parts = error ? [`error="${error.code}"`, `error_description="${quoted(error.description)}"`] : [];
    if (options.requiredScopes?.length) parts.push(`scope="${options.requiredScopes.join(' ')}"`);
    parts.push(`resource_metadata="${metadataUrl}"`);
    return { 'WWW-Authenticate': `Bearer ${parts.join(', ')}` };
  };
  const refuse = (status: number, message: string, error?: { code: string; description: string }): BearerCheck => ({
    kind: 'refused',
    rejection: { status, code: JsonRpcErrorCode.serverError, message, headers: challenge(error) },
  });
  const token = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
  if (token === undefined) {
    return refuse(
      401,
      `Unauthorized: send "Authorization: Bearer <access token>". The authorization servers that issue tokens are listed at ${metadataUrl}.`,
    );
  }
  let authInfo: AuthInfo;
  try {
    authInfo = await options.verifyToken(token);
  } catch (error) {
    if (error instanceof InsufficientScopeError) {
      return refuse(403, `Forbidden: ${error.message}`, { code: 'insufficient_scope', description: error.message });
    }
    if (error instanceof ServerError || !(error instanceof Error)) {
      return {
        kind: 'refused',
        rejection: {
          status: 500,
          code: JsonRpcErrorCode.serverError,
          message: 'Internal error: the access token could not be checked; try again later.',
        },
      };
    }
    const description = error instanceof OAuthError ? error.message : 'The access token was not accepted';
    return refuse(401, `Unauthorized: ${description}.`, { code: 'invalid_token', description });
  }
  const invalid = (description: string) =>
    refuse(401, `Unauthorized: ${description}.`, { code: 'invalid_token', description });
  if (typeof authInfo.expiresAt !== 'number' || Number.isNaN(authInfo.expiresAt))
    return invalid('The token has no expiration time');
  if (authInfo.expiresAt < Date.now() / 1000) return invalid('The token has expired');
  if (authInfo.resource !== undefined && comparable(authInfo.resource) !== comparable(resourceUrl)) {
    return invalid(`The token was issued for ${authInfo.resource}, not for ${resourceUrl}`);
  }
  const missing = (options.requiredScopes ?? []).filter((scope) => !authInfo.scopes.includes(scope));
  if (missing.length > 0) {
    const description = `The token lacks the scope ${missing.join(' ')}`;
    return refuse(403, `Forbidden: ${description}.`, { code: 'insufficient_scope', description });
  }
  return { kind: 'authorized', authInfo };
}

// RFC 8707 resources compare without a fragment and without one trailing slash, as the SDK does.
function comparable(resource: URL | string): string {
  return String(resource).replace(/#.*$/, '').replace(/\/$/, '');
}

function quoted(text: string): string {
  return text.replace(/["\\]/g, "'");
}
