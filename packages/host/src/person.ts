// The person seam: everything the host asks a person goes through one interface — a tool call's
// approval, a sampling request's approval (with the whole request the host would send) and a
// server's form. Host side; the app's terminal, its web page, a person who answers everything the
// same way and tests each implement it, and the host waits for every answer the same way (person/ask-and-wait.ts).

import type { Message } from './model.js';
import type { AgentInfo } from './tool-types.js';
import type { ElicitationSchema, ElicitedValue } from './wire/elicited-content.js';

interface QuestionBase {
  /** Unique among the questions of one gate or handler; answers come back by it. */
  requestId: string;
  agent: AgentInfo;
  server: string;
  /** Why the host asks, e.g. "discard_jar on cookie-jars is marked destructive." */
  reason: string;
}

/** May this tool call run? */
export interface ToolCallApproval extends QuestionBase {
  kind: 'tool-call';
  callId: string;
  /** The tool's name as the model and the events show it. */
  tool: string;
  input: Record<string, unknown>;
}

/** May the host's model answer this server's sampling request, at this price? */
export interface SamplingApproval extends QuestionBase {
  kind: 'sampling';
  /** The tool call during which the server asked, when there was one. */
  callId?: string;
  /** Exactly what the host's model is sent if the answer is yes (after the host's own caps). */
  request: { systemPrompt?: string; messages: Message[]; maxTokens: number };
  estimatedInputTokens: number;
  /** The most the call can cost: estimated input plus every output token allowed. */
  costCents: number;
}

export type ApprovalQuestion = ToolCallApproval | SamplingApproval;

export interface ApprovalAnswer {
  /** Only a literal `true` approves: a malformed answer never opens the gate. */
  approved: boolean;
  /** Shown in the events and, for a refusal, to the model. */
  reason?: string;
}

/** A server's form (elicitation/create), as the person sees it. */
export interface ElicitationQuestion {
  requestId: string;
  agent: AgentInfo;
  callId?: string;
  server: string;
  message: string;
  schema: ElicitationSchema;
  /** 1 for the first ask; more when an earlier answer did not fit the form. */
  attempt: number;
  /** Why the previous answer was refused, one sentence per field, to show the person. */
  problem?: string;
}

export interface ElicitationAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, ElicitedValue>;
}

/**
 * A server asks the person to open a link (URL-mode elicitation: a sign-in, a payment, anything
 * the server must not see through the host). The host shows it and never opens it itself.
 */
export interface LinkQuestion {
  requestId: string;
  agent: AgentInfo;
  callId?: string;
  server: string;
  message: string;
  url: string;
  /** The link's host name, the part a person should check before opening it. */
  domain: string;
}

/** accept: the person agrees to open the link (and does so); decline: they will not. */
export interface LinkAnswer {
  action: 'accept' | 'decline' | 'cancel';
}

/**
 * Whoever answers the host's questions. Each method gets a signal that aborts when the answer is
 * no longer wanted (a timeout, the run stopped): withdraw the question then. When in doubt, say no.
 */
export interface Person {
  approve(question: ApprovalQuestion, signal: AbortSignal): Promise<ApprovalAnswer>;
  fillIn(question: ElicitationQuestion, signal: AbortSignal): Promise<ElicitationAnswer>;
  /** A link a server asks the person to open; a person who cannot (no browser, nobody there) leaves it out: declined. */
  followLink?(question: LinkQuestion, signal: AbortSignal): Promise<LinkAnswer>;
}

/** Who ended a question, as the response events record it. nobody: the run has no person to ask. */
export type AnsweredBy = 'rule' | 'person' | 'timeout' | 'stop' | 'nobody';

/** How long a question (an approval or a form) waits for a person by default: 5 minutes. */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 5 * 60_000;
