// The approval gate: decides whether a tool call may run (rules first, then the tool's MCP
// annotations), asks an approver when needed, and reports both as events. Host side: servers
// propose tools and annotate them, the host disposes. The person is asked through the Person seam.

import { ConfigurationError, describeError } from './errors.js';
import { findDecidingRule, formatRule, type GateRule } from './gate/gate-rules.js';
import { formatDuration } from './limits/format-units.js';
import type { ApprovalResponseEvent } from './loop-event.js';
import { type Asked, askAndWait } from './person/ask-and-wait.js';
import { type ApprovalAnswer, DEFAULT_APPROVAL_TIMEOUT_MS, type Person, type ToolCallApproval } from './person.js';
import type { ToolCallContext, ToolDescriptor } from './tool-types.js';
import { withDefined } from './with-defined.js';

export type Decision =
  | { kind: 'approved'; reason?: string }
  | { kind: 'denied'; reason: string }
  /** `untrusted`: the tool's server is not trusted and its annotations alone would have let it pass. */
  | { kind: 'ask'; reason: string; untrusted?: boolean };

export type Authorization = { approved: true } | { approved: false; reason: string };

export interface AuthorizeRequest {
  tool: ToolDescriptor;
  input: Record<string, unknown>;
  context: ToolCallContext;
}

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
  /** Who answers "ask" decisions. Without one, every "ask" is denied: nobody is there to answer. */
  person?: Pick<Person, 'approve'>;
  /** How long an ask waits for an answer; default 5 minutes. */
  timeoutMs?: number;
  /**
   * The servers the person trusts: their annotations decide (a read-only tool passes). Any other
   * server's annotations are only hints (the MCP specification: untrusted unless from a trusted
   * server), so its tools ask before their first call. Default: no server is trusted.
   */
  trustedServers?: readonly string[];
}

