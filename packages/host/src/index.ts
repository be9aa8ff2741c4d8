// @kitchen/host: the MCP host core. Host side of the boundary: it owns the person, the model, the
// budget and the approval rules, and reaches servers only over MCP. This file is the promise made
// to another host built on it: what is exported here stays; everything else is internal.

export type { AppRequests, AppRequestsOptions } from './app-requests.js';
export { createAppRequests } from './app-requests.js';
export type { ElicitationHandler } from './elicitation-handler.js';
export { createElicitationHandler } from './elicitation-handler.js';
// Errors.
export type { ErrorReportCode, KitchenErrorCode } from './errors.js';
export { ConfigurationError, describeError, KitchenError } from './errors.js';
export { createEventQueue } from './event-queue.js';
export type { GateAction, GateRule } from './gate/gate-rules.js';
export { GATE_ACTIONS, GateRuleError, parseGateRules, parseRuleText } from './gate/gate-rules.js';
// The gate and its rules.
export type { GateRuleSet } from './gate.js';
export { allowAllGate, Gate } from './gate.js';
export { AgentTree, type TreeSeatbelts } from './limits/agent-tree.js';
export { base64Bytes, formatBytes, formatCents, formatDuration, formatTokens } from './limits/format-units.js';
export type { SpawnLimits } from './limits/spawn-agent-limits.js';
export { MAX_AGENT_DEPTH_ALLOWED, parseSpawnLimits } from './limits/spawn-agent-limits.js';
export type { LocalTool } from './local-tools.js';
export { LAST_CHANCE_MAX_TOKENS } from './loop/last-chance.js';
export type { LoopStopReason } from './loop/stop-reason.js';
export type {
  AgentStartEvent,
  ApprovalResponseEvent,
  DoneEvent,
  ErrorReport,
  LimitReached,
  LogLevel,
  LoopEvent,
  LoopEventDraft,
  ModelRetryEvent,
  ResourceUpdatedEvent,
  ServerLogEvent,
  ToolResultEvent,
  ToolRetryEvent,
} from './loop-event.js';
export { LOG_LEVELS, stamp } from './loop-event.js';
export type { AnthropicModelOptions } from './model/anthropic/anthropic-model.js';
export { AnthropicModel, DEFAULT_ANTHROPIC_MODEL, isAnthropicApiUrl } from './model/anthropic/anthropic-model.js';
export { ModelAbortedError } from './model/model-errors.js';
export type { ModelPrice, PriceTable } from './model/price-table.js';
export { DEFAULT_PRICES } from './model/price-table.js';
export { parseRecordedExchanges, RecordingModel, ReplayModel } from './model/replay-model.js';
// Models.
export type {
  Message,
  Model,
  ModelRequest,
  ModelResponse,
  ModelRetry,
  ModelStopReason,
  TextBlock,
  ToolImage,
  ToolResultBlock,
  ToolSpec,
  ToolUseBlock,
} from './model.js';
export { estimateRequestTokens, estimateTokens } from './model.js';
export type { PendingApprovals } from './person/pending-approvals.js';
export { createPendingApprovals } from './person/pending-approvals.js';
// The person seam: everything the host asks a person.
export type {
  ApprovalAnswer,
  ApprovalQuestion,
  ElicitationAnswer,
  ElicitationQuestion,
  LinkAnswer,
  LinkQuestion,
  Person,
} from './person.js';
export { DEFAULT_APPROVAL_TIMEOUT_MS } from './person.js';
export type { ResourceServers } from './resource-tools.js';
export { createResourceTools, LIST_RESOURCES_TOOL, READ_RESOURCE_TOOL } from './resource-tools.js';
// The loop and what it reports.
export type { RunAgentLoopOptions, RunSettings } from './run-agent-loop.js';
export { runAgentLoop } from './run-agent-loop.js';
// Servers that ask the host: sampling and elicitation.
export type { SamplingHandler, SamplingHandlerOptions, ServerSamplingPolicy } from './sampling-handler.js';
export { createSamplingHandler, SAMPLING_REJECTED } from './sampling-handler.js';
export type { SpawnAgentOptions, WorkerToolPolicy } from './spawn-agent.js';
export { createSpawnAgentTool, WORKER_BRIEF_ENDING } from './spawn-agent.js';
// Tools: the toolbox, local tools, spawn_agent.
export type {
  AgentInfo,
  AppToolResult,
  ToolAnnotations,
  ToolCallContext,
  ToolDescriptor,
  ToolOutcome,
  ToolResultAttachment,
} from './tool-types.js';
export { MAIN_AGENT } from './tool-types.js';
export type {
  AuthorizationOptions,
  AuthorizationRequest,
  FeatureClash,
  HttpServerConnection,
  OAuthSettings,
  ProtocolEra,
  Root,
  ServerConnection,
  ServerRequestHandlers,
  ToolboxOptions,
} from './toolbox.js';
export { DEFAULT_CALL_TIMEOUT_MS, Toolbox } from './toolbox.js';
// Limits and money.
export { MAX_TREE_TOKENS, TreeBudget } from './tree-budget.js';
export type { ElicitationSchema, ElicitedValue } from './wire/elicited-content.js';
export { findContentProblems, readFieldAnswer } from './wire/elicited-content.js';
export type { AppCsp, AppResource, ToolApp } from './wire/mcp-apps.js';
export {
  APP_MIME_TYPE,
  APPS_CLIENT_EXTENSIONS,
  MCP_APPS_EXTENSION,
  readAppResource,
  toolApp,
} from './wire/mcp-apps.js';
export { REVISION_2025, REVISION_2026 } from './wire/protocol-revisions.js';
export { type RecordedToolCall, recordToolCall, type WireMessage } from './wire/recorded-tool-call.js';
export type { ProtocolSetting } from './wire/server-connection.js';
export { describeServerLocation, oauthSettingsSchema, PROTOCOL_SETTINGS } from './wire/server-connection.js';
// What a server offers besides tools: resources, prompts, completions.
export type {
  Completion,
  CompletionReference,
  PromptResult,
  ResourceContents,
  ServerFeatures,
  ServerPrompt,
  ServerResource,
  ServerResourceTemplate,
} from './wire/server-features.js';
export type { ServerRequestVia } from './wire/server-requests.js';
export type { CheckedSkill, CheckedSkillFile, ServerSkills } from './wire/server-skills.js';
export { readServerSkills } from './wire/server-skills.js';
export type {
  WireEventRecord,
  WireFetch,
  WireRecord,
  WireRequestRecord,
  WireResponseRecord,
} from './wire/wire-recorder.js';
export { MCP_HEADERS, WireRecorder } from './wire/wire-recorder.js';
export type { WithDefined } from './with-defined.js';
export { withDefined } from './with-defined.js';
