// LoopEvent: everything the host core reports, as plain JSON-serialisable objects. They go
// straight to the terminal, SSE, JSONL traces and tests. Host side.

import type { ErrorReportCode } from './errors.js';
import type { LoopStopReason } from './loop/stop-reason.js';
import type { Message, ModelStopReason } from './model.js';
import type { AnsweredBy } from './person.js';
import type { AppToolResult, ToolResultAttachment } from './tool-types.js';
import type { ServerRequestVia } from './wire/server-requests.js';

/**
 * Which limit stopped an agent or the run: the host option that set it, its value and what was
 * spent (and, for the tree budget, what the next call needed). An app words it for a person, e.g.
 * by naming the flag the limit came from.
 */
export interface LimitReached {
  limit: 'maxIterations' | 'maxToolCalls' | 'maxWallTimeMs' | 'maxTreeTokens';
  value: number;
  spent: number;
  /** maxTreeTokens only: the worst case of the model call that did not fit. */
  needed?: number;
}

/** What went wrong when stopReason is "error": a code to switch on, words, and the stack for a developer. */
export interface ErrorReport {
  /** A KitchenErrorCode for the host's own errors; "unexpected" for anything else (a bug). */
  code: ErrorReportCode;
  message: string;
  /** The stack of what was thrown, when it had one: kept for developers, not shown to the model. */
  stack?: string;
}

interface EventBase<Type extends string> {
  type: Type;
  /** Id of the agent (lane) the event belongs to: "main", "1", "2", ... */
  agent: string;
  /** Milliseconds since the epoch. */
  at: number;
}

