// One model call inside the tree budget: reserve the worst case, call, settle the real usage (or
// give the reservation back). Host side; used by the loop's iterations and its last-chance report.

import { describeError } from '../errors.js';
import { createEventQueue, drainWhile, type EventQueue } from '../event-queue.js';
import { type InputTokenBound, requestInputBound } from '../limits/input-token-bound.js';
import { type LoopEvent, stamp } from '../loop-event.js';
import { DEFAULT_PRICES, priceCents } from '../model/price-table.js';
import type { Model, ModelRequest, ModelResponse, ModelRetry } from '../model.js';
import type { TreeBudget } from '../tree-budget.js';
import type { AbortWatch } from './abort-watch.js';

export type ModelCallOutcome =
  | { kind: 'answered'; response: ModelResponse; tokens: number; costCents: number }
  /** The budget refused the reservation: the call was not made. */
  | { kind: 'no-room'; worstCase: number; left: number; maxTokens: number }
  | { kind: 'failed'; aborted: boolean; reason: string; error: unknown };

export interface BudgetedModelCall {
  model: Model;
  request: ModelRequest;
  /** Without a budget, usage is priced and counted but never capped. */
  budget: TreeBudget | undefined;
  agent: string;
  signal: AbortSignal;
  /** A watch on `signal` that the caller keeps across its calls (one listener for all of them); a call makes its own without one. */
  watch?: AbortWatch;
  /** The calling conversation's bound, which learns from each answer; without one, the whole request is bounded. */
  inputBound?: InputTokenBound;
}

/**
 * Makes the call, yielding a model-retry event for each retry the model announces while it waits
 * (an overloaded API), so a person sees why the call takes long. Returns the outcome. Retries are
 * rare: the queue that carries them out while the call waits is made by the first one.
 */
export async function* callModelWithinBudget(call: BudgetedModelCall): AsyncGenerator<LoopEvent, ModelCallOutcome> {
  let retries: EventQueue<LoopEvent> | undefined;
  let onFirstRetry: (() => void) | undefined;
  const onRetry = (retry: ModelRetry) => {
    retries ??= createEventQueue<LoopEvent>();
    retries.push(stamp({ type: 'model-retry', agent: call.agent, model: call.model.label, ...retry }));
    onFirstRetry?.();
  };
  const work = callOnce(call, onRetry);
  if (retries === undefined) {
    // Until the answer, or until the first retry, whose events then go out as they come.
    await new Promise<void>((resolve) => {
      onFirstRetry = resolve;
      const settled = () => resolve();
      work.then(settled, settled);
    });
    onFirstRetry = undefined;
  }
  if (retries !== undefined) for await (const event of drainWhile(retries, work)) yield event;
  return await work;
}

/** The usage event of an answered call. */
export function usageEvent(
  agent: string,
  outcome: Extract<ModelCallOutcome, { kind: 'answered' }>,
  treeTokens: number,
): LoopEvent {
  const { response } = outcome;
  return stamp({
    type: 'usage',
    agent,
    model: response.model,
    inputTokens: response.usage.inputTokens,
    outputTokens: response.usage.outputTokens,
    costCents: outcome.costCents,
    treeTokens,
    stopReason: response.stopReason,
  });
}

async function callOnce(call: BudgetedModelCall, onRetry: (retry: ModelRetry) => void): Promise<ModelCallOutcome> {
  const { model, request, budget, agent, signal, inputBound } = call;
  // The worst case is an upper bound on the input plus every output token the call may write: the
  // model never reports more than that, so the tree cannot pass its cap however many agents draw
  // at once, whatever the tokenizer. It is only computed when there is a budget to ask.
  const worstCase = budget ? (inputBound?.bound(request) ?? requestInputBound(request)) + request.maxTokens : 0;
  const reservation = budget?.reserve(agent, worstCase);
  if (budget && !reservation)
    return { kind: 'no-room', worstCase, left: budget.remainingTokens, maxTokens: budget.maxTokens };
  let response: ModelResponse;
  try {
    // Rejects as soon as the signal fires, so a model that ignores it cannot hold up an abort.
    const answer = model.complete({ ...request, onRetry, signal });
    response = await (call.watch?.signal === signal ? call.watch.until(answer) : untilAborted(answer, signal));
  } catch (error) {
    if (reservation) budget?.release(reservation);
    return { kind: 'failed', aborted: signal.aborted, reason: describeError(error), error };
  }
  inputBound?.observe(request, response.usage.inputTokens);
  if (reservation && budget)
    return { kind: 'answered', response, ...budget.settle(reservation, response.usage, response.model) };
  const { inputTokens, outputTokens } = response.usage;
  return {
    kind: 'answered',
    response,
    tokens: inputTokens + outputTokens,
    costCents: priceCents(DEFAULT_PRICES, response.model, response.usage),
  };
}

/** A single wait that rejects as soon as `signal` fires; its listener goes when the wait ends. */
function untilAborted<Value>(work: Promise<Value>, signal: AbortSignal): Promise<Value> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
