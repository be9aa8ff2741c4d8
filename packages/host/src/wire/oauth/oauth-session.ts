// OAuth 2.1 for one server, as MCP specifies it, on the SDK's own client auth (`auth()`):
// protected-resource metadata discovery, dynamic client registration (or a pre-registered
// client), PKCE, the person's consent through a loopback redirect, tokens kept for the session
// and refreshed when the server offers a refresh token. Host side, at the wire.

import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { withDefined } from '../../with-defined.js';
import { clientCredentialsProvider } from './client-credentials.js';
import { type LoopbackRedirect, openLoopbackRedirect } from './loopback-redirect.js';
import { type OAuthSettings, SessionOAuthProvider } from './session-oauth-provider.js';

/** What the host needs from whoever shows the person the authorization page. */
export interface AuthorizationOptions {
  /**
   * Shows the person the URL to open (and may open a browser). The host then waits for the
   * browser to come back to `redirectUrl` on 127.0.0.1.
   */
  onAuthorizationUrl: (request: AuthorizationRequest) => void | Promise<void>;
  /** How long to wait for the person. Default DEFAULT_AUTHORIZATION_TIMEOUT_MS. */
  timeoutMs?: number;
  /** The client_name sent when the host registers itself. */
  clientName?: string;
}

export interface AuthorizationRequest {
  server: string;
  /** The authorization server's page the person must open. */
  url: URL;
  /** Where the browser comes back: the host's loopback listener. */
  redirectUrl: string;
}

/** What a 401 or 403 said about the authorization the server wants (its WWW-Authenticate). */
export interface AuthorizationChallenge {
  resourceMetadataUrl?: URL;
  scope?: string;
  /** 403 insufficient_scope: the token is good but too weak, so a refresh would not help. */
  insufficientScope: boolean;
}

/** The authorization did not produce a token; the message says why (never the server's own text). */
export class AuthorizationFailedError extends Error {}

export const DEFAULT_AUTHORIZATION_TIMEOUT_MS = 5 * 60_000;
/** Authorizations in a row with no request getting through: beyond this, a server saying no gets its no. */
const MAX_ATTEMPTS_WITHOUT_SUCCESS = 3;
const ISS_SUPPORTED = 'authorization_response_iss_parameter_supported';

export class OAuthSession {
  readonly #provider: SessionOAuthProvider;
  /** Set for grant client_credentials: tokens come from the SDK's own provider, no person involved. */
  readonly #machine: OAuthClientProvider | undefined;
  /** Fixed after the first authorization: a registered client's redirect URI names this port. */
  #callbackPort: number | undefined;
  #redirect: LoopbackRedirect | undefined;
  #inFlight: Promise<void> | undefined;
  #generation = 0;
  #attemptsWithoutSuccess = 0;
  /** The server answered 401 but publishes no OAuth metadata: it wants a token some other way. */
  #notOAuth = false;
  readonly #closed = new AbortController();

