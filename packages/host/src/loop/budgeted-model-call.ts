// One model call inside the tree budget: reserve the worst case, call, settle the real usage (or
// give the reservation back). Host side; used by the loop's iterations and its last-chance report.

import { describeError } from '../errors.js';
import { DEFAULT_PRICES, priceCents } from '../model/price-table.js';
import { estimateRequestTokens, type Model, type ModelRequest, type ModelResponse } from '../model.js';
import type { TreeBudget } from '../tree-budget.js';

export type ModelCallOutcome =
  | { kind: 'answered'; response: ModelResponse; tokens: number; costCents: number }
  /** The budget refused the reservation: the call was not made. */
  | { kind: 'no-room'; worstCase: number; left: number; maxTokens: number }
  | { kind: 'failed'; aborted: boolean; reason: string };

export interface BudgetedModelCall {
  model: Model;
  request: ModelRequest;
  /** Without a budget, usage is priced and counted but never capped. */
  budget: TreeBudget | undefined;
  agent: string;
  signal: AbortSignal;
}

export async function callModelWithinBudget(call: BudgetedModelCall): Promise<ModelCallOutcome> {
  const { model, request, budget, agent, signal } = call;
  // The worst case is the input estimate plus every output token the call may write; as long as a
  // model reports no more than that, the tree cannot pass its cap however many agents draw at once.
  // Estimating serialises the whole history, so it is only paid for when there is a budget to ask.
  const worstCase = budget ? estimateRequestTokens(request) + request.maxTokens : 0;
  const reservation = budget?.reserve(agent, worstCase);
  if (budget && !reservation)
    return { kind: 'no-room', worstCase, left: budget.remainingTokens, maxTokens: budget.maxTokens };
  let response: ModelResponse;
  try {
    response = await untilAborted(model.complete({ ...request, signal }), signal);
  } catch (error) {
    if (reservation) budget?.release(reservation);
    return { kind: 'failed', aborted: signal.aborted, reason: describeError(error) };
  }
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

/** Rejects as soon as `signal` fires, so a model that ignores the signal cannot hold up an abort. */
function untilAborted<Value>(work: Promise<Value>, signal: AbortSignal): Promise<Value> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
