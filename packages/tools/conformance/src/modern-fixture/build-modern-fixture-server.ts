// The conformance fixture for revision 2026-07-28: a v2 McpServer (`@modelcontextprotocol/server`)
// with what the suite's 2026 server scenarios call by name, served by @kitchen/server-kit in that
// era (stateless: a fresh server per request). The 2025 fixture stays on the v1 SDK
// (../build-fixture-server.ts). Server side, test fixture.

import { randomBytes } from 'node:crypto';
import { createRequestStateCodec, McpServer } from '@modelcontextprotocol/server';
import { type FixtureRequestState, registerInputRequiredTools } from './register-input-required-tools.js';
import {
  registerModernFixturePrompts,
  registerModernFixtureResources,
  registerModernFixtureTools,
} from './register-modern-fixture-features.js';
import { registerStatelessDiagnostics } from './register-stateless-diagnostics.js';

export const MODERN_FIXTURE_SERVER_NAME = 'conformance-fixture-2026';

/**
 * One key per process: every request of a flow reaches this process, so a sealed requestState
 * minted by one fresh server verifies on the next.
 */
const codec = createRequestStateCodec<FixtureRequestState>({ key: randomBytes(32) });

export function buildModernFixtureServer(): McpServer {
  const server = new McpServer(
    { name: MODERN_FIXTURE_SERVER_NAME, version: '0.1.0' },
    { capabilities: { logging: {} }, requestState: { verify: codec.verify } },
  );
  registerModernFixtureTools(server);
  registerModernFixtureResources(server);
  registerModernFixturePrompts(server);
  registerInputRequiredTools(server, codec);
  registerStatelessDiagnostics(server);
  return server;
}
