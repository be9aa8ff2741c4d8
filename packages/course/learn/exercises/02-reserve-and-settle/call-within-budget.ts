// Exercise 2: reserve and settle the tree budget around a model call.
//
// Every agent of a tree draws on one TreeBudget. Many agents call the model at once, so "is there
// room?" and "take it" must be one synchronous step: `budget.reserve(agent, worstCase)` before the
// call (undefined: no room, do not call), then `budget.settle(reservation, usage, modelId)` with
// the real usage, or `budget.release(reservation)` if the call failed.
//
// Below, the call is made without asking the budget at all. Fix it:
//   - the worst case is `estimateRequestTokens(request) + request.maxTokens`;
//   - no reservation: return { kind: 'no-room' } without calling the model;
//   - answered: settle, and return the tokens settle reports;
//   - the model threw: release, and return { kind: 'failed', reason }.
// Run `pnpm learn 2`. The real one: packages/host/src/loop/budgeted-model-call.ts (`callOnce`).

import {
  estimateRequestTokens,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type TreeBudget,
} from '@kitchen/host';

export type BudgetedAnswer =
  | { kind: 'answered'; response: ModelResponse; tokens: number }
  | { kind: 'no-room' }
  | { kind: 'failed'; reason: string };

/** The worst case a call can cost: every input token it sends plus every output token it may write. */
export function worstCaseOf(request: ModelRequest): number {
  return estimateRequestTokens(request) + request.maxTokens;
}

export async function callWithinBudget(
  budget: TreeBudget,
  agent: string,
  model: Model,
  request: ModelRequest,
): Promise<BudgetedAnswer> {
  const response = await model.complete(request);
  const tokens = response.usage.inputTokens + response.usage.outputTokens;
  void budget;
  void agent;
  return { kind: 'answered', response, tokens };
}
