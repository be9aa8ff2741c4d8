// OAuth for a host that runs with no person at hand (SEP-1046): the client-credentials grant, on
// the SDK's own providers. The client authenticates with a secret (client_secret_basic) or a
// signed JWT (private_key_jwt); the SDK's auth() then fetches a token directly. Host side.

import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { ClientCredentialsProvider, PrivateKeyJwtProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import { withDefined } from '../../with-defined.js';
import type { OAuthSettings } from './session-oauth-provider.js';

/** The provider for `grant: 'client_credentials'`; the settings were checked at the edge. */
export function clientCredentialsProvider(settings: OAuthSettings, clientName: string): OAuthClientProvider {
  const clientId = settings.clientId ?? '';
  const scope = withDefined({ scope: settings.scope });
  if (settings.privateKey !== undefined) {
    return new PrivateKeyJwtProvider({
      clientId,
      privateKey: settings.privateKey,
      algorithm: settings.algorithm ?? 'ES256',
      clientName,
      ...scope,
    });
  }
  return new ClientCredentialsProvider({ clientId, clientSecret: settings.clientSecret ?? '', clientName, ...scope });
}
