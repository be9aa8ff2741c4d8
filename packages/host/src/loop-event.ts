// LoopEvent: everything the host core reports, as plain JSON-serialisable objects. They go
// straight to the terminal, SSE, JSONL traces and tests. Host side.

import type { LoopStopReason } from './loop/stop-reason.js';

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
}
export interface IterationStartEvent extends EventBase<'iteration-start'> {
  iteration: number;
}
export interface TextEvent extends EventBase<'text'> {
  text: string;
}
export interface ToolCallEvent extends EventBase<'tool-call'> {
  callId: string;
  tool: string;
  /** Owning server name, or "local" for a local tool. */
  server: string;
  input: Record<string, unknown>;
}
export interface ToolResultEvent extends EventBase<'tool-result'> {
  callId: string;
  tool: string;
  server: string;
  isError: boolean;
  /** Full text the model receives; renderers shorten it, never the model's copy. */
  content: string;
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
  decision: 'approved' | 'denied';
  reason?: string;
  /** rule: decided without asking; user: answered; timeout: nobody answered in time. */
  by: 'rule' | 'user' | 'timeout';
}
export interface SamplingRequestEvent extends EventBase<'sampling-request'> {
  requestId: string;
  callId?: string;
  server: string;
  maxTokens: number;
  estimatedInputTokens: number;
  costCents: number;
  treeTokensLeft: number;
}
export interface SamplingResponseEvent extends EventBase<'sampling-response'> {
  requestId: string;
  callId?: string;
  server: string;
  outcome: 'answered' | 'denied' | 'failed';
  reason?: string;
  inputTokens: number;
  outputTokens: number;
  costCents: number;
}
export interface ElicitationRequestEvent extends EventBase<'elicitation-request'> {
  requestId: string;
  callId?: string;
  server: string;
  message: string;
  schema: Record<string, unknown>;
}
export interface ElicitationResponseEvent extends EventBase<'elicitation-response'> {
  requestId: string;
  callId?: string;
  server: string;
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}
export interface ProgressEvent extends EventBase<'progress'> {
  callId: string;
  tool: string;
  progress: number;
  total?: number;
  message?: string;
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
export interface UsageEvent extends EventBase<'usage'> {
  model: string;
  inputTokens: number;
  outputTokens: number;
  costCents: number;
  /** Tokens spent by the whole tree so far. */
  treeTokens: number;
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
}
export interface DoneEvent extends EventBase<'done'> {
  finalText: string;
  stopReason: LoopStopReason;
  iterations: number;
  toolCalls: number;
  tokens: number;
  costCents: number;
  /** Set when stopReason is "error" or a seatbelt stopped the run: what happened, in words. */
  detail?: string;
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
  | ServerLogEvent
  | UsageEvent
  | AgentEndEvent
  | DoneEvent;

export type LoopEventType = LoopEvent['type'];

/** An event before it is stamped: `at` is added by whoever emits it. */
export type LoopEventDraft = LoopEvent extends infer Event
  ? Event extends LoopEvent
    ? Omit<Event, 'at'>
    : never
  : never;

export function stamp(draft: LoopEventDraft): LoopEvent {
  return { ...draft, at: Date.now() } as LoopEvent;
}
