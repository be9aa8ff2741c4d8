// What a buildServer() may return: an McpServer of the v1 SDK (`@modelcontextprotocol/sdk`, revision
// 2025-11-25 only) or of the v2 SDK (`@modelcontextprotocol/server`, both revisions), and how the
// kit tells them apart without loading either SDK. Server side.

import type { McpServer as LegacySdkServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpServer as ModernSdkServer, ServerEventBus } from '@modelcontextprotocol/server';

export type { LegacySdkServer, ModernSdkServer, ServerEventBus };

/** Either SDK's McpServer: the kit serves both. */
export type ServableServer = LegacySdkServer | ModernSdkServer;

/** The two protocol revisions the kit can serve, one per era. */
export const PROTOCOL_ERAS = ['2025-11-25', '2026-07-28'] as const;
export type ProtocolEraVersion = (typeof PROTOCOL_ERAS)[number];

/** Handed to buildServer: the era the fresh server will answer in (a 2025 session, or one 2026 request). */
export interface BuildServerContext {
  era: ProtocolEraVersion;
}

/** Called once per 2025 session and once per 2026 request: an McpServer holds exactly one transport. */
export type BuildServer = (context: BuildServerContext) => ServableServer;

/**
 * True for a v2 McpServer. Duck-typed on purpose: `instanceof` would need both SDKs loaded, and a
 * server built on one SDK should load only that one. `toolInputSchemaJson` exists on the v2
 * McpServer (2.4) and not on the v1 one (1.32).
 */
export function isModernSdkServer(server: ServableServer): server is ModernSdkServer {
  return typeof (server as Partial<ModernSdkServer>).toolInputSchemaJson === 'function';
}
