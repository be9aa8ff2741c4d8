// @kitchen/host: the MCP host core. Host side of the boundary: it owns the user, the model, the
// budget and the approval rules, and reaches servers only over MCP. Explicit exports only.

export type {
  ElicitationAnswer,
  ElicitationAsker,
  ElicitationHandler,
  ElicitationHandlerOptions,
  ElicitationQuestion,
} from './elicitation-handler.js';
export { createElicitationHandler, declineAllAsker, scriptedAsker } from './elicitation-handler.js';
export {
  ConfigurationError,
  describeError,
  KitchenError,
  LocalError,
  ProtocolError,
  ServerRefusedError,
  ServerUnreachableError,
} from './errors.js';
export type { EventQueue } from './event-queue.js';
// Host core (helper B)
export { createEventQueue, drainWhile } from './event-queue.js';
export type { PendingApprovals } from './gate/approver.js';
export { createPendingApprovals } from './gate/approver.js';
export type { ApproverOutcome } from './gate/ask-approver.js';
export { askApprover } from './gate/ask-approver.js';
export type { GateAction, GateRule } from './gate/gate-rules.js';
export {
  findDecidingRule,
  formatRule,
  GATE_ACTIONS,
  GateRuleError,
  matchesGlob,
  parseGateRules,
  parseRuleText,
  ruleMatches,
  ruleSpecificity,
} from './gate/gate-rules.js';
export type {
  ApprovalAnswer,
  ApprovalQuestion,
  Approver,
  Authorization,
  AuthorizeRequest,
  Decision,
  GateOptions,
  GateRuleSet,
} from './gate.js';
// Gate, approvers, budget and seatbelts (helper D)
export { allowAllGate, DEFAULT_APPROVAL_TIMEOUT_MS, formatDuration, Gate } from './gate.js';
export type { AgentSlot } from './limits/agent-slots.js';
export { AgentSlots } from './limits/agent-slots.js';
export type { TreeSeatbelts, TreeTotals } from './limits/agent-tree.js';
export { AgentTree } from './limits/agent-tree.js';
export type { SeatbeltState, SeatbeltStop, Seatbelts } from './limits/seatbelts.js';
export { checkSeatbelts, DEFAULT_SEATBELTS, parseSeatbelts } from './limits/seatbelts.js';
export type { SpawnLimits } from './limits/spawn-agent-limits.js';
export {
  AGENT_DEPTH_LIMIT_TEXT,
  AGENT_THREAD_LIMIT_TEXT,
  DEFAULT_MAX_AGENT_DEPTH,
  DEFAULT_MAX_LIVE_WORKERS,
  MAX_AGENT_DEPTH_ALLOWED,
  parseSpawnLimits,
  SPAWN_AGENT_TOOL,
  SPAWN_NOT_OFFERED_TEXT,
} from './limits/spawn-agent-limits.js';
export type { LocalTool } from './local-tools.js';
export type { LastChanceCause } from './loop/last-chance.js';
export { fallbackReport, LAST_CHANCE_MAX_TOKENS, lastChanceNudge } from './loop/last-chance.js';
export type { LiveRun, LiveToolCallContext } from './loop/live-run.js';
export { liveRunOf } from './loop/live-run.js';
export { ABORT_GRACE_MS } from './loop/run-tool-calls.js';
export type { LoopStopReason } from './loop/stop-reason.js';
export { currentToolCallContext } from './loop/tool-call-context.js';
// Contracts
export type {
  AgentEndEvent,
  AgentStartEvent,
  ApprovalRequestEvent,
  ApprovalResponseEvent,
  DoneEvent,
  ElicitationRequestEvent,
  ElicitationResponseEvent,
  ErrorReport,
  IterationStartEvent,
  LimitReached,
  LogLevel,
  LoopEvent,
  LoopEventDraft,
  LoopEventType,
  ProgressEvent,
  SamplingRequestEvent,
  SamplingResponseEvent,
  ServerLogEvent,
  TextEvent,
  ToolCallEvent,
  ToolResultEvent,
  UsageEvent,
} from './loop-event.js';
export { LOG_LEVELS, stamp } from './loop-event.js';
export type { AnthropicModelOptions } from './model/anthropic/anthropic-model.js';
// Models: the Anthropic model, replay, prices (helper C)
export {
  ANTHROPIC_DEFAULT_BASE_URL,
  AnthropicModel,
  DEFAULT_ANTHROPIC_MODEL,
} from './model/anthropic/anthropic-model.js';
export {
  isModelError,
  ModelAbortedError,
  ModelApiError,
  ModelUnreachableError,
  ReplayExhaustedError,
} from './model/model-errors.js';
export type { ModelPrice, PriceTable } from './model/price-table.js';
export { DEFAULT_PRICES, priceCents, priceFor } from './model/price-table.js';
export type { RecordedExchange } from './model/replay-model.js';
export { parseRecordedExchanges, RecordingModel, ReplayModel } from './model/replay-model.js';
export type {
  ContentBlock,
  Message,
  Model,
  ModelRequest,
  ModelResponse,
  ModelStopReason,
  TextBlock,
  ToolResultBlock,
  ToolSpec,
  ToolUseBlock,
  Usage,
} from './model.js';
export { estimateRequestTokens, estimateTokens } from './model.js';
export type { RunAgentLoopOptions } from './run-agent-loop.js';
export {
  DEFAULT_MAX_TOKENS_PER_CALL,
  MAX_ITERATIONS,
  runAgentLoop,
} from './run-agent-loop.js';
export type {
  SamplingHandler,
  SamplingHandlerOptions,
  ServerSamplingPolicy,
} from './sampling-handler.js';
// Sampling and elicitation: answering servers that ask the host (helper F)
export { createSamplingHandler, DEFAULT_SAMPLING_MAX_OUTPUT_TOKENS, SAMPLING_REJECTED } from './sampling-handler.js';
export type { SpawnAgentOptions } from './spawn-agent.js';
// Sub-agents, the last chance and the run's shared counters (helper G)
export { createSpawnAgentTool, WORKER_BRIEF_ENDING, WORKER_SYSTEM_PROMPT, workerBrief } from './spawn-agent.js';
export type {
  AgentInfo,
  ToolAnnotations,
  ToolCallContext,
  ToolDescriptor,
  ToolOutcome,
} from './tool-types.js';
export { MAIN_AGENT } from './tool-types.js';
export type {
  HttpServerConnection,
  ServerConnection,
  ServerRequestHandlers,
  StdioServerConnection,
  ToolboxOptions,
  TransportConnection,
  UnavailableServer,
} from './toolbox.js';
export { DEFAULT_CALL_TIMEOUT_MS, Toolbox } from './toolbox.js';
export type { Reservation, TreeBudgetOptions } from './tree-budget.js';
export { BudgetError, MAX_TREE_TOKENS, TreeBudget } from './tree-budget.js';
export type { ElicitationSchema, ElicitedValue } from './wire/elicited-content.js';
export { findContentProblems, findValueProblem, readFieldAnswer } from './wire/elicited-content.js';
export { formatCents, toCreateMessageResult, toModelRequest } from './wire/sampling-messages.js';
export {
  checkServerNames,
  describeServerLocation,
  isStdioConnection,
  parseServerConnections,
} from './wire/server-connection.js';
export type { ToolClash } from './wire/tool-index.js';
export { LOCAL_SERVER, NAMESPACE_SEPARATOR } from './wire/tool-index.js';
export { toolResultText } from './wire/tool-result-text.js';
