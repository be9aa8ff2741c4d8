// @kitchen/server-kit: serving an McpServer (v1 or v2 SDK) over Streamable HTTP safely, in both
// eras where the server allows, plus the small helpers
// every example server shares. Server side: never imported by the host.

export type { EventStoreLimits } from './bounded-event-store.js';
export { BoundedEventStore, DEFAULT_EVENT_STORE_LIMITS } from './bounded-event-store.js';
export { checkServeOptions, describeTokenProblem, ServeOptionsError } from './check-serve-options.js';
export type { McpRouter } from './create-mcp-router.js';
export { createMcpRouter } from './create-mcp-router.js';
export { DEFAULT_MAX_JSON_DEPTH } from './json-depth.js';
export type { HttpRejection } from './json-rpc-error.js';
export { JsonRpcErrorCode, sendJsonRpcError } from './json-rpc-error.js';
export type { McpEndpointOptions } from './mcp-http-handler.js';
export type { SessionResumability } from './mcp-session.js';
export type { OAuthResourceOptions } from './oauth-protected-resource.js';
export { protectedResourceMetadataPath } from './oauth-protected-resource.js';
export type { CommonSettings, ServerSettings, SettingsParse } from './parse-server-settings.js';
export { parseServerSettings } from './parse-server-settings.js';
export type { RequestGuardPolicy } from './request-guard.js';
export { guardRequest, isLoopbackHost, normalizeOrigin } from './request-guard.js';
export type { RunServerMainOptions } from './run-server-main.js';
export { EXIT_USAGE, runServerMain } from './run-server-main.js';
export { SeededRandom } from './seeded-random.js';
export type { ServedMcp, ServeMcpOptions } from './serve-mcp.js';
export {
  DEFAULT_HEALTH_PATH,
  DEFAULT_IDLE_SESSION_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_RETRY_MS,
  serveMcp,
} from './serve-mcp.js';
export type {
  BuildServer,
  BuildServerContext,
  LegacySdkServer,
  ModernSdkServer,
  ProtocolEraVersion,
  ServableServer,
  ServerEventBus,
} from './served-server.js';
export { isModernSdkServer, PROTOCOL_ERAS } from './served-server.js';
export { shareOutputSchemaJson } from './shared-output-schema.js';
export type { LogEvent, LogLevel, LogOptions } from './structured-log.js';
export { DEFAULT_LOG_LEVEL, LOG_LEVELS } from './structured-log.js';
export type { ToolResult, ToolResultContent } from './tool-result.js';
export { errorToolResult, jsonToolResult } from './tool-result.js';
export type { WholeNumberRange } from './whole-number.js';
export { describeWholeNumber, wholeNumber, wholeNumberFlag, wholeNumberText } from './whole-number.js';
