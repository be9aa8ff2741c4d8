// Servers that want OAuth, for tests of hosts (`@kitchen/host/testing/oauth`): the SDK's own
// authorization server (mcpAuthRouter over its in-memory demo provider: metadata, dynamic
// registration, authorize with PKCE, token) and a server-kit server that publishes RFC 9728
// protected-resource metadata and accepts only that server's tokens. All on 127.0.0.1, port 0.
// Server side, tests only; `browse` plays the person's browser.

import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServedMcp, serveMcp } from '@kitchen/server-kit';
import { DemoInMemoryAuthProvider } from '@modelcontextprotocol/sdk/examples/server/demoInMemoryOAuthProvider.js';
import { mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpServer as McpServer2026 } from '@modelcontextprotocol/server';
import express from 'express';

export interface AuthorizationServer {
  url: string;
  provider: DemoInMemoryAuthProvider;
  /** Every request it received: path and query. */
  requests: Array<{ path: string; query: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** `whoami` answers with the client id and scopes of the token the request carried. */
export function buildVault(): McpServer {
  const server = new McpServer({ name: 'vault', version: '1.0.0' });
  server.registerTool('whoami', { description: 'Says who holds the token.' }, (extra) => ({
    content: [
      { type: 'text', text: `client ${extra.authInfo?.clientId ?? 'none'} scopes ${extra.authInfo?.scopes.join(',')}` },
    ],
  }));
  return server;
}

export async function startAuthorizationServer(scopes = ['vault:read']): Promise<AuthorizationServer> {
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
  // Mounted once the port, and so the issuer URL, is known.
  app.use(mcpAuthRouter({ provider, issuerUrl: new URL(url), scopesSupported: scopes }));
  return {
    url,
    provider,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The vault, accepting only tokens `authorizationServer` issued for it. */
export function startVault(authorizationServer: AuthorizationServer, scopes = ['vault:read']): Promise<ServedMcp> {
  return serveMcp({
    name: 'vault',
    buildServer: buildVault,
    log: { level: 'silent' },
    auth: {
      authorizationServers: [authorizationServer.url],
      scopesSupported: scopes,
      verifyToken: (token) => authorizationServer.provider.verifyAccessToken(token),
    },
  });
}

/** The vault on the v2 server SDK, served in both eras (2026-07-28 and 2025-11-25) behind the same OAuth. */
export function startVault2026(authorizationServer: AuthorizationServer, scopes = ['vault:read']): Promise<ServedMcp> {
  return serveMcp({
    name: 'vault',
    buildServer: () => {
      const server = new McpServer2026({ name: 'vault', version: '2.0.0' });
      server.registerTool('whoami', { description: 'Says the vault is open to the caller.' }, async (ctx) => ({
        content: [{ type: 'text', text: `open to ${ctx.http?.authInfo === undefined ? 'nobody' : 'a token holder'}` }],
      }));
      return server;
    },
    log: { level: 'silent' },
    auth: {
      authorizationServers: [authorizationServer.url],
      scopesSupported: scopes,
      verifyToken: (token) => authorizationServer.provider.verifyAccessToken(token),
    },
  });
}

/** The person's browser: opens the page, which redirects at once (the demo server asks nothing). */
export async function browse(
  url: URL | string,
  rewrite: (location: URL) => URL = (location) => location,
): Promise<void> {
  const page = await fetch(url, { redirect: 'manual' });
  const location = page.headers.get('location');
  if (location === null) throw new Error(`the authorization page did not redirect (HTTP ${page.status})`);
  await fetch(rewrite(new URL(location)));
}
