// @kitchen/server-kit: serving an McpServer over Streamable HTTP safely, plus the small helpers
// every example server shares. Server side: never imported by the host.

export { serveMcp, DEFAULT_IDLE_SESSION_MS, DEFAULT_MAX_BODY_BYTES } from './serve-mcp.js';
export type { ServeMcpOptions, ServedMcp } from './serve-mcp.js';
export { runServerMain, EXIT_USAGE } from './run-server-main.js';
export type { RunServerMainOptions } from './run-server-main.js';
export { parseServerSettings } from './parse-server-settings.js';
export type { CommonSettings, ServerSettings, SettingsParse } from './parse-server-settings.js';
export { guardRequest, normalizeOrigin } from './request-guard.js';
export type { RequestGuardPolicy } from './request-guard.js';
export { JsonRpcErrorCode, sendJsonRpcError } from './json-rpc-error.js';
export type { HttpRejection } from './json-rpc-error.js';
export { jsonToolResult, errorToolResult } from './tool-result.js';
export { wholeNumber, wholeNumberFlag, describeWholeNumber } from './whole-number.js';
export type { WholeNumberRange } from './whole-number.js';
export { SeededRandom } from './seeded-random.js';
