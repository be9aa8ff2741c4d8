// What the SDK's OAuth client (`auth()` in @modelcontextprotocol/sdk/client/auth.js) stores and
// reads for one server: client registration, PKCE verifier, state, tokens and discovery, all in
// memory for the life of the host. Host side, at the wire: a host that should remember tokens
// across runs would keep them in the platform keychain instead.

import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { withDefined } from '../../with-defined.js';

/** Per-server OAuth settings; without any, the host registers itself (DCR) and asks for what the server says. */
export interface OAuthSettings {
  /** A client registered with the authorization server beforehand (no dynamic registration then). */
  clientId?: string;
  /** Its secret, for a confidential pre-registered client. */
  clientSecret?: string;
  /** Scopes to ask for when neither the server's challenge nor its metadata names any. */
  scope?: string;
  /** The loopback redirect's port (a pre-registered client names its redirect URI); default: any free port. */
  callbackPort?: number;
  /** An https URL of this client's metadata document (SEP-991), used as client_id where the server accepts it. */
  clientMetadataUrl?: string;
  /**
   * "authorization_code" (the default): a person signs in. "client_credentials" (SEP-1046): no
   * person; needs clientId and either clientSecret or privateKey.
   */
  grant?: 'authorization_code' | 'client_credentials';
  /** For client_credentials with private_key_jwt: the PEM private key that signs the assertion. */
  privateKey?: string;
  /** Its JWS algorithm; default ES256. */
  algorithm?: string;
}

export class SessionOAuthProvider implements OAuthClientProvider {
  readonly clientMetadataUrl: string | undefined;
  #redirectUrl: string | undefined;
  #client: OAuthClientInformationMixed | undefined;
  #tokens: OAuthTokens | undefined;
  #codeVerifier: string | undefined;
  #discovery: OAuthDiscoveryState | undefined;
  #state: string | undefined;

  constructor(
    private readonly settings: OAuthSettings,
    private readonly clientName: string,
    /** Called with the URL the person must open; the caller waits for the redirect. */
    private readonly onAuthorizationUrl: (url: URL) => void | Promise<void>,
  ) {
    this.clientMetadataUrl = settings.clientMetadataUrl;
    if (settings.clientId !== undefined) {
      this.#client = {
        client_id: settings.clientId,
        ...withDefined({ client_secret: settings.clientSecret }),
      };
    }
  }

  /** Set before each authorization: the loopback listener picks the port. */
  setRedirectUrl(url: string): void {
    this.#redirectUrl = url;
  }

  get redirectUrl(): string | undefined {
    return this.#redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    // application_type is newer than the SDK's type; the SDK sends the metadata as it is.
    const metadata: OAuthClientMetadata & { application_type: 'native' } = {
      client_name: this.clientName,
      redirect_uris: this.#redirectUrl === undefined ? [] : [this.#redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // SEP-837 (revision 2026-07-28): say what kind of client registers; a host on the person's
      // machine with a loopback redirect is a native one.
      application_type: 'native',
      // A native app on the person's machine keeps no secret (RFC 8252 §8.4): PKCE protects the code.
      token_endpoint_auth_method: 'none',
      ...withDefined({ scope: this.settings.scope }),
    };
    return metadata;
  }

  /** A fresh unguessable value per authorization request; `expectedState` is what the redirect must carry. */
  state(): string {
    this.#state = randomBytes(32).toString('base64url');
    return this.#state;
  }

  get expectedState(): string | undefined {
    return this.#state;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.#client;
  }

  // Kept exactly as given: the SDK stamps `issuer` on it and checks it on the next authorization.
  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.#client = client;
  }

  tokens(): OAuthTokens | undefined {
    return this.#tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.#tokens = tokens;
  }

  redirectToAuthorization(authorizationUrl: URL): Promise<void> | void {
    return this.onAuthorizationUrl(authorizationUrl);
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.#codeVerifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.#codeVerifier === undefined) throw new Error('No PKCE code verifier was saved for this authorization.');
    return this.#codeVerifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.#discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.#discovery;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'client') {
      // A pre-registered client cannot be registered again: only a dynamic registration is dropped.
      this.#client = this.settings.clientId === undefined ? undefined : this.#client;
    }
    if (scope === 'all' || scope === 'tokens') this.#tokens = undefined;
    if (scope === 'all' || scope === 'verifier') this.#codeVerifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.#discovery = undefined;
  }
}