export interface AgentStartEvent extends EventBase<'agent-start'> {
  name: string;
  parent?: string;
  depth: number;
  task: string;
  /** A worker's: the spawn_agent call (in the parent's lane) that hired it. */
  callId?: string;
}
export interface IterationStartEvent extends EventBase<'iteration-start'> {
  iteration: number;
}
export interface TextEvent extends EventBase<'text'> {
  text: string;
}
export interface ToolCallEvent extends EventBase<'tool-call'> {
  callId: string;
  /** The name the model called (see tool-index.ts: namespaced or renamed for the model API). */
  tool: string;
  /** The tool's own name on its server, when it differs from `tool`. */
  serverTool?: string;
  /** Owning server name, or "local" for a local tool. */
  server: string;
  input: Record<string, unknown>;
}
export interface ToolResultEvent extends EventBase<'tool-result'> {
  callId: string;
  tool: string;
  server: string;
  isError: boolean;
  /** The whole text the tool returned; renderers shorten it for display. */
  content: string;
  /**
   * Set when the result was longer than the run's maxResultChars: the model read its head and
   * tail around a note, and this many characters in between were left out of the model's copy.
   */
  omittedChars?: number;
  /** What the result carried besides text (images, audio, resources, links, structured content), described. */
  attachments?: ToolResultAttachment[];
  /** The tool's MCP App and the whole result it is handed, when the tool has one (a page renders it). */
  app?: { resourceUri: string; result: AppToolResult };
  durationMs: number;
}
export interface ApprovalRequestEvent extends EventBase<'approval-request'> {
  requestId: string;
  callId?: string;
  tool: string;
  server: string;
  input: Record<string, unknown>;
  reason: string;
}
export interface ApprovalResponseEvent extends EventBase<'approval-response'> {
  requestId: string;
  callId?: string;
  tool: string;
  server: string;
  decision: 'approved' | 'denied';
  reason?: string;
  /**
   * Who ended the question. rule: a rule or the tool's annotations decided without asking; person:
   * the person (or whatever answers for them) answered, or asking them failed; timeout: nobody
   * answered in time; stop: the run was stopped while the question waited; nobody: it needed a
   * person and the run has none to ask.
   */
  by: AnsweredBy;
}
export interface SamplingRequestEvent extends EventBase<'sampling-request'> {
  requestId: string;
  callId?: string;
  server: string;
  /** How the server's question arrived: pushed (2025-11-25) or in an input_required result (2026-07-28). */
  via?: ServerRequestVia;
  maxTokens: number;
  estimatedInputTokens: number;
  costCents: number;
  treeTokensLeft: number;
  /** What the host's model would be sent (after the host's caps), so a UI can show the whole request; absent when it was malformed. */
  request?: { systemPrompt?: string; messages: Message[] };
}
export interface SamplingResponseEvent extends EventBase<'sampling-response'> {
  requestId: string;
  callId?: string;
  server: string;
  /** How the server's question arrived: pushed (2025-11-25) or in an input_required result (2026-07-28). */
  via?: ServerRequestVia;
  outcome: 'answered' | 'denied' | 'failed';
  /**
   * Set when the model's answer cost more than the price that was approved: costCents is capped at
   * that price, and this is what the model spent over it (still spent from the run's budget).
   */
  overshoot?: { costCents: number; reason: string };
  /** Who let the call through or refused it; absent when it failed (bad request, model error). */
  by?: AnsweredBy;
  reason?: string;
  inputTokens: number;
  outputTokens: number;
  costCents: number;
}
export interface ElicitationRequestEvent extends EventBase<'elicitation-request'> {
  requestId: string;
  callId?: string;
  server: string;
  /** How the server's question arrived: pushed (2025-11-25) or in an input_required result (2026-07-28). */
  via?: ServerRequestVia;
  message: string;
  /** The form's fields (empty for a URL-mode request). */
  schema: Record<string, unknown>;
  /** Set for a URL-mode request: the link the server asks the person to open. */
  url?: string;
}
export interface ElicitationResponseEvent extends EventBase<'elicitation-response'> {
  requestId: string;
  callId?: string;
  server: string;
  /** How the server's question arrived: pushed (2025-11-25) or in an input_required result (2026-07-28). */
  via?: ServerRequestVia;
  action: 'accept' | 'decline' | 'cancel';
  /** Who ended the question (absent when asking failed). */
  by?: Exclude<AnsweredBy, 'rule'>;
  content?: Record<string, unknown>;
  /** Why the host answered without asking (a link it will not show), in a sentence. */
  reason?: string;
}
export interface ProgressEvent extends EventBase<'progress'> {
  callId: string;
  tool: string;
  progress: number;
  total?: number;
  message?: string;
}
/**
 * A tool call that runs as a task (the tasks extension): the server made a task of it, and its
 * status moved (working, input_required, completed, failed, cancelled), with the server's words.
 */
export interface TaskStatusEvent extends EventBase<'task-status'> {
  callId: string;
  tool: string;
  server: string;
  taskId: string;
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
  statusMessage?: string;
}

/** The MCP logging levels (RFC 5424 severities), lowest first. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Something a server logged: a notifications/message, or a line a stdio server wrote to stderr. */
export interface ServerLogEvent extends EventBase<'server-log'> {
  server: string;
  /** The MCP logging level, or "stderr" for a raw line from a stdio server's stderr. */
  level: LogLevel | 'stderr';
  logger?: string;
  /** The message as text (structured log data is given as JSON). */
  text: string;
}
/** A resource the host subscribed to changed on its server (notifications/resources/updated). */
export interface ResourceUpdatedEvent extends EventBase<'resource-updated'> {
  server: string;
  uri: string;
}
export interface UsageEvent extends EventBase<'usage'> {
  model: string;
  /** Why the model stopped writing this reply, as the model said it (absent in traces written before it was kept). */
  stopReason?: ModelStopReason;
  inputTokens: number;
  outputTokens: number;
  costCents: number;
  /** Tokens spent by the whole tree so far. */
  treeTokens: number;
}
/**
 * A tools/call was sent again after its connection died before any answer (a server or a replica
 * behind a load balancer went away). Only tools that say they are read-only or idempotent are.
 */