export class Gate {
  /** Every rule, in order of precedence. */
  readonly rules: readonly GateRule[];
  readonly timeoutMs: number;
  readonly #ruleSets: readonly GateRuleSet[];
  readonly #person: Pick<Person, 'approve'> | undefined;
  readonly #decisions = new WeakMap<ToolDescriptor, Decision>();
  readonly #trusted: ReadonlySet<string>;
  /** Tools of untrusted servers that only asked because of that, once a person said yes: not asked again this run. */
  readonly #approvedOnce = new Set<string>();
  #questionsAsked = 0;

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
    this.#person = options.person;
    this.#trusted = new Set(options.trustedServers ?? []);
  }

  /** True when the person marked `server` trusted: its annotations decide for its tools. */
  trusts(server: string): boolean {
    return this.#trusted.has(server);
  }

  /** Pure: the rules decide first (the first rule set with a match; most specific wins in it), then the tool's annotations. */
  decide(tool: ToolDescriptor, _input: Record<string, unknown>): Decision {
    for (const set of this.#ruleSets) {
      const rule = findDecidingRule(set.rules, tool);
      if (rule !== undefined) return decisionFromRule(rule, tool, set.source);
    }
    return decisionFromAnnotations(tool, this.#trusted.has(tool.server));
  }

  /** Decides, asks when needed, and emits approval-request / approval-response through context.emit. Never throws. */
  async authorize(request: AuthorizeRequest): Promise<Authorization> {
    const { tool, input, context } = request;
    const requestId = `approval-${++this.#questionsAsked}`;
    try {
      const decision = this.#decideFor(tool, input);
      const untrustedHint = decision.kind === 'ask' && decision.untrusted === true;
      if (untrustedHint && this.#approvedOnce.has(toolKey(tool)))
        return respond(request, requestId, APPROVED, 'rule', `approved earlier in this run (${describeTool(tool)})`);
      if (decision.kind === 'approved') return respond(request, requestId, APPROVED, 'rule', decision.reason);
      if (decision.kind === 'denied')
        return respond(request, requestId, { approved: false, reason: decision.reason }, 'rule');
      if (this.#person === undefined)
        return respond(
          request,
          requestId,
          { approved: false, reason: noApproverReason(tool, decision.reason) },
          'nobody',
        );
      if (context.signal.aborted)
        return respond(request, requestId, { approved: false, reason: stoppedReason(tool) }, 'stop');
      const question: ToolCallApproval = {
        kind: 'tool-call',
        requestId,
        agent: context.agent,
        callId: context.callId,
        tool: tool.name,
        server: tool.server,
        input,
        reason: decision.reason,
      };
      const person = this.#person;
      const asked = await askAndWait((signal) => person.approve(question, signal), {
        signal: context.signal,
        timeoutMs: this.timeoutMs,
        onAsked: () =>
          context.emit({
            type: 'approval-request',
            agent: question.agent.id,
            requestId,
            callId: question.callId,
            tool: question.tool,
            server: question.server,
            input: question.input,
            reason: question.reason,
          }),
      });
      const settled = settle(asked, describeTool(tool), this.timeoutMs);
      if (untrustedHint && settled.authorization.approved) this.#approvedOnce.add(toolKey(tool));
      return respond(request, requestId, settled.authorization, asked.by, settled.approvedReason);
    } catch (error) {
      const reason = `The approval gate failed while checking ${describeTool(tool)} (${describeError(error)}); treated as a denial.`;
      try {
        return respond(request, requestId, { approved: false, reason }, 'rule');
      } catch {
        return { approved: false, reason };
      }
    }
  }

  /**
   * decide(), remembered per tool: the rules are fixed and a decision reads only the tool (its
   * name, server and annotations), and a loop asks about the same few tools on every call. A new
   * tool list brings new descriptors, so a changed annotation is decided afresh.
   */
  #decideFor(tool: ToolDescriptor, input: Record<string, unknown>): Decision {
    let decision = this.#decisions.get(tool);
    if (decision === undefined) {
      decision = this.decide(tool, input);
      this.#decisions.set(tool, decision);
    }
    return decision;
  }
}

const APPROVED: Authorization = Object.freeze({ approved: true });

/** Emits the approval-response of one request and returns its authorization. */
function respond(
  request: AuthorizeRequest,
  requestId: string,
  authorization: Authorization,
  by: ApprovalResponseEvent['by'],
  reason?: string,
): Authorization {
  const { tool, context } = request;
  const shownReason = authorization.approved ? reason : authorization.reason;
  const decision = authorization.approved ? 'approved' : 'denied';
  const agent = context.agent.id;
  const callId = context.callId;
  // Written out twice rather than with a spread for the optional reason: this runs on every call.
  context.emit(
    shownReason === undefined
      ? { type: 'approval-response', agent, requestId, callId, tool: tool.name, server: tool.server, decision, by }
      : {
          type: 'approval-response',
          agent,
          requestId,
          callId,
          tool: tool.name,
          server: tool.server,
          decision,
          reason: shownReason,
          by,
        },
  );
  return authorization;
}

/** Approves everything (still emitting approval-response by "rule"): for tests and the foundation. */
export const allowAllGate = new Gate({
  rules: [{ tool: '*', action: 'allow', reason: 'the allow-all gate approves every call' }],
});

/** `tool` reads "discard_jar on cookie-jars": the tool's own name, even when the model sees it namespaced. */
function settle(
  asked: Asked<ApprovalAnswer>,
  tool: string,
  timeoutMs: number,
): { authorization: Authorization; approvedReason?: string } {
  const deny = (reason: string) => ({ authorization: { approved: false as const, reason } });
  if (asked.by === 'timeout')
    return deny(`Nobody answered the approval request within ${formatDuration(timeoutMs)}; treated as a denial.`);
  if (asked.by === 'stop') return deny(`The run was stopped before anyone answered the approval request for ${tool}.`);
  if ('failed' in asked)
    return deny(`The approval request for ${tool} failed (${describeError(asked.failed)}); treated as a denial.`);
  const given = givenReason(asked.answer);
  // Only a literal `true` approves: a malformed answer must not open the gate.
  if (asked.answer?.approved === true)
    return { authorization: { approved: true }, ...withDefined({ approvedReason: given }) };
  const why =
    given === undefined
      ? 'do not retry the same call; carry on without it and say in your report what was not done.'
      : sentence(given);
  return deny(`The user denied ${tool}: ${why}`);
}

/** The answer's reason, trimmed, when it gave one. */
export function givenReason(answer: ApprovalAnswer | undefined): string | undefined {
  const reason = answer?.reason;
  return typeof reason === 'string' && reason.trim() !== '' ? reason.trim() : undefined;
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

// Only read-only tools of trusted servers (and the host's own local tools) pass without asking.
// MCP's own defaults agree: destructiveHint and openWorldHint default to true when a tool is not
// read-only. A server nobody marked trusted may say anything, so its tools ask whatever they say.
function decisionFromAnnotations(tool: ToolDescriptor, trusted: boolean): Decision {
  const { readOnlyHint, destructiveHint, openWorldHint } = tool.annotations;
  if (tool.server === 'local') return { kind: 'approved', reason: 'local tool' };
  if (!trusted) {
    const untrusted = `${tool.server} is not marked trusted; it says`;
    if (readOnlyHint === true) return { kind: 'ask', reason: `${untrusted} this tool is read-only.`, untrusted: true };
    if (destructiveHint === true) return { kind: 'ask', reason: `${untrusted} this tool is destructive.` };
    if (readOnlyHint === undefined && destructiveHint === undefined)
      return { kind: 'ask', reason: `${untrusted} nothing about whether this tool is safe.` };
    return { kind: 'ask', reason: `${untrusted} this tool is not read-only, so it may change things.` };
  }
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

function toolKey(tool: Pick<ToolDescriptor, 'originalName' | 'server'>): string {
  return `${tool.server}\u0000${tool.originalName}`;
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
