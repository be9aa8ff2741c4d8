// A 2025 session carried by the v2 SDK (`@modelcontextprotocol/server` with the node adapter), for
// servers built on its McpServer. Sessionful on purpose: the SDK's legacy shim (on by default)
// answers a handler's `input_required` return by pushing real sampling/elicitation requests over
// the session, which stateless 2025 serving cannot carry. Loaded only for such servers. Server side.

import { randomUUID } from 'node:crypto';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import {
  type EventStore,
  LATEST_PROTOCOL_VERSION,
  type McpServer,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';
import type { SessionSdk, SessionTransport } from './session-sdk.js';

export const modernSdkSession: SessionSdk = {
  sdk: '@modelcontextprotocol/server',
  supportedVersions: SUPPORTED_PROTOCOL_VERSIONS,
  latestVersion: LATEST_PROTOCOL_VERSION,
  createTransport: ({ onsessioninitialized, eventStore, retryInterval }) =>
    new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized,
      // The kit's store speaks the v1 types; the v2 transport calls the same three methods.
      eventStore: eventStore as EventStore | undefined,
      retryInterval,
    }),
  connect: (server, transport) =>
    (server as McpServer).connect(transport as SessionTransport & NodeStreamableHTTPServerTransport),
};
