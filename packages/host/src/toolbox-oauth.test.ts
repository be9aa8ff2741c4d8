// The toolbox against servers that want a token, over real HTTP on 127.0.0.1: a configured bearer
// token, and OAuth 2.1 end to end with a local authorization server (the SDK's own mcpAuthRouter)
// in front of a server-kit server that publishes protected-resource metadata. The test plays the
// person's browser by following the authorization URL with fetch.

import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServedMcp, serveMcp } from '@kitchen/server-kit';
import { DemoInMemoryAuthProvider } from '@modelcontextprotocol/sdk/examples/server/demoInMemoryOAuthProvider.js';
import { mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingContext } from './testing/recording-context.js';
import { type AuthorizationRequest, Toolbox, type ToolboxOptions } from './toolbox.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `whoami` answers with the client id and scopes of the token the request carried. */
function buildVault(): McpServer {
  const server = new McpServer({ name: 'vault', version: '1.0.0' });
  server.registerTool('whoami', {}, (extra) => ({
    content: [
      { type: 'text', text: `client ${extra.authInfo?.clientId ?? 'none'} scopes ${extra.authInfo?.scopes.join(',')}` },
    ],
  }));
  return server;
}

interface AuthorizationServer {
  url: string;
  provider: DemoInMemoryAuthProvider;
  /** Form posts and queries the server received, by path. */
  requests: Array<{ path: string; query: Record<string, unknown> }>;
}

/** The SDK's authorization server (metadata, DCR, authorize with PKCE, token) on a free loopback port. */
async function startAuthorizationServer(): Promise<AuthorizationServer> {
  const provider = new DemoInMemoryAuthProvider();
  const requests: AuthorizationServer['requests'] = [];
  const app = express();
  app.use((request, _response, next) => {
    requests.push({ path: request.path, query: { ...request.query } });
    next();
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app.use(mcpAuthRouter({ provider, issuerUrl: new URL(url), scopesSupported: ['vault:read'] }));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { url, provider, requests };
}

async function startVault(authorizationServer: AuthorizationServer): Promise<ServedMcp> {
  const served = await serveMcp({
    name: 'vault',
    buildServer: buildVault,
    log: { level: 'silent' },
    auth: {
      authorizationServers: [authorizationServer.url],
      scopesSupported: ['vault:read'],
      verifyToken: (token) => authorizationServer.provider.verifyAccessToken(token),
    },
  });
  cleanups.push(() => served.close());
  return served;
}

/** The person's browser: opens the page, which redirects at once (the demo server asks nothing). */
async function browse(url: URL, rewrite: (location: URL) => URL = (location) => location): Promise<void> {
  const page = await fetch(url, { redirect: 'manual' });
  const location = page.headers.get('location');
  if (location === null) throw new Error(`the authorization page did not redirect (HTTP ${page.status})`);
  await fetch(rewrite(new URL(location)));
}

async function connect(servers: Parameters<typeof Toolbox.connect>[0], options: ToolboxOptions): Promise<Toolbox> {
  const toolbox = await Toolbox.connect(servers, options);
  cleanups.push(() => toolbox.close());
  return toolbox;
}

describe('Toolbox and servers that want a token', () => {
  it('sends a configured bearer token to a server that requires one, and is refused without it', async () => {
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

    const without = await connect([{ name: 'vault', url: served.url }], {});
    expect(without.unavailable.map((server) => server.error.message)).toEqual([expect.stringContaining('HTTP 401')]);
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
