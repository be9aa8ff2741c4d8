// A 2025 session carried by the v1 SDK (`@modelcontextprotocol/sdk` 1.32), for servers built on
// its McpServer. Loaded only when such a server is served. Server side.

import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { SessionSdk, SessionTransport } from './session-sdk.js';

export const legacySdkSession: SessionSdk = {
  sdk: '@modelcontextprotocol/sdk',
  supportedVersions: SUPPORTED_PROTOCOL_VERSIONS,
  latestVersion: LATEST_PROTOCOL_VERSION,
  createTransport: ({ onsessioninitialized, eventStore, retryInterval }) =>
    new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized,
      eventStore,
      retryInterval,
    }),
  connect: (server, transport) =>
    (server as McpServer).connect(transport as SessionTransport & StreamableHTTPServerTransport),
};