export interface ToolRetryEvent extends EventBase<'tool-retry'> {
  callId: string;
  tool: string;
  server: string;
  /** 1 for the first retry. */
  attempt: number;
  /** What was lost, in neutral words, e.g. "the server does not know the session (HTTP 404)". */
  reason: string;
  /** True when the host opened a new session first (revision 2025-11-25: the old one was gone). */
  newSession: boolean;
}
/** A model call failed in a way that may pass (overloaded, rate limited, a 5xx, the network) and is tried again. */
export interface ModelRetryEvent extends EventBase<'model-retry'> {
  /** The model's label, e.g. "claude-sonnet-5-5". */
  model: string;
  /** 1 for the first retry. */
  attempt: number;
  maxRetries: number;
  /** How long the host waits before the retry (the API's retry-after when it gave one). */
  delayMs: number;
  /** The failure's code (model-overloaded, model-rate-limited, ...). */
  code: string;
  /** What failed, in neutral words, e.g. "The Anthropic API is overloaded (529)". */
  reason: string;
}
export interface AgentEndEvent extends EventBase<'agent-end'> {
  name: string;
  parent?: string;
  iterations: number;
  toolCalls: number;
  tokens: number;
  costCents: number;
  stopReason: LoopStopReason;
  finalText: string;
  /** Why the model stopped writing its last reply, when it answered at all. */
  modelStopReason?: ModelStopReason;
  /** Set when the last reply was cut at the output limit: finalText is not a complete report. */
  truncated?: true;
  /** Set when a limit stopped this agent. */
  limit?: LimitReached;
  /** Set when stopReason is "error". */
  error?: ErrorReport;
  /** aborted only: who or what stopped it, in the stopper's words ("stopped from the web page", "interrupted by SIGHUP"). */
  stoppedBy?: string;
}
export interface DoneEvent extends EventBase<'done'> {
  finalText: string;
  stopReason: LoopStopReason;
  /** Why the model stopped writing the main agent's last reply, when it answered at all. */
  modelStopReason?: ModelStopReason;
  /** Set when the final reply was cut at the output limit: finalText is not a complete report. */
  truncated?: true;
  iterations: number;
  toolCalls: number;
  tokens: number;
  costCents: number;
  /**
   * Set when some tool call of the run, in any lane, did not do its work: denied at the gate, a
   * server's tool that failed, a worker that failed. The run did not do all it was asked even
   * when it ended with an answer. A limit's refusals (worker slots, depth) are not counted.
   */
  failedToolCalls?: number;
  /** Set when the run stopped early: what happened, in neutral words. */
  detail?: string;
  /** Set when a limit stopped the run. */
  limit?: LimitReached;
  /** Set when stopReason is "error". */
  error?: ErrorReport;
  /** aborted only: who or what stopped the run, in the stopper's words ("interrupted by SIGTERM"). */
  stoppedBy?: string;
}

export type LoopEvent =
  | AgentStartEvent
  | IterationStartEvent
  | TextEvent
  | ToolCallEvent
  | ToolResultEvent
  | ApprovalRequestEvent
  | ApprovalResponseEvent
  | SamplingRequestEvent
  | SamplingResponseEvent
  | ElicitationRequestEvent
  | ElicitationResponseEvent
  | ProgressEvent
  | TaskStatusEvent
  | ServerLogEvent
  | ResourceUpdatedEvent
  | UsageEvent
  | ModelRetryEvent
  | ToolRetryEvent
  | AgentEndEvent
  | DoneEvent;

/** An event before it is stamped: `at` is added by whoever emits it. */
export type LoopEventDraft = LoopEvent extends infer Event
  ? Event extends LoopEvent
    ? Omit<Event, 'at'>
    : never
  : never;

/**
 * Stamps the draft itself with the time and returns it as the event: an event is made once and
 * passed on, so every emitter hands over a fresh object (a forwarded event gets the time it was
 * forwarded, in its place). No copy: a spread of dozens of event shapes at one site is V8's slow
 * path, which made stamping the loop's largest cost of its own per event.
 */
export function stamp(draft: LoopEventDraft): LoopEvent {
  const event = draft as LoopEventDraft & { at?: number };
  event.at = Date.now();
  return event as LoopEvent;
}
