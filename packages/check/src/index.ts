// @kitchen/check: sees an MCP server the way other hosts and models will — the steps of reaching
// it, what other hosts refuse in its tool list, its descriptions and hints, what its tool list
// costs per request, and what the model receives for a result. Host side: it reaches servers only
// over MCP, and the host only through @kitchen/host.

export type { CheckReport } from './check-report.js';
export { countBySeverity, hasErrors } from './check-report.js';
export type { CheckOptions } from './check-server.js';
export { checkOffer, checkServer } from './check-server.js';
export type { ToolCallRequest, ToolResultCheck } from './check-tool-result.js';
export { checkToolCall, kitchenMaxResultChars } from './check-tool-result.js';
export type { ConformanceOutcome } from './conformance-findings.js';
export { conformanceFindings } from './conformance-findings.js';
export type {
  TokenCounting,
  TokenCountResult,
  TokenMethod,
  ToolListTokens,
  ToolTokens,
} from './count-tool-list-tokens.js';
export { countToolListTokens, toolSpec } from './count-tool-list-tokens.js';
export type { Finding, RuleId, Severity, Target } from './finding.js';
export { bySeverity, RULES, TARGET_NAMES } from './finding.js';
export type { InspectOptions } from './inspect-server.js';
export { DEFAULT_CHECK_TIMEOUT_MS, inspectServer } from './inspect-server.js';
export { annotationFindings } from './rules/annotation-rules.js';
export { connectionFindings } from './rules/connection-rules.js';
export { costFindings, LARGE_TOOL_LIST_TOKENS, LARGE_TOOL_TOKENS } from './rules/cost-rules.js';
export { descriptionFindings } from './rules/description-rules.js';
export { duplicateToolFindings } from './rules/duplicate-tool-rules.js';
export { MAX_PORTABLE_NAME_LENGTH, portabilityFindings } from './rules/portability-rules.js';
export { CLAUDE_CODE_MAX_OUTPUT_TOKENS, resultFindings } from './rules/result-rules.js';
export type { CheckTarget, ConnectionStep, Era, ServerOffer, StepStatus } from './server-offer.js';
export { checkTargetFor, describeTarget, ERAS, isCommandTarget } from './server-offer.js';
