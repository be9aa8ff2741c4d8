// @kitchen/server-kit: serving an McpServer over Streamable HTTP safely, plus the small helpers
// every example server shares. Server side: never imported by the host.

export type { HttpRejection } from './json-rpc-error.js';
export { JsonRpcErrorCode, sendJsonRpcError } from './json-rpc-error.js';
export type { CommonSettings, ServerSettings, SettingsParse } from './parse-server-settings.js';
export { parseServerSettings } from './parse-server-settings.js';
export type { RequestGuardPolicy } from './request-guard.js';
export { guardRequest, normalizeOrigin } from './request-guard.js';
export type { RunServerMainOptions } from './run-server-main.js';
export { EXIT_USAGE, runServerMain } from './run-server-main.js';
export { SeededRandom } from './seeded-random.js';
export type { ServedMcp, ServeMcpOptions } from './serve-mcp.js';
export { DEFAULT_IDLE_SESSION_MS, DEFAULT_MAX_BODY_BYTES, serveMcp } from './serve-mcp.js';
export { errorToolResult, jsonToolResult } from './tool-result.js';
export type { WholeNumberRange } from './whole-number.js';
export { describeWholeNumber, wholeNumber, wholeNumberFlag } from './whole-number.js';
