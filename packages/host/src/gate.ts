// The approval gate: decides whether a tool call may run (rules first, then the tool's MCP
// annotations), asks an approver when needed, and reports both as events. Host side: servers
// propose tools and annotate them, the host disposes.

import { ConfigurationError, describeError } from './errors.js';
import { findDecidingRule, formatRule, type GateRule } from './gate/gate-rules.js';
import { givenReason, type WaitOutcome, waitForAnswer } from './gate/wait-for-answer.js';
import type { ApprovalResponseEvent } from './loop-event.js';
import type { AgentInfo, ToolCallContext, ToolDescriptor } from './tool-types.js';

export type Decision =
  | { kind: 'approved'; reason?: string }
  | { kind: 'denied'; reason: string }
  | { kind: 'ask'; reason: string };

export type Authorization = { approved: true } | { approved: false; reason: string };

export interface AuthorizeRequest {
  tool: ToolDescriptor;
  input: Record<string, unknown>;
  context: ToolCallContext;
}

/** What an approver is asked; the same facts as the approval-request event. */
export interface ApprovalQuestion {
  requestId: string;
  agent: AgentInfo;
  callId: string;
  /** The tool's name as the model and the events show it. */
  tool: string;
  server: string;
  input: Record<string, unknown>;
  /** Why the gate asks, e.g. "discard_jar on cookie-jars is marked destructive." */
  reason: string;
}

export interface ApprovalAnswer {
  approved: boolean;
  reason?: string;
}

/** Answers approval questions. `signal` aborts when the answer is no longer wanted (timeout, run stopped). */
export type Approver = (question: ApprovalQuestion, signal: AbortSignal) => Promise<ApprovalAnswer>;

/** Rules from one place (a flag, a file), named in the reasons the gate gives. */
export interface GateRuleSet {
  /** Where the rules came from, e.g. a file name; shown in reasons. */
  source: string;
  rules: GateRule[];
}

export interface GateOptions {
  rules?: GateRule[];
  /**
   * Rule sets in order of precedence, checked before `rules`: the first set holding a rule that
   * matches the tool decides (the most specific rule within it), whatever later sets say. Lets an
   * app put its flags over its rules file over its config.
   */
  ruleSets?: GateRuleSet[];
  /** Without one, every "ask" is denied: nobody is there to answer. */
  approver?: Approver;
  /** How long an ask waits for an answer; default 5 minutes. */
  timeoutMs?: number;
}

export const DEFAULT_APPROVAL_TIMEOUT_MS = 5 * 60_000;

let requestCounter = 0;

export class Gate {
  /** Every rule, in order of precedence. */
  readonly rules: readonly GateRule[];
  readonly timeoutMs: number;
  readonly #ruleSets: readonly GateRuleSet[];
  readonly #approver: Approver | undefined;

  constructor(options: GateOptions = {}) {
    const timeoutMs = options.timeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS;
    if (!(timeoutMs > 0))
      throw new ConfigurationError(`Gate "timeoutMs" must be a positive number of milliseconds (got ${timeoutMs})`);
    this.#ruleSets = [
      ...(options.ruleSets ?? []),
      ...(options.rules === undefined ? [] : [{ source: '', rules: options.rules }]),
    ].map((set) => ({ source: set.source, rules: [...set.rules] }));
    this.rules = this.#ruleSets.flatMap((set) => set.rules);
    this.timeoutMs = timeoutMs;
    this.#approver = options.approver;
  }

  /** Pure: the rules decide first (the first rule set with a match; most specific wins in it), then the tool's annotations. */
  decide(tool: ToolDescriptor, _input: Record<string, unknown>): Decision {
    for (const set of this.#ruleSets) {
      const rule = findDecidingRule(set.rules, tool);
      if (rule !== undefined) return decisionFromRule(rule, tool, set.source);
    }
    return decisionFromAnnotations(tool);
  }

  /** Decides, asks when needed, and emits approval-request / approval-response through context.emit. Never throws. */
  async authorize(request: AuthorizeRequest): Promise<Authorization> {
    const { tool, input, context } = request;
    const requestId = `approval-${++requestCounter}`;
    const respond = (authorization: Authorization, by: ApprovalResponseEvent['by'], reason?: string): Authorization => {
      const shownReason = authorization.approved ? reason : authorization.reason;
      context.emit({
        type: 'approval-response',
        agent: context.agent.id,
        requestId,
        callId: context.callId,
        tool: tool.name,
        server: tool.server,
        decision: authorization.approved ? 'approved' : 'denied',
        ...(shownReason === undefined ? {} : { reason: shownReason }),
        by,
      });
      return authorization;
    };
    try {
      const decision = this.decide(tool, input);
      if (decision.kind === 'approved') return respond({ approved: true }, 'rule', decision.reason);
      if (decision.kind === 'denied') return respond({ approved: false, reason: decision.reason }, 'rule');
      if (this.#approver === undefined)
        return respond({ approved: false, reason: noApproverReason(tool, decision.reason) }, 'nobody');
      if (context.signal.aborted) return respond({ approved: false, reason: stoppedReason(tool) }, 'user');
      const question: ApprovalQuestion = {
        requestId,
        agent: context.agent,
        callId: context.callId,
        tool: tool.name,
        server: tool.server,
        input,
        reason: decision.reason,
      };
      const outcome = await this.#ask(this.#approver, question, context, describeTool(tool));
      return respond(outcome.authorization, outcome.by, outcome.approvedReason);
    } catch (error) {
      const reason = `The approval gate failed while checking ${describeTool(tool)} (${describeError(error)}); treated as a denial.`;
      try {
        return respond({ approved: false, reason }, 'rule');
      } catch {
        return { approved: false, reason };
      }
    }
  }

  async #ask(approver: Approver, question: ApprovalQuestion, context: ToolCallContext, toolText: string) {
    const outcome = await waitForAnswer(approver, question, {
      signal: context.signal,
      timeoutMs: this.timeoutMs,
      onAsked: () =>
        context.emit({
          type: 'approval-request',
          agent: question.agent.id,
          requestId: question.requestId,
          callId: question.callId,
          tool: question.tool,
          server: question.server,
          input: question.input,
          reason: question.reason,
        }),
    });
    return settleOutcome(outcome, toolText, this.timeoutMs);
  }
}

