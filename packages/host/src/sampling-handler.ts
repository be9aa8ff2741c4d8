// createSamplingHandler(): how the host answers a server's sampling/createMessage. It caps and
// prices the request, shows it, decides (per-server rule, spending cap, the user), charges the
// shared TreeBudget and runs the host's own model. Host side: the server only proposes a call.

import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { ConfigurationError, describeError } from './errors.js';
import type { GateAction } from './gate/gate-rules.js';
import { givenReason } from './gate.js';
import { formatCents, formatDuration } from './limits/format-units.js';
import { requestInputBound } from './limits/input-token-bound.js';
import type { LoopEventDraft } from './loop-event.js';
import { estimateRequestTokens, type Model, type ModelRetry } from './model.js';
import { askAndWait } from './person/ask-and-wait.js';
import { type AnsweredBy, DEFAULT_APPROVAL_TIMEOUT_MS, type Person, type SamplingApproval } from './person.js';
import { MAIN_AGENT } from './tool-types.js';
import type { TreeBudget } from './tree-budget.js';
import { toCreateMessageResult, toModelRequest } from './wire/sampling-messages.js';
import type { ServerRequestHandlers } from './wire/server-requests.js';
import { withDefined } from './with-defined.js';

export interface ServerSamplingPolicy {
  action: GateAction;
  /** Most this server may spend on sampling in the whole run, in cents (worst cases held count). */
  capCents?: number;
}

export interface SamplingHandlerOptions {
  /** The host's own model: servers never choose it (their modelPreferences are only hints). */
  model: Model;
  /** The run's shared budget; sampling is priced with its price table and charged to it. */
  budget: TreeBudget;
  /** Host-side cap on output tokens per request, whatever the server asks for. Default 1024. */
  maxOutputTokens?: number;
  /** For servers not named in perServer. Default "ask". */
  defaultAction?: GateAction;
  /** Spending cap for servers whose policy names none, in cents across the run. */
  capCents?: number;
  perServer?: Record<string, ServerSamplingPolicy>;
  /** Answers "ask" decisions with the whole request in view. Without one, "ask" means no. */
  person?: Pick<Person, 'approve'>;
  approvalTimeoutMs?: number;
  /** Where events go when a request arrives outside any tool call (no ToolCallContext). */
  emit?: (event: LoopEventDraft) => void;
}

/** The `sampling` member of the Toolbox's ServerRequestHandlers. */
export type SamplingHandler = NonNullable<ServerRequestHandlers['sampling']>;

/** The JSON-RPC code MCP gives "User rejected sampling request"; used for every refusal. */
export const SAMPLING_REJECTED = -1;
const DEFAULT_SAMPLING_MAX_OUTPUT_TOKENS = 1024;