  constructor(
    readonly server: string,
    readonly serverUrl: string,
    settings: OAuthSettings,
    private readonly options: AuthorizationOptions,
  ) {
    this.#callbackPort = settings.callbackPort;
    this.#machine =
      settings.grant === 'client_credentials'
        ? clientCredentialsProvider(settings, options.clientName ?? 'MCP Kitchen')
        : undefined;
    this.#provider = new SessionOAuthProvider(settings, options.clientName ?? 'MCP Kitchen', (url) =>
      options.onAuthorizationUrl({ server, url, redirectUrl: this.#provider.redirectUrl ?? '' }),
    );
  }

  /** Counts completed authorizations: a request sent before the latest one just retries. */
  get generation(): number {
    return this.#generation;
  }

  async accessToken(): Promise<string | undefined> {
    return (await (this.#machine ?? this.#provider).tokens())?.access_token;
  }

  /** A request got through: the server takes the token. */
  succeeded(): void {
    this.#attemptsWithoutSuccess = 0;
  }

  /**
   * Answers a challenge seen by a request sent at `seenGeneration`: true when a fresh token is
   * there to retry with. Concurrent challenges share one authorization.
   */
  async authorize(challenge: AuthorizationChallenge, seenGeneration: number, fetchFn: FetchLike): Promise<boolean> {
    if (this.#generation > seenGeneration) return true;
    if (this.#inFlight === undefined) {
      if (this.#notOAuth || this.#attemptsWithoutSuccess >= MAX_ATTEMPTS_WITHOUT_SUCCESS) return false;
      if (this.#closed.signal.aborted) return false;
      this.#attemptsWithoutSuccess += 1;
      this.#inFlight = this.#run(challenge, fetchFn).finally(() => {
        this.#inFlight = undefined;
      });
    }
    await this.#inFlight;
    return this.#generation > seenGeneration;
  }

  /** Waits for an authorization under way; true when one completed after `generation`. */
  async authorizedSince(generation: number): Promise<boolean> {
    await this.#inFlight?.catch(() => undefined);
    return this.#generation > generation;
  }

  async close(): Promise<void> {
    this.#closed.abort();
    await this.#redirect?.close();
  }

  async #run(challenge: AuthorizationChallenge, fetchFn: FetchLike): Promise<void> {
    const options: AuthOptions = {
      serverUrl: this.serverUrl,
      ...withDefined({ resourceMetadataUrl: challenge.resourceMetadataUrl, scope: challenge.scope }),
      fetchFn,
    };
    try {
      // Client credentials: the SDK's auth() fetches a token for the asked scope directly.
      if (this.#machine !== undefined) await auth(this.#machine, options);
      else await this.#signIn(challenge, options);
      this.#generation += 1;
    } catch (error) {
      // A server that answers 401 but publishes no OAuth metadata: its 401 stands as it is, and
      // the person is told to configure a token header.
      const discovered = this.#provider.discoveryState();
      const publishesOAuth =
        discovered?.resourceMetadata !== undefined || discovered?.authorizationServerMetadata !== undefined;
      if (this.#machine === undefined && !publishesOAuth) {
        this.#notOAuth = true;
        return;
      }
      throw new AuthorizationFailedError(error instanceof Error ? error.message : String(error), { cause: error });
    }
  }

  /** Authorization code with PKCE: the person signs in, the browser comes back to 127.0.0.1. */
  async #signIn(challenge: AuthorizationChallenge, options: AuthOptions): Promise<void> {
    // A refresh keeps the old scopes: a token that is too weak needs the person again.
    if (challenge.insufficientScope) this.#provider.invalidateCredentials('tokens');
    const redirect = await openLoopbackRedirect(this.#callbackPort ?? 0);
    this.#redirect = redirect;
    this.#callbackPort = redirect.port;
    this.#provider.setRedirectUrl(redirect.redirectUrl);
    try {
      if ((await auth(this.#provider, options)) === 'AUTHORIZED') return;
      const expectedState = this.#provider.expectedState;
      if (expectedState === undefined) throw new Error('The authorization request was sent without a state.');
      const metadata = this.#provider.discoveryState()?.authorizationServerMetadata;
      const signal = AbortSignal.any([
        this.#closed.signal,
        AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_AUTHORIZATION_TIMEOUT_MS),
      ]);
      const code = await redirect.waitForCode(
        {
          state: expectedState,
          ...withDefined({ issuer: metadata?.issuer }),
          // RFC 9207; not in the SDK's metadata type, which keeps unknown fields.
          issuerRequired: (metadata as Record<string, unknown> | undefined)?.[ISS_SUPPORTED] === true,
        },
        signal,
      );
      await auth(this.#provider, { ...options, authorizationCode: code });
    } finally {
      this.#redirect = undefined;
      await redirect.close();
    }
  }
}

type AuthOptions = Parameters<typeof auth>[1];
