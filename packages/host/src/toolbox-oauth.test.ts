// The toolbox against servers that want a token, over real HTTP on 127.0.0.1: a configured bearer
// token, and OAuth 2.1 end to end with a local authorization server (the SDK's own mcpAuthRouter)
// in front of a server-kit server that publishes protected-resource metadata. The test plays the
// person's browser by following the authorization URL with fetch.

import { serveMcp } from '@kitchen/server-kit';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AuthorizationServer,
  browse,
  buildVault,
  startAuthorizationServer as startServer,
  startVault2026 as startVault2026For,
  startVault as startVaultFor,
} from './testing/oauth-test-servers.js';
import { createRecordingContext } from './testing/recording-context.js';
import { type AuthorizationRequest, Toolbox, type ToolboxOptions } from './toolbox.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startAuthorizationServer(): Promise<AuthorizationServer> {
  const server = await startServer();
  cleanups.push(() => server.close());
  return server;
}

async function startVault(authorizationServer: AuthorizationServer) {
  const served = await startVaultFor(authorizationServer);
  cleanups.push(() => served.close());
  return served;
}

async function startVault2026(authorizationServer: AuthorizationServer) {
  const served = await startVault2026For(authorizationServer);
  cleanups.push(() => served.close());
  return served;
}

async function connect(servers: Parameters<typeof Toolbox.connect>[0], options: ToolboxOptions): Promise<Toolbox> {
  const toolbox = await Toolbox.connect(servers, options);
  cleanups.push(() => toolbox.close());
  return toolbox;
}

describe('Toolbox and servers that want a token', () => {
  it('sends a configured bearer token to a server that requires one, and without it asks for a header, not a sign-in', async () => {
    const served = await serveMcp({
      name: 'vault',
      buildServer: buildVault,
      log: { level: 'silent' },
      bearerToken: 'sesame',
    });
    cleanups.push(() => served.close());
    const withToken = await connect(
      [{ name: 'vault', url: served.url, headers: { Authorization: 'Bearer sesame' } }],
      {},
    );
    const outcome = await withToken.call('whoami', {}, createRecordingContext().context);
    expect(outcome).toEqual({ isError: false, content: 'client none scopes undefined' });

    // It publishes no OAuth metadata: the host does not try to sign in, and says a header is wanted.
    const shown: AuthorizationRequest[] = [];
    const without = await connect([{ name: 'vault', url: served.url }], {
      authorization: { onAuthorizationUrl: (request) => void shown.push(request) },
    });
    expect(without.unavailable.map((server) => server.error.message)).toEqual([
      expect.stringContaining('HTTP 401, it wants a bearer token'),
    ]);
    expect(shown).toEqual([]);
  });

  it('authorizes with OAuth 2.1 (discovery, registration, PKCE, loopback redirect) and calls a tool', async () => {
    const authorizationServer = await startAuthorizationServer();
    const vault = await startVault(authorizationServer);
    const shown: AuthorizationRequest[] = [];
    const toolbox = await connect([{ name: 'vault', url: vault.url }], {
      authorization: {
        onAuthorizationUrl: (request) => {
          shown.push(request);
          void browse(request.url);
        },
      },
    });

    expect(toolbox.unavailable).toEqual([]);
    // Signed in during the 2026-07-28 probe; the 2025 handshake that followed used the same token.
    expect(toolbox.era('vault')).toBe('2025-11-25');
    const context = createRecordingContext().context;
    const registered = authorizationServer.requests.filter((request) => request.path === '/register');
    expect(registered).toHaveLength(1);
    expect(await toolbox.call('whoami', {}, context)).toEqual({
      isError: false,
      content: expect.stringMatching(/^client [\w-]+ scopes vault:read$/),
    });
    // One authorization for the session: the second call reuses the token.
    expect((await toolbox.call('whoami', {}, context)).isError).toBe(false);
    expect(shown).toHaveLength(1);

    const page = shown[0]!;
    expect(page.server).toBe('vault');
    expect(page.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const query = page.url.searchParams;
    expect(page.url.origin + page.url.pathname).toBe(`${authorizationServer.url}/authorize`);
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(query.get('state')).toMatch(/^[\w-]{43}$/);
    expect(query.get('resource')).toBe(vault.url);
    expect(query.get('scope')).toBe('vault:read');
    expect(query.get('redirect_uri')).toBe(page.redirectUrl);
  });

  it('signs in to a 2026-07-28 server during the probe, once, and stays on that revision', async () => {
    const authorizationServer = await startAuthorizationServer();
    const vault = await startVault2026(authorizationServer);
    const shown: AuthorizationRequest[] = [];
    const toolbox = await connect([{ name: 'vault', url: vault.url }], {
      authorization: {
        onAuthorizationUrl: (request) => {
          shown.push(request);
          void browse(request.url);
        },
      },
    });

    expect(toolbox.unavailable).toEqual([]);
    expect(toolbox.era('vault')).toBe('2026-07-28');
    const context = createRecordingContext().context;
    expect(await toolbox.call('whoami', {}, context)).toEqual({ isError: false, content: 'open to a token holder' });
    expect((await toolbox.call('whoami', {}, context)).isError).toBe(false);
    expect(shown).toHaveLength(1);
    expect(authorizationServer.requests.filter((request) => request.path === '/register')).toHaveLength(1);
  });

  it('refuses a redirect that does not carry the state it sent, and never redeems its code', async () => {
    const authorizationServer = await startAuthorizationServer();
    const vault = await startVault(authorizationServer);
    const toolbox = await connect([{ name: 'vault', url: vault.url }], {
      authorization: {
        onAuthorizationUrl: ({ url }) =>
          void browse(url, (location) => {
            location.searchParams.set('state', 'forged');
            return location;
          }),
      },
    });

    expect(toolbox.unavailable.map((server) => server.error.message)).toEqual([
      expect.stringMatching(/OAuth authorization, which did not complete \(.*does not carry the state/),
    ]);
    expect(authorizationServer.requests.filter((request) => request.path === '/token')).toEqual([]);
  });

  it('gives up when nobody opens the page in time, naming the server', async () => {
    const authorizationServer = await startAuthorizationServer();
    const vault = await startVault(authorizationServer);
    const toolbox = await connect([{ name: 'vault', url: vault.url }], {
      authorization: { onAuthorizationUrl: () => {}, timeoutMs: 50 },
    });
    expect(toolbox.unavailable.map((server) => server.error.message)).toEqual([
      expect.stringMatching(/^MCP server "vault" .*nobody completed the authorization in time/),
    ]);
  });
});