/** Approves everything (still emitting approval-response by "rule"): for tests and the foundation. */
export const allowAllGate = new Gate({
  rules: [{ tool: '*', action: 'allow', reason: 'the allow-all gate approves every call' }],
});

/** `tool` reads "discard_jar on cookie-jars": the tool's own name, even when the model sees it namespaced. */
function settleOutcome(outcome: WaitOutcome, tool: string, timeoutMs: number) {
  const deny = (reason: string, by: 'user' | 'timeout') => ({
    authorization: { approved: false as const, reason },
    by,
    approvedReason: undefined,
  });
  switch (outcome.kind) {
    case 'answer': {
      const userReason = givenReason(outcome.answer);
      // Only a literal `true` approves: a malformed answer must not open the gate.
      if (outcome.answer?.approved === true)
        return { authorization: { approved: true as const }, by: 'user' as const, approvedReason: userReason };
      const why =
        userReason === undefined
          ? 'do not retry the same call; carry on without it and say in your report what was not done.'
          : sentence(userReason);
      return deny(`The user denied ${tool}: ${why}`, 'user');
    }
    case 'failed':
      return deny(
        `The approval request for ${tool} failed (${describeError(outcome.error)}); treated as a denial.`,
        'user',
      );
    case 'timeout':
      return deny(
        `Nobody answered the approval request within ${formatDuration(timeoutMs)}; treated as a denial.`,
        'timeout',
      );
    case 'stopped':
      return deny(`The run was stopped before anyone answered the approval request for ${tool}.`, 'user');
  }
}

function decisionFromRule(rule: GateRule, tool: ToolDescriptor, source: string): Decision {
  const because = rule.reason === undefined ? '' : ` (${rule.reason})`;
  const name = `${formatRule(rule)}${source === '' ? '' : ` from ${source}`}`;
  switch (rule.action) {
    case 'allow':
      return { kind: 'approved', reason: `rule ${name}${because}` };
    case 'ask':
      return { kind: 'ask', reason: `The rule ${name} asks before ${describeTool(tool)}${because}.` };
    case 'deny':
      return {
        kind: 'denied',
        reason: `The kitchen's rules do not allow ${describeTool(tool)} (rule ${name}${rule.reason === undefined ? '' : `: ${rule.reason}`}). Do not call it again; finish without it and say in your report what could not be done.`,
      };
  }
}

// Only read-only tools (and the host's own local tools) pass without asking. MCP's own defaults
// agree: destructiveHint and openWorldHint default to true when a tool is not read-only.
function decisionFromAnnotations(tool: ToolDescriptor): Decision {
  const { readOnlyHint, destructiveHint, openWorldHint } = tool.annotations;
  if (tool.server === 'local') return { kind: 'approved', reason: 'local tool' };
  if (readOnlyHint === true) return { kind: 'approved', reason: 'marked read-only' };
  if (destructiveHint === true) return { kind: 'ask', reason: `${describeTool(tool)} is marked destructive.` };
  if (openWorldHint === true)
    return { kind: 'ask', reason: `${describeTool(tool)} reaches outside the kitchen and is not marked read-only.` };
  if (readOnlyHint === undefined && destructiveHint === undefined) {
    return {
      kind: 'ask',
      reason: `${describeTool(tool)} has no annotations saying it is safe, so it may change or destroy things.`,
    };
  }
  return { kind: 'ask', reason: `${describeTool(tool)} is not marked read-only, so it may change things.` };
}

function noApproverReason(tool: ToolDescriptor, askReason: string): string {
  return `${describeTool(tool)} was not run: it needs approval (${askReason.replace(/\.$/, '')}) and this run has no one to ask. Do not call it again; finish without it and say in your report what could not be done.`;
}

function stoppedReason(tool: ToolDescriptor): string {
  return `The run was stopped before anyone answered the approval request for ${describeTool(tool)}.`;
}

function describeTool(tool: Pick<ToolDescriptor, 'originalName' | 'server'>): string {
  return `${tool.originalName} on ${tool.server}`;
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** "60 s", "5 min", "250 ms": how long an approval request waited. */
export function formatDuration(milliseconds: number): string {
  if (milliseconds >= 120_000 && milliseconds % 60_000 === 0) return `${milliseconds / 60_000} min`;
  if (milliseconds >= 1_000) return `${Math.round(milliseconds / 1_000)} s`;
  return `${Math.round(milliseconds)} ms`;
}