export function createSamplingHandler(options: SamplingHandlerOptions): SamplingHandler {
  const { model, budget } = options;
  const maxOutputTokens = options.maxOutputTokens ?? DEFAULT_SAMPLING_MAX_OUTPUT_TOKENS;
  if (!Number.isInteger(maxOutputTokens) || maxOutputTokens < 1) {
    throw new ConfigurationError(
      `sampling maxOutputTokens must be a whole number of at least 1 (got ${maxOutputTokens}).`,
    );
  }
  for (const [server, policy] of Object.entries(options.perServer ?? {})) {
    if (policy.capCents !== undefined && !(policy.capCents >= 0)) {
      throw new ConfigurationError(
        `sampling capCents for server "${server}" must be 0 or more cents (got ${policy.capCents}).`,
      );
    }
  }
  // Cents per server: settled charges, and worst cases of calls still running (so that
  // concurrent requests cannot together pass a cap).
  const spent = new Map<string, number>();
  const held = new Map<string, number>();
  const add = (totals: Map<string, number>, server: string, cents: number) =>
    totals.set(server, (totals.get(server) ?? 0) + cents);

  let requests = 0;
  return async (server, params, context, signal, via = 'push') => {
    const requestId = `sampling-${++requests}`;
    const agent = context?.agent ?? MAIN_AGENT;
    const emitter = context?.emit ?? options.emit ?? (() => {});
    const lane = {
      agent: agent.id,
      requestId,
      ...withDefined({ callId: context?.callId }),
      server,
      via,
    };
    const policy = options.perServer?.[server];
    const action = policy?.action ?? options.defaultAction ?? 'ask';
    const capCents = policy?.capCents ?? options.capCents;

    const noSpend = { inputTokens: 0, outputTokens: 0, costCents: 0 };
    const refuse = (reason: string, by: AnsweredBy = 'rule'): McpError => {
      emitter({ type: 'sampling-response', ...lane, outcome: 'denied', by, reason, ...noSpend });
      return new McpError(SAMPLING_REJECTED, reason);
    };
    const fail = (reason: string, code: number): McpError => {
      emitter({ type: 'sampling-response', ...lane, outcome: 'failed', reason, ...noSpend });
      return new McpError(code, reason);
    };

    let request;
    try {
      request = toModelRequest(params, maxOutputTokens);
    } catch (error) {
      emitter({
        type: 'sampling-request',
        ...lane,
        maxTokens: 0,
        estimatedInputTokens: 0,
        costCents: 0,
        treeTokensLeft: budget.remainingTokens,
      });
      throw fail(describeError(error).replace(/^MCP error -?\d+:\s*/, ''), ErrorCode.InvalidParams);
    }
    const estimatedInputTokens = estimateRequestTokens(request);
    // Reserved: a bound on the input that holds for any tokenizer, plus the capped output.
    const worstTokens = requestInputBound(request) + request.maxTokens;
    // The price shown is what the call is expected to cost at most: estimated input plus capped output.
    const costCents = budget.priceOf(model.id, { inputTokens: estimatedInputTokens, outputTokens: request.maxTokens });
    emitter({
      type: 'sampling-request',
      ...lane,
      maxTokens: request.maxTokens,
      estimatedInputTokens,
      costCents,
      treeTokensLeft: budget.remainingTokens,
      request: {
        ...withDefined({ systemPrompt: request.system }),
        messages: request.messages,
      },
    });

    const capProblem = (): string | undefined => {
      if (capCents === undefined) return undefined;
      const used = (spent.get(server) ?? 0) + (held.get(server) ?? 0);
      if (used + costCents <= capCents) return undefined;
      return `${server} has used ${formatCents(used)} of its ${formatCents(capCents)} sampling allowance for this run, and this model call could cost ${formatCents(costCents)} more.`;
    };
    const budgetProblem = `The run's token budget cannot cover this model call: it could use ${worstTokens} tokens and ${budget.remainingTokens} of ${budget.maxTokens} are left.`;

    if (action === 'deny')
      throw refuse(`The host does not let ${server} ask for model calls (its sampling rule is "deny").`);
    const overCap = capProblem();
    if (overCap !== undefined) throw refuse(overCap);
    if (budget.remainingTokens < worstTokens) throw refuse(budgetProblem);
    let approvedBy: AnsweredBy = 'rule';
    if (action === 'ask') {
      if (options.person === undefined) {
        throw refuse(
          `${server} asked to spend ${formatCents(costCents)} on a model call and this run has no one to ask, so the answer is no.`,
          'nobody',
        );
      }
      const question: SamplingApproval = {
        kind: 'sampling',
        requestId,
        agent,
        ...withDefined({ callId: context?.callId }),
        server,
        request: {
          ...withDefined({ systemPrompt: request.system }),
          messages: request.messages,
          maxTokens: request.maxTokens,
        },
        estimatedInputTokens,
        costCents,
        reason: `${server} is asking to spend ${formatCents(costCents)} on a model call (up to ${request.maxTokens} output tokens).`,
      };
      const person = options.person;
      const timeoutMs = options.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS;
      const asked = await askAndWait((asking) => person.approve(question, asking), { signal, timeoutMs });
      const what = `the model call ${server} asked for`;
      if (asked.by === 'timeout')
        throw refuse(
          `Nobody answered the request for ${what} within ${formatDuration(timeoutMs)}; treated as a no.`,
          'timeout',
        );
      if (asked.by === 'stop') throw refuse(`The request for ${what} was withdrawn before anyone answered.`, 'stop');
      if ('failed' in asked)
        throw refuse(
          `Asking the user about ${what} failed (${describeError(asked.failed)}); treated as a no.`,
          'person',
        );
      const given = givenReason(asked.answer);
      // Only a literal `true` approves: a malformed answer must not open the purse.
      if (asked.answer?.approved !== true)
        throw refuse(`The user declined ${what}${given === undefined ? '.' : `: ${given}`}`, 'person');
      approvedBy = 'person';
    }
    if (signal.aborted) throw refuse(`${server} withdrew the sampling request before the model ran.`, 'stop');

    // Check again after waiting for the user: other requests may have spent meanwhile. Both
    // checks and the hold are synchronous, so no other request can slip in between.
    const overCapNow = capProblem();
    if (overCapNow !== undefined) throw refuse(overCapNow);
    const reservation = budget.reserve(agent.id, worstTokens);
    if (reservation === undefined) throw refuse(budgetProblem);
    add(held, server, costCents);

    let response;
    try {
      // A retry of the host's model shows in the lane that caused the request, as in the loop.
      const onRetry = (retry: ModelRetry) =>
        emitter({ type: 'model-retry', agent: agent.id, model: model.label, ...retry });
      response = await model.complete({ ...request, signal, onRetry });
    } catch (error) {
      budget.release(reservation);
      throw fail(`The host's model failed to answer: ${describeError(error)}`, ErrorCode.InternalError);
    } finally {
      add(held, server, -costCents);
    }
    const charged = budget.settle(reservation, response.usage, response.model);
    // What was approved is the most the server is charged: a model that counted more than its
    // price (a longer input than estimated, more output than allowed) is the model's overshoot,
    // recorded as such, not the server's spend.
    const overshoot = charged.costCents - costCents;
    const billed = Math.min(charged.costCents, costCents);
    add(spent, server, billed);
    emitter({
      type: 'sampling-response',
      ...lane,
      outcome: 'answered',
      by: approvedBy,
      inputTokens: response.usage.inputTokens,
      outputTokens: response.usage.outputTokens,
      costCents: billed,
      ...(overshoot > 1e-9
        ? {
            overshoot: {
              costCents: overshoot,
              reason: `The model counted ${response.usage.inputTokens + response.usage.outputTokens} tokens, more than the approved price of ${formatCents(costCents)} covers; the ${formatCents(overshoot)} over it is the model's, not ${server}'s.`,
            },
          }
        : {}),
    });
    return toCreateMessageResult(response);
  };
}
