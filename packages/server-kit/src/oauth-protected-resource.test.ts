// OAuth for servers that want real auth, over real HTTP with a local fake token verifier: RFC 9728
// metadata, 401 with resource_metadata, scopes and audience, and the token's holder reaching the
// tool. Server side.

import { request } from 'node:http';
import { discoverOAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { OAuthResourceOptions } from './oauth-protected-resource.js';
import { type ServedMcp, serveMcp } from './serve-mcp.js';

const AUTHORIZATION_SERVER = 'https://auth.kitchen.test';

/** `whoami` answers with the client id of the token the request carried. */
function buildWhoamiServer(): McpServer {
  const server = new McpServer({ name: 'vault', version: '1.0.0' });
  server.registerTool('whoami', {}, (extra) => ({
    content: [{ type: 'text', text: `client ${extra.authInfo?.clientId ?? 'unknown'}` }],
  }));
  return server;
}

/** A fake verifier: four known tokens, anything else is invalid. */
function fakeVerifier(resource: () => string): OAuthResourceOptions['verifyToken'] {
  return async (token) => {
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    const base: AuthInfo = { token, clientId: 'client-7', scopes: ['mcp:tools'], expiresAt: inAnHour };
    switch (token) {
      case 'good':
        return { ...base, resource: new URL(resource()) };
      case 'weak':
        return { ...base, scopes: [] };
      case 'elsewhere':
        return { ...base, resource: new URL('https://other.test/mcp') };
      case 'stale':
        return { ...base, expiresAt: inAnHour - 7200 };
      default:
        throw new InvalidTokenError('Unknown token');
    }
  };
}

const opened: Array<ServedMcp | Client> = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});

async function serveVault(): Promise<ServedMcp> {
  let url = '';
  const served = await serveMcp({
    name: 'vault',
    buildServer: buildWhoamiServer,
    log: { level: 'silent' },
    auth: {
      authorizationServers: [AUTHORIZATION_SERVER],
      scopesSupported: ['mcp:tools', 'mcp:admin'],
      requiredScopes: ['mcp:tools'],
      resourceName: 'The kitchen vault',
      verifyToken: fakeVerifier(() => url),
    },
  });
  url = served.url;
  opened.push(served);
  return served;
}

const initialize = (served: ServedMcp, token?: string) =>
  fetch(served.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    }),
  });

describe('OAuth protected resource', () => {
  it('serves RFC 9728 metadata at /.well-known/oauth-protected-resource/mcp, which the SDK client discovers', async () => {
    const served = await serveVault();
    const metadataUrl = `http://127.0.0.1:${served.port}/.well-known/oauth-protected-resource/mcp`;
    const expected = {
      resource: served.url,
      authorization_servers: [AUTHORIZATION_SERVER],
      scopes_supported: ['mcp:tools', 'mcp:admin'],
      resource_name: 'The kitchen vault',
      bearer_methods_supported: ['header'],
    };
    expect(await (await fetch(metadataUrl)).json()).toEqual(expected);
    expect(await discoverOAuthProtectedResourceMetadata(served.url)).toEqual(expected);
  });

  it('answers a request without a token with 401 and WWW-Authenticate naming the metadata', async () => {
    const served = await serveVault();
    const response = await initialize(served);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer scope="mcp:tools", resource_metadata="http://127.0.0.1:${served.port}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
      'send "Authorization: Bearer <access token>"',
    );
  });

  it('refuses unknown, expired, weak and misdirected tokens with the RFC 6750 error', async () => {
    const served = await serveVault();
    const outcomes = [];
    for (const token of ['forged', 'stale', 'weak', 'elsewhere']) {
      const response = await initialize(served, token);
      const challenge = response.headers.get('www-authenticate') ?? '';
      outcomes.push([token, response.status, /error="([^"]+)"/.exec(challenge)?.[1]]);
      expect(challenge).toContain('resource_metadata="');
    }
    expect(outcomes).toEqual([
      ['forged', 401, 'invalid_token'],
      ['stale', 401, 'invalid_token'],
      ['weak', 403, 'insufficient_scope'],
      ['elsewhere', 401, 'invalid_token'],
    ]);
  });

  it('lets a valid token through, and the tool sees who holds it', async () => {
    const served = await serveVault();
    const client = new Client({ name: 'oauth-test', version: '0.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(served.url), {
        requestInit: { headers: { Authorization: 'Bearer good' } },
      }),
    );
    opened.push(client);
    const result = await client.callTool({ name: 'whoami' });
    expect(result.content).toEqual([{ type: 'text', text: 'client client-7' }]);
  });

  it('keeps the health route public and the Host check on the metadata route', async () => {
    const served = await serveVault();
    expect((await fetch(`http://127.0.0.1:${served.port}/healthz`)).status).toBe(200);
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port: served.port,
          path: '/.well-known/oauth-protected-resource/mcp',
          headers: { Host: `evil.example:${served.port}` },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      outgoing.on('error', reject).end();
    });
    expect(status).toBe(403);
  });
});
